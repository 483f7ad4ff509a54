import { feedListing } from './feed-listing.ts';

/** SPEC 2.1 /xp-feed: the blog overview with every category's articles. */
export default feedListing();
