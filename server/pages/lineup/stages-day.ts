import { lineupListingPage } from './lineup-listing-page.ts';

/** SPEC 2.1 /events/{slug}/lineup/stages/{day}: one festival day's schedule, stage by stage. */
export default lineupListingPage('day');
