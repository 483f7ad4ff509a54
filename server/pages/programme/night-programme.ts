import { gql, type TypedDocumentNode } from '@apollo/client';
import { createFormatter, type Locale } from '#views/format.ts';
import type { NightProgramContent } from '#views/pages/programme/ProgrammeFrame.tsx';
import { NightProgrammePage, type NightProgrammePageData } from '#views/pages/programme/NightProgrammePage.tsx';
import { notFound, page, type PageModule } from '../../page.ts';
import { navigationForStatus, type EventNavigationWithStatus } from '../events/ended-events.ts';
import { EVENT_NAVIGATION_FIELDS } from '../events/event-navigation.ts';
import { NIGHT_PROGRAM_FIELDS, programmeAnalytics, programmeHead } from './programme-fields.ts';
import { byDay, programmeTabs, valueLabel } from './programme-lists.ts';

type NightProgrammeQuery = { eventNavigation: EventNavigationWithStatus | null; nightPrograms: NightProgramContent[] };

const NIGHT_PROGRAMME_QUERY: TypedDocumentNode<NightProgrammeQuery, { locale: Locale; slug: string }> = gql`
  query NightProgramme($locale: Locale!, $slug: String!) {
    eventNavigation(locale: $locale, slug: $slug) {
      ...EventNavigationFields
      event {
        config {
          ended
          unlistedEvent
        }
      }
    }
    nightPrograms(locale: $locale, eventSlug: $slug) {
      ...NightProgramFields
    }
  }
  ${EVENT_NAVIGATION_FIELDS}
  ${NIGHT_PROGRAM_FIELDS}
`;

/** The categories of the night programme's sets, in the order the tabs show them. */
export const NIGHT_CATEGORIES = ['showcase', 'late-night'] as const;

/**
 * SPEC 2.1 /events/{slug}/program/nite and /program/nite/{tab}: the night programme's sets by
 * night, each tab one category (`/program/nite/late-night`). Only categories some set has are
 * tabs; an event without a night programme has no such page.
 */
const nightProgrammePage: PageModule<NightProgrammePageData> = {
  async load({ services, locale, params, t, urls }) {
    const slug = params.slug!;
    const { eventNavigation, nightPrograms } = await services.content.query(NIGHT_PROGRAMME_QUERY, { locale, slug });
    if (!eventNavigation || !nightPrograms.length) return notFound();
    const categoryLabel = valueLabel(t, 'categories');
    const tabs = programmeTabs(
      nightPrograms,
      (set) => set.category,
      NIGHT_CATEGORIES,
      { all: t('programme:nite.all'), value: categoryLabel },
      (tab) => (tab ? urls.route('programNiteTab', { slug, tab }) : urls.route('programNite', { slug })),
    );
    const tab = params.tab ?? '';
    if (tab && !tabs.some((candidate) => candidate.value === tab)) return notFound();
    const sets = tab ? nightPrograms.filter((set) => set.category === tab) : nightPrograms;
    return page(
      {
        navigation: navigationForStatus(eventNavigation),
        tabs,
        tab,
        days: byDay(sets, createFormatter(locale)),
        artistsHref: urls.route('programNiteArtists', { slug }),
      },
      programmeHead(t, 'nite', eventNavigation, tab ? categoryLabel(tab) : undefined),
      programmeAnalytics('nite', eventNavigation, tab || 'all'),
    );
  },
  View: NightProgrammePage,
};

export default nightProgrammePage;
