import { BrandsPage, type BrandsPageData } from '#views/pages/programme/ProgrammePeoplePages.tsx';
import type { PageModule } from '../../page.ts';
import { loadDayPeople } from './day-people.ts';

/** SPEC 2.1 /events/{slug}/program/day/brands: the brands of the day programme and their sessions. */
const dayBrandsPage: PageModule<BrandsPageData> = {
  load: (context) => loadDayPeople(context, 'brands'),
  View: BrandsPage,
};

export default dayBrandsPage;
