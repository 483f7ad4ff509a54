import { gql } from '@apollo/client';
import type { NightProgramContent } from '#views/pages/programme/ProgrammeFrame.tsx';
import { NightProgrammePage, type NightProgrammePageData } from '#views/pages/programme/NightProgrammePage.tsx';
import type { PageModule } from '../../page.ts';
import { EVENT_NAVIGATION_FIELDS } from '../events/event-navigation.ts';
import { NIGHT_PROGRAM_FIELDS } from './programme-fields.ts';
import { programmeListing, type ProgrammeListingQuery } from './programme-listing.ts';

const NIGHT_PROGRAMME_QUERY: ProgrammeListingQuery<NightProgramContent> = gql`
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
    sessions: nightPrograms(locale: $locale, eventSlug: $slug) {
      ...NightProgramFields
    }
  }
  ${EVENT_NAVIGATION_FIELDS}
  ${NIGHT_PROGRAM_FIELDS}
`;

/** The categories of the night programme's sets, in the order the tabs show them. */
export const NIGHT_CATEGORIES = ['showcase', 'late-night'] as const;

/** SPEC 2.1 /events/{slug}/program/nite and /program/nite/{tab}: sets by night, a tab per category (`/program/nite/late-night`). */
const nightProgrammePage: PageModule<NightProgrammePageData> = {
  load: programmeListing({
    edition: 'nite',
    query: NIGHT_PROGRAMME_QUERY,
    tabOf: (set) => set.category,
    tabOrder: NIGHT_CATEGORIES,
    tabLabels: 'categories',
    routes: { list: 'programNite', tab: 'programNiteTab', people: 'programNiteArtists' },
  }),
  View: NightProgrammePage,
};

export default nightProgrammePage;
