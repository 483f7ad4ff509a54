import { gql, type TypedDocumentNode } from '@apollo/client';
import { createFormatter, type Locale } from '#views/format.ts';
import type { TimetableEntry } from '#views/components/Timetable.tsx';
import { sessionAnchor } from '#views/pages/programme/ProgrammeFrame.tsx';
import { ProgrammeTimetablePage, type ProgrammeTimetablePageData } from '#views/pages/programme/TimetablePage.tsx';
import { notFound, page, type PageModule } from '../../page.ts';
import { navigationForStatus, type EventNavigationWithStatus } from '../events/ended-events.ts';
import { EVENT_NAVIGATION_FIELDS } from '../events/event-navigation.ts';
import { programmeAnalytics, programmeHead, STAGE_FIELDS, type Edition } from './programme-fields.ts';
import { valueLabel } from './programme-lists.ts';
import { chosenDay, dayHeading, dayLinks } from './timetable-days.ts';

interface Slot {
  id: string;
  name: string;
  startDatetime: string;
  endDatetime: string;
}
type DaySlot = Slot & { format: string; isMusicProgram: boolean; speakers: { name: string }[] };
type NightSlot = Slot & { genre?: string | null; artists: { name: string }[] };

interface ProgrammeTimetableDay {
  date: string;
  number: number;
  stages: {
    stage: { id: string; title: string; titleColour?: string | null } | null;
    dayPrograms: DaySlot[];
    nightPrograms: NightSlot[];
  }[];
}

type ProgrammeTimetableQuery = { eventNavigation: EventNavigationWithStatus | null; timetable: ProgrammeTimetableDay[] };

/** One round trip: the event's navigation and the programme's timetable, by the event's slug. */
const PROGRAMME_TIMETABLE_QUERY: TypedDocumentNode<ProgrammeTimetableQuery, { locale: Locale; slug: string; kind: 'day' | 'night' }> = gql`
  query ProgrammeTimetable($locale: Locale!, $slug: String!, $kind: ProgramKind!) {
    eventNavigation(locale: $locale, slug: $slug) {
      ...EventNavigationFields
      event {
        config {
          ended
          unlistedEvent
        }
      }
    }
    timetable(locale: $locale, eventSlug: $slug, kind: $kind) {
      date
      number
      stages {
        stage {
          ...ProgrammeStageFields
        }
        dayPrograms {
          id
          name
          startDatetime
          endDatetime
          format
          isMusicProgram
          speakers {
            name
          }
        }
        nightPrograms {
          id
          name
          startDatetime
          endDatetime
          genre
          artists {
            name
          }
        }
      }
    }
  }
  ${EVENT_NAVIGATION_FIELDS}
  ${STAGE_FIELDS}
`;

/**
 * SPEC 2.1 .../program/{day|nite}/timetable and .../timetable/{day}: the programme's sessions or
 * sets stage by stage, one day at a time (the first without a day in the URL). Each slot links to
 * its card on the programme page.
 */
export function programmeTimetablePage(edition: Edition): PageModule<ProgrammeTimetablePageData> {
  const [programmeRoute, dayRoute] =
    edition === 'day' ? (['programDay', 'programDayTimetableDay'] as const) : (['programNite', 'programNiteTimetableDay'] as const);
  return {
    async load({ services, locale, params, t, urls }) {
      const slug = params.slug!;
      const kind = edition === 'day' ? 'day' : 'night';
      const { eventNavigation, timetable } = await services.content.query(PROGRAMME_TIMETABLE_QUERY, { locale, slug, kind });
      if (!eventNavigation) return notFound();
      const day = chosenDay(timetable, params.day);
      if (!day) return notFound();

      const format = createFormatter(locale);
      const heading = dayHeading(format, day.date);
      const programmeHref = urls.route(programmeRoute, { slug });
      const formatLabel = valueLabel(t, 'format');
      const genreLabel = valueLabel(t, 'genre');
      const names = (people: { name: string }[]) => people.map((person) => person.name).join(t('programme:listSeparator'));
      const columns = day.stages.map((column, index) => ({
        id: column.stage?.id ?? `stage-${index}`,
        title: column.stage?.title ?? t('programme:timetable.allStages'),
        colour: column.stage?.titleColour ?? null,
        entries: [
          ...column.dayPrograms.map((session): TimetableEntry => ({
            id: session.id,
            title: session.name,
            startDatetime: session.startDatetime,
            endDatetime: session.endDatetime,
            href: `${programmeHref}#${sessionAnchor(session.id)}`,
            featured: session.isMusicProgram,
            detail: [formatLabel(session.format), names(session.speakers)].filter(Boolean).join(' · '),
          })),
          ...column.nightPrograms.map((set): TimetableEntry => ({
            id: set.id,
            title: set.name,
            startDatetime: set.startDatetime,
            endDatetime: set.endDatetime,
            href: `${programmeHref}#${sessionAnchor(set.id)}`,
            detail:
              [set.genre ? genreLabel(set.genre) : null, set.artists.length > 1 ? names(set.artists) : null].filter(Boolean).join(' · ') ||
              null,
          })),
        ],
      }));
      return page(
        {
          navigation: navigationForStatus(eventNavigation),
          edition,
          days: dayLinks(timetable, (date) => urls.route(dayRoute, { slug, day: date })),
          day: { date: day.date, heading, columns },
        },
        programmeHead(t, edition, eventNavigation, t('programme:seo.timetableOf', { day: heading })),
        programmeAnalytics(edition, eventNavigation, `timetable:${day.date}`),
      );
    },
    View: ProgrammeTimetablePage,
  };
}
