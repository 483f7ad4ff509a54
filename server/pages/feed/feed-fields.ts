/** How many articles a page of the XP feed lists, and how many more "load more" brings. */
export const ARTICLES_PER_PAGE = 12;

/** How many of the newest articles the RSS feed carries. */
export const ARTICLES_IN_RSS = 30;
