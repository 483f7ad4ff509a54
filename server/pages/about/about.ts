import { BlockPage } from '#views/pages/about/BlockPage.tsx';
import { blockPage, blockPageQuery } from './block-page.ts';

/** SPEC 2.1 /about: who Nabd is and what it does. */
export default blockPage({ query: blockPageQuery('aboutPage'), underAbout: true, View: BlockPage });
