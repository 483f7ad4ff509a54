import { BlockPage } from '#views/pages/about/BlockPage.tsx';
import { blockPage, blockPageQuery } from './block-page.ts';

/** SPEC 2.1 /about/partners: premium partners with what they offer, then the official partners. */
export default blockPage({ query: blockPageQuery('partnersPage'), underAbout: true, View: BlockPage });
