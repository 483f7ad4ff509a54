import { BlockPage } from '#views/pages/about/BlockPage.tsx';
import { blockPage, blockPageQuery } from './block-page.ts';

/** SPEC 2.1 /about/history: the company's story, year by year, along a timeline. */
export default blockPage({ query: blockPageQuery('historyPage'), underAbout: true, View: BlockPage });
