import { FaqPage } from '#views/pages/about/FaqPage.tsx';
import { blockPage, blockPageQuery } from './block-page.ts';

/** SPEC 2.1 /about/faq: the questions by topic, as disclosure widgets, with FAQPage data for search engines. */
export default blockPage({ query: blockPageQuery('faqPage'), underAbout: true, View: FaqPage });
