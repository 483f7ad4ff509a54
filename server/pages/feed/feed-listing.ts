import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { FEED_ARTICLES_ID, FeedArticlesFragment, FeedPage } from '#views/pages/feed/FeedPage.tsx';
import type { FeedPageData } from '#views/pages/feed/feed-content.ts';
import { notFound, type PageContext, type PageModule } from '../../page.ts';
import { PAGE_BLOCK_FIELDS } from '../blocks/page-block-fields.ts';
import { CONTENT_PAGE_FIELDS, headFromSeo, SEO_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';
import { pageNumber } from '../music/records-fields.ts';
import { ARTICLE_CARD_FIELDS } from '../content-fragments.ts';
import { ARTICLES_PER_PAGE } from './feed-fields.ts';

type FeedQuery = {
  page: FeedPageData['page'] | null;
  categories: FeedPageData['categories'];
  category?: FeedPageData['category'];
  articles: { total: number; items: FeedPageData['list']['articles'] };
};

interface FeedVariables {
  locale: Locale;
  category: string;
  withCategory: boolean;
  first: number;
  skip: number;
}

/** One round trip: the overview page, the category chips, the category (if any) and one page of its articles. */
const FEED_QUERY: TypedDocumentNode<FeedQuery, FeedVariables> = gql`
  query FeedPage($locale: Locale!, $category: String!, $withCategory: Boolean!, $first: Int!, $skip: Int!) {
    page: blogOverviewPage(locale: $locale) {
      ...ContentPageFields
      blocks {
        ...PageBlockFields
      }
    }
    categories: articleCategories(locale: $locale) {
      slug
      title
      description
    }
    category: articleCategory(locale: $locale, slug: $category) @include(if: $withCategory) {
      slug
      title
      description
      seo {
        ...SeoFields
      }
    }
    articles(locale: $locale, filter: { category: $category }, first: $first, skip: $skip) {
      total
      items {
        ...ArticleCardFields
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${PAGE_BLOCK_FIELDS}
  ${SEO_FIELDS}
  ${ARTICLE_CARD_FIELDS}
`;

/** Where every XP feed page says its articles can also be followed (SPEC 2.1 feed, as RSS). */
export const feedAlternate = (t: PageContext['t']) => ({ title: t('feed:rss.title'), path: '/xp-feed/rss.xml' });

/**
 * SPEC 2.1 /xp-feed and /xp-feed/{category}: the articles newest first, twelve at a time. `?page=N`
 * is the no-JavaScript paging and also what "load more" asks for as a fragment (decision 0009). A
 * page number that is not a whole number from 1, or lies past the last page, is 404 (like the
 * releases' paging); an unknown category is 404.
 */
export function feedListing(categoryParam?: 'category'): PageModule<FeedPageData> {
  return {
    async load({ services, locale, req, params, t }) {
      const current = pageNumber(req.query.page);
      if (current === undefined) return notFound();
      const categorySlug = categoryParam ? params[categoryParam]! : '';
      const answer = await services.content.query(FEED_QUERY, {
        locale,
        category: categorySlug,
        withCategory: Boolean(categorySlug),
        first: ARTICLES_PER_PAGE,
        skip: (current - 1) * ARTICLES_PER_PAGE,
      });
      const { page, categories, articles } = answer;
      const category = answer.category ?? null;
      if (!page || (categorySlug && !category)) return notFound();
      const pages = Math.max(1, Math.ceil(articles.total / ARTICLES_PER_PAGE));
      if (current > pages) return notFound();

      const feedCrumb = { name: page.title, path: '/xp-feed' };
      const categoryHead = category
        ? headFromSeo(category.seo, { title: category.title, description: category.description, image: page.header?.cover?.url })
        : {};
      return contentPage({ page, categories, category, list: { articles: articles.items, total: articles.total, current, pages } }, page, {
        head: {
          ...categoryHead,
          breadcrumbs: category ? [feedCrumb, { name: category.title, path: `/xp-feed/${category.slug}` }] : [feedCrumb],
          alternateFeed: feedAlternate(t),
          // Later pages repeat the list: search engines index the first.
          ...(current > 1 ? { noIndex: true } : {}),
        },
        analytics: {
          ...(category ? { category: category.slug, category_name: category.title, submodule_name: 'category' } : {}),
          tab_name: current > 1 ? `page-${current}` : null,
        },
      });
    },
    View: FeedPage,
    fragments: { [FEED_ARTICLES_ID]: FeedArticlesFragment },
  };
}
