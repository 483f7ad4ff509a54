import { gql, type TypedDocumentNode } from '@apollo/client';
import { createFormatter, type Locale } from '#views/format.ts';
import type { DayProgramContent } from '#views/pages/programme/ProgrammeFrame.tsx';
import { DayProgrammePage, type DayProgrammePageData } from '#views/pages/programme/DayProgrammePage.tsx';
import { notFound, page, type PageModule } from '../../page.ts';
import { navigationForStatus, type EventNavigationWithStatus } from '../events/ended-events.ts';
import { EVENT_NAVIGATION_FIELDS } from '../events/event-navigation.ts';
import { DAY_PROGRAM_FIELDS, programmeAnalytics, programmeHead } from './programme-fields.ts';
import { byDay, programmeTabs, valueLabel } from './programme-lists.ts';

type DayProgrammeQuery = { eventNavigation: EventNavigationWithStatus | null; dayPrograms: DayProgramContent[] };

const DAY_PROGRAMME_QUERY: TypedDocumentNode<DayProgrammeQuery, { locale: Locale; slug: string }> = gql`
  query DayProgramme($locale: Locale!, $slug: String!) {
    eventNavigation(locale: $locale, slug: $slug) {
      ...EventNavigationFields
      event {
        config {
          ended
          unlistedEvent
        }
      }
    }
    dayPrograms(locale: $locale, eventSlug: $slug) {
      ...DayProgramFields
    }
  }
  ${EVENT_NAVIGATION_FIELDS}
  ${DAY_PROGRAM_FIELDS}
`;

/** The formats of the day programme (content/README.md), in the order the tabs show them. */
export const DAY_FORMATS = ['talk', 'panel', 'workshop', 'masterclass', 'showcase'] as const;

/**
 * SPEC 2.1 /events/{slug}/program/day and /program/day/{tab}: the day programme's sessions by
 * day, each tab one format (`/program/day/workshop`). Only formats some session has are tabs; an
 * event without a day programme has no such page.
 */
const dayProgrammePage: PageModule<DayProgrammePageData> = {
  async load({ services, locale, params, t, urls }) {
    const slug = params.slug!;
    const { eventNavigation, dayPrograms } = await services.content.query(DAY_PROGRAMME_QUERY, { locale, slug });
    if (!eventNavigation || !dayPrograms.length) return notFound();
    const formatLabel = valueLabel(t, 'formats');
    const tabs = programmeTabs(
      dayPrograms,
      (session) => session.format,
      DAY_FORMATS,
      { all: t('programme:day.all'), value: formatLabel },
      (tab) => (tab ? urls.route('programDayTab', { slug, tab }) : urls.route('programDay', { slug })),
    );
    const tab = params.tab ?? '';
    if (tab && !tabs.some((candidate) => candidate.value === tab)) return notFound();
    const sessions = tab ? dayPrograms.filter((session) => session.format === tab) : dayPrograms;
    return page(
      {
        navigation: navigationForStatus(eventNavigation),
        tabs,
        tab,
        days: byDay(sessions, createFormatter(locale)),
        speakersHref: urls.route('programDaySpeakers', { slug }),
      },
      programmeHead(t, 'day', eventNavigation, tab ? formatLabel(tab) : undefined),
      programmeAnalytics('day', eventNavigation, tab || 'all'),
    );
  },
  View: DayProgrammePage,
};

export default dayProgrammePage;
