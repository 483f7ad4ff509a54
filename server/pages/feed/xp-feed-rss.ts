import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SeoContent } from '#views/content.ts';
import type { Locale } from '#views/format.ts';
import type { ArticleCardContent } from '#views/pages/feed/feed-content.ts';
import { file, notFound, type PageModule } from '../../page.ts';
import { SEO_FIELDS } from '../content-fragments.ts';
import { ARTICLE_CARD_FIELDS } from '../content-fragments.ts';
import { ARTICLES_IN_RSS } from './feed-fields.ts';
import { rssDocument } from './rss-document.ts';

type RssQuery = {
  page: { title: string; seo: SeoContent } | null;
  articles: { items: ArticleCardContent[] };
};

const RSS_QUERY: TypedDocumentNode<RssQuery, { locale: Locale; first: number }> = gql`
  query FeedRss($locale: Locale!, $first: Int!) {
    page: blogOverviewPage(locale: $locale) {
      title
      seo {
        ...SeoFields
      }
    }
    articles(locale: $locale, first: $first) {
      items {
        ...ArticleCardFields
      }
    }
  }
  ${SEO_FIELDS}
  ${ARTICLE_CARD_FIELDS}
`;

/**
 * The XP feed as RSS 2.0, one per language (/xp-feed/rss.xml, /ar/xp-feed/rss.xml): the newest
 * articles with absolute links, shown by the browser rather than downloaded.
 */
const feedRss: PageModule<null> = {
  async load({ services, locale, urls, t }) {
    const { page, articles } = await services.content.query(RSS_QUERY, { locale, first: ARTICLES_IN_RSS });
    if (!page) return notFound();
    const body = rssDocument({
      title: t('feed:rss.title'),
      link: urls.absolute(urls.route('xpFeed')),
      description: page.seo.description ?? page.title,
      selfUrl: urls.absolute(urls.route('xpFeedRss')),
      language: locale,
      items: articles.items.map((article) => ({
        title: article.title,
        link: urls.absolute(urls.route('xpFeedArticle', { category: article.category.slug, article: article.slug })),
        description: article.summary,
        publishedAt: article.firstPublishedAt,
        category: article.category.title,
        author: article.author?.name,
      })),
    });
    return file('rss.xml', 'application/rss+xml; charset=utf-8', body, { inline: true });
  },
  View: () => null,
};

export default feedRss;
