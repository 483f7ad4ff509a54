import { BlockPage } from '#views/pages/about/BlockPage.tsx';
import { blockPage, blockPageQuery } from './block-page.ts';

/** SPEC 2.1 /terms-and-conditions: the terms of sale and use, with a table of contents from its headings. */
export default blockPage({ query: blockPageQuery('termsPage'), underAbout: false, View: BlockPage });
