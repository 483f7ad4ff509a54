import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { BlockPage, type BlockPageContent } from '#views/pages/about/BlockPage.tsx';
import { notFound, type PageModule } from '../page.ts';
import { PAGE_BLOCK_FIELDS } from './blocks/page-block-fields.ts';
import { CONTENT_PAGE_FIELDS } from './content-fragments.ts';
import { contentPage } from './content-page.ts';

type CustomPage = BlockPageContent & { collection: string | null };

/** Both kinds in one round trip: a link says which kind it is, a URL does not. */
const CUSTOM_PAGE_QUERY: TypedDocumentNode<
  { customBlockPage: CustomPage | null; customTextPage: CustomPage | null },
  { locale: Locale; slug: string; collection: string | null }
> = gql`
  query CustomPage($locale: Locale!, $slug: String!, $collection: String) {
    customBlockPage(locale: $locale, slug: $slug, collection: $collection) {
      ...CustomPageFields
    }
    customTextPage(locale: $locale, slug: $slug, collection: $collection) {
      ...CustomPageFields
    }
  }
  fragment CustomPageFields on Page {
    ...ContentPageFields
    collection
    blocks {
      ...PageBlockFields
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${PAGE_BLOCK_FIELDS}
`;

/**
 * SPEC 2.1 (content records map to pages): custom block and custom text pages at `/{slug}`, or
 * `/{collection}/{slug}` when they sit in a collection. Every fixed route outranks these two, so a
 * page can never hide one. A page is at one address only: a page of a collection is not also at
 * `/{slug}`, nor in another collection.
 */
const customPage: PageModule<{ page: BlockPageContent }> = {
  async load({ services, locale, params }) {
    const collection = params.collection ?? null;
    const found = await services.content.query(CUSTOM_PAGE_QUERY, { locale, slug: params.customPageSlug!, collection });
    const page = [found.customBlockPage, found.customTextPage].find(
      (candidate) => candidate && (candidate.collection ?? null) === collection,
    );
    if (!page) return notFound();
    return contentPage({ page }, page);
  },
  View: BlockPage,
};

export default customPage;
