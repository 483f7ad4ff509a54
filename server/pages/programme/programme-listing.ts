import type { TypedDocumentNode } from '@apollo/client';
import { createFormatter, type Locale } from '#views/format.ts';
import type { ProgrammeListData } from '#views/pages/programme/DayProgrammePage.tsx';
import type { Edition } from '#views/pages/programme/ProgrammeFrame.tsx';
import { notFound, page, type PageModule } from '../../page.ts';
import type { RouteId } from '../../route-table.ts';
import { navigationForStatus, type EventNavigationWithStatus } from '../events/ended-events.ts';
import { programmeAnalytics, programmeHead } from './programme-fields.ts';
import { byDay, programmeTabs, valueLabel } from './programme-lists.ts';

export type ProgrammeListingQuery<Session> = TypedDocumentNode<
  { eventNavigation: EventNavigationWithStatus | null; sessions: Session[] },
  { locale: Locale; slug: string }
>;

interface ProgrammeListing<Session> {
  edition: Edition;
  /** One round trip: the event's navigation and the edition's sessions, aliased `sessions`. */
  query: ProgrammeListingQuery<Session>;
  /** The field whose values are the tabs, their order, and their labels' group in locales/programme.json. */
  tabOf: (session: Session) => string | null | undefined;
  tabOrder: readonly string[];
  tabLabels: string;
  routes: { list: RouteId; tab: RouteId; people: RouteId };
}

/**
 * The loader of a programme's list pages (SPEC 2.1 /program/day(/{tab}), /program/nite(/{tab})):
 * the sessions by day, each tab one value of a field. Only values some session has are tabs; an
 * event without that programme has no such page.
 */
export function programmeListing<Session extends { startDatetime: string }>(
  listing: ProgrammeListing<Session>,
): PageModule<ProgrammeListData<Session>>['load'] {
  return async ({ services, locale, params, t, urls }) => {
    const slug = params.slug!;
    const { eventNavigation, sessions } = await services.content.query(listing.query, { locale, slug });
    if (!eventNavigation || !sessions.length) return notFound();
    const label = valueLabel(t, listing.tabLabels);
    const tabs = programmeTabs(
      sessions,
      listing.tabOf,
      listing.tabOrder,
      { all: t(`programme:${listing.edition}.all`), value: label },
      (tab) => (tab ? urls.route(listing.routes.tab, { slug, tab }) : urls.route(listing.routes.list, { slug })),
    );
    const tab = params.tab ?? '';
    if (tab && !tabs.some((candidate) => candidate.value === tab)) return notFound();
    const shown = tab ? sessions.filter((session) => listing.tabOf(session) === tab) : sessions;
    return page(
      {
        navigation: navigationForStatus(eventNavigation),
        tabs,
        tab,
        days: byDay(shown, createFormatter(locale)),
        peopleHref: urls.route(listing.routes.people, { slug }),
      },
      programmeHead(t, listing.edition, eventNavigation, tab ? label(tab) : undefined),
      programmeAnalytics(listing.edition, eventNavigation, tab || 'all'),
    );
  };
}
