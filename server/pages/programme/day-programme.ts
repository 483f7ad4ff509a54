import { gql } from '@apollo/client';
import type { DayProgramContent } from '#views/pages/programme/ProgrammeFrame.tsx';
import { DayProgrammePage, type DayProgrammePageData } from '#views/pages/programme/DayProgrammePage.tsx';
import type { PageModule } from '../../page.ts';
import { EVENT_NAVIGATION_FIELDS } from '../events/event-navigation.ts';
import { DAY_PROGRAM_FIELDS } from './programme-fields.ts';
import { programmeListing, type ProgrammeListingQuery } from './programme-listing.ts';

const DAY_PROGRAMME_QUERY: ProgrammeListingQuery<DayProgramContent> = gql`
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
    sessions: dayPrograms(locale: $locale, eventSlug: $slug) {
      ...DayProgramFields
    }
  }
  ${EVENT_NAVIGATION_FIELDS}
  ${DAY_PROGRAM_FIELDS}
`;

/** The formats of the day programme (content/README.md), in the order the tabs show them. */
export const DAY_FORMATS = ['talk', 'panel', 'workshop', 'masterclass', 'showcase'] as const;

/** SPEC 2.1 /events/{slug}/program/day and /program/day/{tab}: sessions by day, a tab per format (`/program/day/workshop`). */
const dayProgrammePage: PageModule<DayProgrammePageData> = {
  load: programmeListing({
    edition: 'day',
    query: DAY_PROGRAMME_QUERY,
    tabOf: (session) => session.format,
    tabOrder: DAY_FORMATS,
    tabLabels: 'formats',
    routes: { list: 'programDay', tab: 'programDayTab', people: 'programDaySpeakers' },
  }),
  View: DayProgrammePage,
};

export default dayProgrammePage;
