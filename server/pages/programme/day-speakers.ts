import { SpeakersPage, type SpeakersPageData } from '#views/pages/programme/ProgrammePeoplePages.tsx';
import type { PageModule } from '../../page.ts';
import { loadDayPeople } from './day-people.ts';

/** SPEC 2.1 /events/{slug}/program/day/speakers: the speakers of the day programme and their sessions. */
const daySpeakersPage: PageModule<SpeakersPageData> = {
  load: (context) => loadDayPeople(context, 'speakers'),
  View: SpeakersPage,
};

export default daySpeakersPage;
