import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import type { PerformancePageData } from '#views/pages/lineup/PerformancePage.tsx';
import { ASSET_FIELDS } from '../content-fragments.ts';
import type { EventNavigationWithStatus } from '../events/ended-events.ts';
import { EVENT_NAVIGATION_FIELDS } from '../events/event-navigation.ts';

export interface PerformanceQuery {
  eventNavigation: EventNavigationWithStatus | null;
  event: {
    config: { timezone: string; city: string; ended: boolean; venue?: { name: string; address?: string | null } | null };
  } | null;
  festivalLineup: {
    title: string;
    settingsHideStages: boolean;
    settingsHideTiming: boolean;
    settingsHideTimetable: boolean;
    headliners: { id: string }[];
    days: { date: string; number: number }[];
  } | null;
  performance:
    | (Omit<PerformancePageData['performance'], 'stage'> & {
        stage?: PerformancePageData['performance']['stage'];
        seo: { title?: string | null; description?: string | null; noIndex: boolean; image?: { url: string } | null };
      })
    | null;
}

/** The performance page and its calendar file: the performance, its event and line-up settings, in one query. */
export const PERFORMANCE_QUERY: TypedDocumentNode<PerformanceQuery, { locale: Locale; eventSlug: string; slug: string }> = gql`
  query PerformancePage($locale: Locale!, $eventSlug: String!, $slug: String!) {
    eventNavigation(locale: $locale, slug: $eventSlug) {
      ...EventNavigationFields
      event {
        config {
          ended
          unlistedEvent
        }
      }
    }
    event(locale: $locale, slug: $eventSlug) {
      config {
        timezone
        city
        ended
        venue {
          name
          address
        }
      }
    }
    festivalLineup(locale: $locale, eventSlug: $eventSlug) {
      title
      settingsHideStages
      settingsHideTiming
      settingsHideTimetable
      headliners {
        id
      }
      days {
        date
        number
      }
    }
    performance(locale: $locale, slug: $slug, eventSlug: $eventSlug) {
      id
      slug
      title
      description
      startDatetime
      endDatetime
      day
      performanceType
      featured
      headliner
      cover {
        ...AssetFields
      }
      stage {
        id
        title
        titleColour
      }
      categories {
        value
        label
        colour
      }
      performers {
        id
        slug
        name
        cover {
          ...AssetFields
        }
      }
      seo {
        title
        description
        noIndex
        image {
          url
        }
      }
    }
  }
  ${EVENT_NAVIGATION_FIELDS}
  ${ASSET_FIELDS}
`;
