import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import {
  ArtistsPage,
  type ArtistContent,
  type ArtistsPageData,
  type ProfileSession,
} from '#views/pages/programme/ProgrammePeoplePages.tsx';
import { notFound, page, type PageModule } from '../../page.ts';
import { navigationForStatus, type EventNavigationWithStatus } from '../events/ended-events.ts';
import { EVENT_NAVIGATION_FIELDS } from '../events/event-navigation.ts';
import { ASSET_FIELDS } from '../content-fragments.ts';
import { programmeAnalytics, programmeHead } from './programme-fields.ts';

type NightArtistsQuery = {
  eventNavigation: EventNavigationWithStatus | null;
  experienceArtists: ArtistContent[];
  nightPrograms: (ProfileSession & { artists: { id: string }[] })[];
};

/** One round trip: the night programme's artists (SPEC 7.1 "experience artists") and its sets. */
const NIGHT_ARTISTS_QUERY: TypedDocumentNode<NightArtistsQuery, { locale: Locale; slug: string }> = gql`
  query NightProgrammeArtists($locale: Locale!, $slug: String!) {
    eventNavigation(locale: $locale, slug: $slug) {
      ...EventNavigationFields
      event {
        config {
          ended
          unlistedEvent
        }
      }
    }
    experienceArtists(locale: $locale, eventSlug: $slug) {
      id
      slug
      name
      cover {
        ...AssetFields
      }
    }
    nightPrograms(locale: $locale, eventSlug: $slug) {
      id
      name
      startDatetime
      endDatetime
      artists {
        id
      }
    }
  }
  ${EVENT_NAVIGATION_FIELDS}
  ${ASSET_FIELDS}
`;

/** SPEC 2.1 /events/{slug}/program/nite/artists: the night programme's artists with their sets. */
const nightArtistsPage: PageModule<ArtistsPageData> = {
  async load({ services, locale, params, t, urls }) {
    const slug = params.slug!;
    const { eventNavigation, experienceArtists, nightPrograms } = await services.content.query(NIGHT_ARTISTS_QUERY, { locale, slug });
    if (!eventNavigation || !experienceArtists.length) return notFound();
    return page(
      {
        navigation: navigationForStatus(eventNavigation),
        people: experienceArtists.map((artist) => ({
          ...artist,
          sessions: nightPrograms
            .filter((set) => set.artists.some((member) => member.id === artist.id))
            .map(({ id, name, startDatetime, endDatetime }) => ({ id, name, startDatetime, endDatetime })),
        })),
        programmeHref: urls.route('programNite', { slug }),
      },
      programmeHead(t, 'nite', eventNavigation, t('programme:nav.artists')),
      programmeAnalytics('nite', eventNavigation, 'artists'),
    );
  },
  View: ArtistsPage,
};

export default nightArtistsPage;
