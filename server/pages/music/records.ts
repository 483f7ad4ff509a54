import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { RecordsPage, type RecordsPageData } from '#views/pages/music/RecordsPage.tsx';
import { notFound, type PageModule } from '../../page.ts';
import { PAGE_BLOCK_FIELDS } from '../blocks/page-block-fields.ts';
import { CONTENT_PAGE_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';
import { ARTIST_TILE_FIELDS, PLAYLIST_CARD_FIELDS, RELEASE_CARD_FIELDS } from './records-fields.ts';

type RecordsQuery = {
  page: RecordsPageData['page'] | null;
  releases: { total: number; items: RecordsPageData['releases'] };
  playlists: { total: number; items: RecordsPageData['playlists'] };
  artists: { total: number; items: RecordsPageData['artists'] };
};

/** The label in one round trip: its page, the latest releases and playlists, and its artists. */
const RECORDS_QUERY: TypedDocumentNode<RecordsQuery, { locale: Locale }> = gql`
  query RecordsPage($locale: Locale!) {
    page: recordsPage(locale: $locale) {
      ...ContentPageFields
      blocks {
        ...PageBlockFields
      }
    }
    releases(locale: $locale, first: 4) {
      total
      items {
        ...ReleaseCardFields
      }
    }
    playlists(locale: $locale, first: 4) {
      total
      items {
        ...PlaylistCardFields
      }
    }
    artists(locale: $locale, first: 12, filter: { labelArtist: true }) {
      total
      items {
        ...ArtistTileFields
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${PAGE_BLOCK_FIELDS}
  ${RELEASE_CARD_FIELDS}
  ${PLAYLIST_CARD_FIELDS}
  ${ARTIST_TILE_FIELDS}
`;

/** SPEC 2.1 /records: the record label's overview. */
const recordsPage: PageModule<RecordsPageData> = {
  async load({ services, locale }) {
    const { page, releases, playlists, artists } = await services.content.query(RECORDS_QUERY, { locale });
    if (!page) return notFound();
    return contentPage({ page, releases: releases.items, playlists: playlists.items, artists: artists.items }, page);
  },
  View: RecordsPage,
};

export default recordsPage;
