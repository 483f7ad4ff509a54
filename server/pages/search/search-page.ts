import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import {
  SearchPage,
  SearchResultsFragment,
  SEARCH_RESULTS_ID,
  type SearchPageData,
  type SearchResult,
} from '#views/pages/search/SearchPage.tsx';
import { notFound, type PageModule } from '../../page.ts';
import { ASSET_FIELDS, CONTENT_PAGE_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';
import { countsByCategory, MAX_QUERY_LENGTH, readSearchRequest, RESULTS_PER_PAGE, SEARCH_CATEGORIES } from './search-request.ts';

type SearchQuery = {
  searchPage: SearchPageData['page'] | null;
  search?: { total: number; counts: { kind: string; count: number }[]; items: SearchResult[] };
  suggestions: { items: SearchPageData['suggestions'] };
};

interface SearchVariables {
  locale: Locale;
  query: string;
  kinds: string[] | null;
  first: number;
  skip: number;
  searching: boolean;
}

/** One round trip: the page's own content, the results with their counts per kind, and upcoming events to suggest. */
const SEARCH_QUERY: TypedDocumentNode<SearchQuery, SearchVariables> = gql`
  query SiteSearch($locale: Locale!, $query: String!, $kinds: [SearchKind!], $first: Int!, $skip: Int!, $searching: Boolean!) {
    searchPage(locale: $locale) {
      ...ContentPageFields
    }
    search(locale: $locale, query: $query, kinds: $kinds, first: $first, skip: $skip) @include(if: $searching) {
      total
      counts {
        kind
        count
      }
      items {
        id
        kind
        slug
        collection
        title
        publishedAt
        startDatetime
        endDatetime
        seo {
          description
          image {
            ...AssetFields
          }
        }
      }
    }
    suggestions: eventCards(locale: $locale, filter: { timeframe: upcoming }, first: 4) {
      items {
        title
        slug
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${ASSET_FIELDS}
`;

/**
 * SPEC 2.1 /search, 2.4 "search with category chips": a GET form (`q`), chips that narrow the
 * results to a category (`category`), 20 results a page (`page`). With JavaScript a chip, a page
 * link or the form refresh only the results (`fragments`, decisions 0009 and 0059). Matching is the
 * content service's (decision 0017). The page is never indexed; its title carries the query.
 */
const searchPage: PageModule<SearchPageData> = {
  async load({ services, locale, req, t }) {
    const request = readSearchRequest(req.query as Record<string, unknown>);
    const searching = request.query !== '';
    const answer = await services.content.query(SEARCH_QUERY, {
      locale,
      query: request.query,
      kinds: request.category ? [...SEARCH_CATEGORIES[request.category]] : null,
      first: RESULTS_PER_PAGE,
      skip: (request.page - 1) * RESULTS_PER_PAGE,
      searching,
    });
    const page = answer.searchPage;
    if (!page) return notFound();
    const results = answer.search ?? { total: 0, counts: [], items: [] };
    return contentPage(
      {
        page,
        request,
        total: results.total,
        pages: Math.ceil(results.total / RESULTS_PER_PAGE),
        counts: countsByCategory(results.counts),
        results: results.items,
        suggestions: answer.suggestions.items,
        maxQueryLength: MAX_QUERY_LENGTH,
      },
      page,
      {
        head: {
          ...(searching ? { title: t('search:title', { query: request.query, page: page.seo.title ?? page.title }) } : {}),
          noIndex: true,
        },
      },
    );
  },
  View: SearchPage,
  fragments: { [SEARCH_RESULTS_ID]: SearchResultsFragment },
};

export default searchPage;
