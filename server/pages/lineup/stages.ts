import { lineupListingPage } from './lineup-listing-page.ts';

/** SPEC 2.1 /events/{slug}/lineup/stages: the programme, stage by stage. */
export default lineupListingPage('stages');
