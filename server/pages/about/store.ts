import { BlockPage } from '#views/pages/about/BlockPage.tsx';
import { blockPage, blockPageQuery } from './block-page.ts';

/** SPEC 1, 2.1 /store: the merchandise store, its collections and the shop itself. */
export default blockPage({ query: blockPageQuery('ecommercePage'), underAbout: false, View: BlockPage });
