import { BlockPage } from '#views/pages/about/BlockPage.tsx';
import { blockPage, blockPageQuery } from './block-page.ts';

/** SPEC 2.1 /about/careers: open roles, each opening on the jobs site. */
export default blockPage({ query: blockPageQuery('careerPage'), underAbout: true, View: BlockPage });
