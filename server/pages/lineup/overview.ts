import { lineupListingPage } from './lineup-listing-page.ts';

/** SPEC 2.1 /events/{slug}/lineup: the poster and the line-up A–Z, with the filters. */
export default lineupListingPage('overview');
