import { BlockPage } from '#views/pages/about/BlockPage.tsx';
import { blockPage, blockPageQuery } from './block-page.ts';

/** SPEC 2.1 /about/{aboutCustomPageSlug}: the company's own pages (foundation, education, privacy...); an unknown slug is a 404. */
export default blockPage({ query: blockPageQuery('aboutCustomPage'), underAbout: true, View: BlockPage });
