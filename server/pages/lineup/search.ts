import { lineupListingPage } from './lineup-listing-page.ts';

/** SPEC 2.1 /events/{slug}/lineup/search: the line-up searched by name. */
export default lineupListingPage('search');
