import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { ArtistsPage, type ArtistsPageData } from '#views/pages/music/ArtistsPage.tsx';
import { notFound, type PageModule } from '../../page.ts';
import { CONTENT_PAGE_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';
import { ARTIST_TILE_FIELDS } from './records-fields.ts';

type ArtistsQuery = { page: ArtistsPageData['page'] | null; artists: { items: ArtistsPageData['artists'] } };

const ARTISTS_QUERY: TypedDocumentNode<ArtistsQuery, { locale: Locale }> = gql`
  query ArtistsPage($locale: Locale!) {
    page: artistsOverviewPage(locale: $locale) {
      ...ContentPageFields
    }
    artists(locale: $locale, filter: { labelArtist: true }) {
      items {
        ...ArtistTileFields
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${ARTIST_TILE_FIELDS}
`;

/** SPEC 2.1 /records/artists: the artists signed to the label, A to Z. */
const artistsPage: PageModule<ArtistsPageData> = {
  async load({ services, locale }) {
    const { page, artists } = await services.content.query(ARTISTS_QUERY, { locale });
    if (!page) return notFound();
    return contentPage({ page, artists: artists.items }, page);
  },
  View: ArtistsPage,
};

export default artistsPage;
