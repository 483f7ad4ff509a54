import { lineupListingPage } from './lineup-listing-page.ts';

/** SPEC 2.1 /events/{slug}/lineup/artists: every artist A–Z, with the filters. */
export default lineupListingPage('artists');
