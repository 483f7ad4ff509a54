import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { ArticlePage, type ArticlePageData } from '#views/pages/feed/ArticlePage.tsx';
import { notFound, page, redirect, type PageModule } from '../../page.ts';
import { ASSET_FIELDS, headFromSeo, SEO_FIELDS } from '../content-fragments.ts';
import { ARTICLE_CARD_FIELDS } from '../content-fragments.ts';
import { feedAlternate } from './feed-listing.ts';

type ArticleQuery = { feed: { title: string } | null; article: ArticlePageData['article'] | null };

const ARTICLE_QUERY: TypedDocumentNode<ArticleQuery, { locale: Locale; slug: string }> = gql`
  query FeedArticle($locale: Locale!, $slug: String!) {
    feed: blogOverviewPage(locale: $locale) {
      title
    }
    article(locale: $locale, slug: $slug) {
      id
      slug
      title
      summary
      firstPublishedAt
      createdAt
      updatedAt
      category {
        slug
        title
        description
      }
      author {
        id
        name
        photo {
          ...AssetFields
        }
      }
      cover {
        ...AssetFields
      }
      body
      body2
      seo {
        ...SeoFields
      }
      moreInCategory(first: 3) {
        ...ArticleCardFields
      }
    }
  }
  ${ASSET_FIELDS}
  ${SEO_FIELDS}
  ${ARTICLE_CARD_FIELDS}
`;

/** SPEC 2.1 /xp-feed/{category}/{article}: the article, its two bodies, sharing and more of its category. */
const articlePage: PageModule<ArticlePageData> = {
  async load({ services, locale, params, urls, t }) {
    const { feed, article } = await services.content.query(ARTICLE_QUERY, { locale, slug: params.article! });
    if (!feed || !article) return notFound();
    // An article's slug is unique across categories, so a link with another category (an old one,
    // since editors move articles, or a mistyped one) still names exactly one article: send the
    // visitor and search engines to its one real URL for good rather than lose them to a 404.
    if (params.category !== article.category.slug) {
      return redirect(urls.route('xpFeedArticle', { category: article.category.slug, article: article.slug }), 301);
    }
    const categoryPath = `/xp-feed/${article.category.slug}`;
    return page(
      { article, feedTitle: feed.title },
      {
        ...headFromSeo(article.seo, { title: article.title, description: article.summary, image: article.cover?.url }),
        openGraph: {
          type: 'article',
          publishedTime: article.firstPublishedAt,
          modifiedTime: article.updatedAt ?? article.firstPublishedAt,
        },
        breadcrumbs: [
          { name: feed.title, path: '/xp-feed' },
          { name: article.category.title, path: categoryPath },
          { name: article.title, path: `${categoryPath}/${article.slug}` },
        ],
        alternateFeed: feedAlternate(t),
      },
      {
        page_type: 'article',
        module_name: 'xp-feed',
        submodule_name: 'article',
        category: article.category.slug,
        category_name: article.category.title,
      },
    );
  },
  View: ArticlePage,
};

export default articlePage;
