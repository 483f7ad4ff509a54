import { feedListing } from './feed-listing.ts';

/** SPEC 2.1 /xp-feed/{category}: one category's articles, with the same chips and paging. */
export default feedListing('category');
