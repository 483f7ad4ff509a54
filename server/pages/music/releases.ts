import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { ReleasesPage, type ReleasesPageData } from '#views/pages/music/ReleasesPage.tsx';
import { notFound, type PageModule } from '../../page.ts';
import { CONTENT_PAGE_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';
import { pageNumber, RELEASE_CARD_FIELDS, RELEASES_PER_PAGE } from './records-fields.ts';

type ReleasesQuery = {
  page: ReleasesPageData['page'] | null;
  releases: { total: number; items: ReleasesPageData['releases'] };
};

const RELEASES_QUERY: TypedDocumentNode<ReleasesQuery, { locale: Locale; first: number; skip: number }> = gql`
  query ReleasesPage($locale: Locale!, $first: Int!, $skip: Int!) {
    page: releasesOverviewPage(locale: $locale) {
      ...ContentPageFields
    }
    releases(locale: $locale, first: $first, skip: $skip, orderBy: newest) {
      total
      items {
        ...ReleaseCardFields
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${RELEASE_CARD_FIELDS}
`;

/**
 * SPEC 2.1 /records/releases: every release, newest first, a page at a time through plain links
 * (`?page=2`) that work without JavaScript. A page past the last, or no page number at all, is 404.
 */
const releasesPage: PageModule<ReleasesPageData> = {
  async load({ services, locale, req }) {
    const current = pageNumber(req.query.page);
    if (current === undefined) return notFound();
    const { page, releases } = await services.content.query(RELEASES_QUERY, {
      locale,
      first: RELEASES_PER_PAGE,
      skip: (current - 1) * RELEASES_PER_PAGE,
    });
    const pages = Math.max(1, Math.ceil(releases.total / RELEASES_PER_PAGE));
    if (!page || current > pages) return notFound();
    return contentPage({ page, releases: releases.items, total: releases.total, current, pages }, page, {
      // Later pages are the same list: search engines index the first.
      head: current > 1 ? { noIndex: true } : {},
      analytics: { tab_name: current > 1 ? `page-${current}` : null },
    });
  },
  View: ReleasesPage,
};

export default releasesPage;
