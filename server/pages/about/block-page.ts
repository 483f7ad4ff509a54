import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ComponentType } from 'react';
import type { BlockPageContent } from '#views/pages/about/BlockPage.tsx';
import { DEFAULT_LOCALE, type Locale } from '#views/format.ts';
import { notFound, type PageContext, type PageHead, type PageModule } from '../../page.ts';
import { PAGE_BLOCK_FIELDS } from '../blocks/page-block-fields.ts';
import { CONTENT_PAGE_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';

/**
 * The about, company, legal and store pages (SPEC 2.1) are each one content record with its blocks:
 * one round trip, one loader shape. A page module here is a query plus where the page sits.
 */

type PageField =
  | 'aboutPage'
  | 'historyPage'
  | 'faqPage'
  | 'careerPage'
  | 'partnersPage'
  | 'aboutCustomPage'
  | 'contactPage'
  | 'termsPage'
  | 'ecommercePage';

export type BlockPageQuery<Page> = TypedDocumentNode<{ page: Page | null }, { locale: Locale; slug?: string }>;

/**
 * The query of a page record with its blocks, aliased as `page`. `extraFields` adds what a page
 * type has beyond the common fields (the contact page's address and channels).
 */
export function blockPageQuery<Page extends BlockPageContent = BlockPageContent>(field: PageField, extraFields = ''): BlockPageQuery<Page> {
  const bySlug = field === 'aboutCustomPage';
  const name = field.charAt(0).toUpperCase() + field.slice(1);
  return gql`
    query ${name}($locale: Locale!${bySlug ? ', $slug: String!' : ''}) {
      page: ${field}(locale: $locale${bySlug ? ', slug: $slug' : ''}) {
        ...ContentPageFields
        blocks {
          ...PageBlockFields
        }
        ${extraFields}
      }
    }
    ${CONTENT_PAGE_FIELDS}
    ${PAGE_BLOCK_FIELDS}
  `;
}

interface BlockPageOptions<Page extends BlockPageContent> {
  query: BlockPageQuery<Page>;
  /** SPEC 2.5: the header menu puts history, FAQ, contact and the company pages under About. */
  underAbout: boolean;
  View: ComponentType<{ data: { page: Page } }>;
}

/** A page module for one content record with blocks, rendered by `View`; a missing record is a 404. */
export function blockPage<Page extends BlockPageContent>({ query, underAbout, View }: BlockPageOptions<Page>): PageModule<{ page: Page }> {
  return {
    async load(context) {
      const slug = context.params.aboutCustomPageSlug;
      const { page } = await context.services.content.query(query, { locale: context.locale, ...(slug ? { slug } : {}) });
      if (!page) return notFound();
      return contentPage({ page }, page, { head: { breadcrumbs: breadcrumbsOf(context, page, underAbout) } });
    },
    View,
  };
}

/** The page last, under About where the menu puts it; paths are locale-neutral (the English ones). */
function breadcrumbsOf(context: PageContext, page: BlockPageContent, underAbout: boolean): PageHead['breadcrumbs'] {
  const path = context.urls.current(DEFAULT_LOCALE).split('?')[0]!;
  const own = { name: page.title, path };
  const aboutPath = context.urls.route('about', {}, DEFAULT_LOCALE);
  return underAbout && path !== aboutPath ? [{ name: context.t('about:breadcrumbs.about'), path: aboutPath }, own] : [own];
}
