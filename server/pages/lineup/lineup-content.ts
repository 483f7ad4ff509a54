import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Asset } from '#views/content.ts';
import type { Locale } from '#views/format.ts';
import type { LineupContent, LineupPerformance } from '#views/pages/lineup/lineup-data.ts';
import { letterOf, normalizeForSearch, type EntryFacets } from '#views/pages/lineup/lineup-filters.ts';
import { ASSET_FIELDS } from '../content-fragments.ts';
import { navigationForStatus, type EventNavigationWithStatus } from '../events/ended-events.ts';
import { EVENT_NAVIGATION_FIELDS } from '../events/event-navigation.ts';

interface PerformerFields {
  id: string;
  slug: string;
  name: string;
  cover?: Asset | null;
}

interface LineupQuery {
  eventNavigation: EventNavigationWithStatus | null;
  festivalLineup: {
    title: string;
    seo: { title?: string | null; description?: string | null; noIndex: boolean; image?: { url: string } | null };
    settingsHideStages: boolean;
    settingsHideTiming: boolean;
    settingsHideTimetable: boolean;
    headliners: { id: string }[];
    stages: { id: string; title: string; titleColour?: string | null }[];
    days: { date: string; number: number }[];
    categories: { value: string; label: string; colour: string }[];
    performances: {
      id: string;
      slug: string;
      title: string;
      startDatetime: string;
      endDatetime: string;
      day: string;
      performanceType: string;
      featured: boolean;
      headliner: boolean;
      cover?: Asset | null;
      stage?: { id: string } | null;
      categories: { value: string }[];
      performers: PerformerFields[];
    }[];
  } | null;
  alphabetFilter: { label: string; value: string }[];
}

/**
 * One document for every line-up page: the event's navigation, the line-up with its settings,
 * stages, days, categories and every performance, and the alphabet filter. Filtering happens in the
 * web tier (views/pages/lineup/lineup-filters.ts) because every entry is rendered, the filtered-out
 * ones hidden, so that the filters island can filter without asking again.
 */
export const LINEUP_QUERY: TypedDocumentNode<LineupQuery, { locale: Locale; slug: string }> = gql`
  query LineupPage($locale: Locale!, $slug: String!) {
    eventNavigation(locale: $locale, slug: $slug) {
      ...EventNavigationFields
      event {
        config {
          ended
          unlistedEvent
        }
      }
    }
    festivalLineup(locale: $locale, eventSlug: $slug) {
      title
      seo {
        title
        description
        noIndex
        image {
          url
        }
      }
      settingsHideStages
      settingsHideTiming
      settingsHideTimetable
      headliners {
        id
      }
      stages {
        id
        title
        titleColour
      }
      days {
        date
        number
      }
      categories {
        value
        label
        colour
      }
      performances {
        id
        slug
        title
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
        }
        categories {
          value
        }
        performers {
          id
          slug
          name
          cover {
            ...AssetFields
          }
        }
      }
    }
    alphabetFilter(locale: $locale) {
      label
      value
    }
  }
  ${EVENT_NAVIGATION_FIELDS}
  ${ASSET_FIELDS}
`;

export type LoadedLineup = {
  /**
   * The content service's answer the line-up was shaped from: the same object for every visitor
   * until the content changes, so what is rendered from it alone is rendered once (SharedMarkup).
   */
  content: LineupQuery;
  navigation: ReturnType<typeof navigationForStatus>;
  lineup: LineupContent;
  seo: NonNullable<LineupQuery['festivalLineup']>['seo'];
  unlisted: boolean;
};

/** The line-up of an event, or null when the event does not exist or has no line-up. */
export function shapeLineup(answer: LineupQuery, marked: string[]): LoadedLineup | null {
  const { eventNavigation, festivalLineup } = answer;
  if (!eventNavigation || !festivalLineup) return null;
  const event = eventNavigation.event;
  const hideTiming = festivalLineup.settingsHideTiming;
  const hideStages = festivalLineup.settingsHideStages;
  // SPEC 3.2 headliner order: the line-up names its headliners; a performance may also be billed as one.
  const headlinerIds = new Set(festivalLineup.headliners.map((headliner) => headliner.id));
  const performances: LineupPerformance[] = festivalLineup.performances.map((performance) => ({
    id: performance.id,
    slug: performance.slug,
    title: performance.title,
    startDatetime: performance.startDatetime,
    endDatetime: performance.endDatetime,
    day: performance.day,
    performanceType: performance.performanceType,
    featured: performance.featured,
    headliner: performance.headliner || performance.performers.some((performer) => headlinerIds.has(performer.id)),
    cover: performance.cover ?? null,
    stageId: hideStages ? null : (performance.stage?.id ?? null),
    categories: performance.categories.map((category) => category.value),
    performers: performance.performers,
  }));
  return {
    content: answer,
    navigation: navigationForStatus(eventNavigation),
    seo: festivalLineup.seo,
    unlisted: event.config.unlistedEvent,
    lineup: {
      eventSlug: event.slug,
      eventTitle: event.title,
      title: festivalLineup.title || event.title,
      colourAccent: event.config.colourAccent,
      hideStages,
      hideTiming,
      hideTimetable: festivalLineup.settingsHideTimetable,
      ended: event.config.ended,
      stages: hideStages ? [] : festivalLineup.stages,
      days: hideTiming ? [] : festivalLineup.days,
      categories: festivalLineup.categories,
      letters: answer.alphabetFilter,
      headlinerOrder: festivalLineup.headliners.map((headliner) => headliner.id),
      performances,
      marked: marked.filter((id) => performances.some((performance) => performance.id === id)),
    },
  };
}

/** What the filters match an entry on (views/pages/lineup/lineup-filters.ts). */
export function facetsOf(performance: LineupPerformance, lineup: LineupContent, performers = performance.performers): EntryFacets {
  const letterValues = lineup.letters.map((letter) => letter.value);
  return {
    day: lineup.hideTiming ? '' : performance.day,
    stage: performance.stageId ?? '',
    categories: performance.categories,
    letters: [...new Set(performers.map((performer) => letterOf(performer.name, letterValues)))],
    text: normalizeForSearch([...performers.map((performer) => performer.name), performance.title].join(' ')),
  };
}
