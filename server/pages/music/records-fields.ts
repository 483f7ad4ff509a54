import { gql } from '@apollo/client';
import { ASSET_FIELDS } from '../content-fragments.ts';

/** What a release card, a playlist card and an artist tile show (views/pages/music/RecordsCards.tsx). */
export const RELEASE_CARD_FIELDS = gql`
  fragment ReleaseCardFields on Release {
    slug
    title
    releaseType
    releasedAt
    artwork {
      ...AssetFields
    }
    artists {
      slug
      name
    }
  }
  ${ASSET_FIELDS}
`;

export const PLAYLIST_CARD_FIELDS = gql`
  fragment PlaylistCardFields on Playlist {
    id
    title
    url
    cover {
      ...AssetFields
    }
  }
  ${ASSET_FIELDS}
`;

export const ARTIST_TILE_FIELDS = gql`
  fragment ArtistTileFields on Performer {
    slug
    name
    cover {
      ...AssetFields
    }
  }
  ${ASSET_FIELDS}
`;

/** How many releases a page of /records/releases lists. */
export const RELEASES_PER_PAGE = 12;

/**
 * The page number of a `?page=` parameter: absent is page 1; anything but a whole number from 1
 * up is refused (undefined), so that a hand-made URL is a 404 and never an error.
 */
export function pageNumber(value: unknown): number | undefined {
  if (value === undefined) return 1;
  if (typeof value !== 'string' || !/^[1-9]\d{0,4}$/.test(value)) return undefined;
  return Number(value);
}
