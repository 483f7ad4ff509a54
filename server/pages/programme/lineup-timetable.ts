import { gql, type TypedDocumentNode } from '@apollo/client';
import { createFormatter, type Locale } from '#views/format.ts';
import { LineupTimetablePage, type LineupTimetableEntry, type LineupTimetablePageData } from '#views/pages/programme/TimetablePage.tsx';
import { notFound, page, type PageModule } from '../../page.ts';
import { navigationForStatus, type EventNavigationWithStatus } from '../events/ended-events.ts';
import { EVENT_NAVIGATION_FIELDS } from '../events/event-navigation.ts';
import { readSchedule } from '../lineup/my-schedule.ts';
import { chosenDay, dayHeading, dayLinks, withoutStages } from './timetable-days.ts';

interface LineupTimetableDay {
  date: string;
  number: number;
  stages: {
    stage: { id: string; title: string; titleColour?: string | null } | null;
    performances: {
      id: string;
      slug: string;
      title: string;
      startDatetime: string;
      endDatetime: string;
      headliner: boolean;
      performers: { name: string }[];
    }[];
  }[];
}

type LineupTimetableQuery = {
  eventNavigation: EventNavigationWithStatus | null;
  festivalLineup: { settingsHideStages: boolean; settingsHideTiming: boolean; settingsHideTimetable: boolean } | null;
  timetable: LineupTimetableDay[];
};

/** One round trip: the event's navigation, the line-up's settings and its timetable by the event's slug. */
const LINEUP_TIMETABLE_QUERY: TypedDocumentNode<LineupTimetableQuery, { locale: Locale; slug: string }> = gql`
  query LineupTimetable($locale: Locale!, $slug: String!) {
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
      settingsHideStages
      settingsHideTiming
      settingsHideTimetable
    }
    timetable(locale: $locale, eventSlug: $slug, kind: lineup) {
      date
      number
      stages {
        stage {
          id
          title
          titleColour
        }
        performances {
          id
          slug
          title
          startDatetime
          endDatetime
          headliner
          performers {
            name
          }
        }
      }
    }
  }
  ${EVENT_NAVIGATION_FIELDS}
`;

/**
 * SPEC 2.1 /events/{slug}/lineup/timetable and .../timetable/{day}: who plays when on every stage,
 * one festival day at a time (the first day without a day in the URL). A line-up that hides its
 * timetable or its timing (SPEC 3.2) has no timetable page; one that hides its stages shows a
 * single column.
 */
const lineupTimetablePage: PageModule<LineupTimetablePageData> = {
  async load(context) {
    const { services, locale, params, t, urls } = context;
    const slug = params.slug!;
    const [{ eventNavigation, festivalLineup, timetable }, markedPerformanceIds] = await Promise.all([
      services.content.query(LINEUP_TIMETABLE_QUERY, { locale, slug }),
      readSchedule(context),
    ]);
    if (!eventNavigation || !festivalLineup) return notFound();
    if (festivalLineup.settingsHideTimetable || festivalLineup.settingsHideTiming) return notFound();
    const day = chosenDay(timetable, params.day);
    if (!day) return notFound();

    const format = createFormatter(locale);
    const { event } = eventNavigation;
    const heading = dayHeading(format, day.date);
    const columns = day.stages.map((column, index) => ({
      id: column.stage?.id ?? `stage-${index}`,
      title: column.stage?.title ?? t('programme:timetable.allStages'),
      colour: column.stage?.titleColour ?? null,
      entries: column.performances.map((performance): LineupTimetableEntry => ({
        id: performance.id,
        performanceSlug: performance.slug,
        title: performance.title,
        startDatetime: performance.startDatetime,
        endDatetime: performance.endDatetime,
        href: urls.route('performance', { eventSlug: slug, performanceSlug: performance.slug }),
        featured: performance.headliner,
        detail: performersLine(performance.title, performance.performers),
      })),
    }));
    return page(
      {
        navigation: navigationForStatus(eventNavigation),
        eventSlug: slug,
        markedPerformanceIds,
        title: t('lineup:timetable.title'),
        subtitle: event.title,
        days: dayLinks(timetable, (date) => urls.route('lineupTimetableDay', { slug, day: date })),
        day: { date: day.date, heading, columns: festivalLineup.settingsHideStages ? withoutStages(columns) : columns },
      },
      {
        title: t('lineup:timetable.seoTitle', { event: event.title, day: heading }),
        description: t('lineup:timetable.seoDescription', { event: event.title, day: heading }),
        image: event.config.cover?.url,
        // SPEC 6: an unlisted event stays out of search engines, its line-up too.
        noIndex: event.config.unlistedEvent,
      },
      {
        page_type: 'lineup',
        module_name: 'events',
        submodule_name: 'timetable',
        category: event.slug,
        category_name: event.title,
        tab_name: day.date,
      },
    );
  },
  View: LineupTimetablePage,
};

/** The performers' names when the title does not already say them (a b2b, a band with guests). */
function performersLine(title: string, performers: { name: string }[]): string | null {
  const names = performers.map((performer) => performer.name);
  if (!names.length || (names.length === 1 && names[0] === title)) return null;
  return names.join(' · ');
}

export default lineupTimetablePage;
