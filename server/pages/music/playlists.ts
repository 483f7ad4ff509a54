import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { PlaylistsPage, type PlaylistsPageData } from '#views/pages/music/PlaylistsPage.tsx';
import { notFound, type PageModule } from '../../page.ts';
import { CONTENT_PAGE_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';
import { PLAYLIST_CARD_FIELDS } from './records-fields.ts';

type PlaylistsQuery = { page: PlaylistsPageData['page'] | null; playlists: { items: PlaylistsPageData['playlists'] } };

const PLAYLISTS_QUERY: TypedDocumentNode<PlaylistsQuery, { locale: Locale }> = gql`
  query PlaylistsPage($locale: Locale!) {
    page: playlistsOverviewPage(locale: $locale) {
      ...ContentPageFields
    }
    playlists(locale: $locale, orderBy: newest) {
      items {
        ...PlaylistCardFields
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${PLAYLIST_CARD_FIELDS}
`;

/** SPEC 2.1 /records/playlists: the label's playlists, newest first, each opening on its platform. */
const playlistsPage: PageModule<PlaylistsPageData> = {
  async load({ services, locale }) {
    const { page, playlists } = await services.content.query(PLAYLISTS_QUERY, { locale });
    if (!page) return notFound();
    return contentPage({ page, playlists: playlists.items }, page);
  },
  View: PlaylistsPage,
};

export default playlistsPage;
