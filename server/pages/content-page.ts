import type { ContentPageFields } from '#views/content.ts';
import type { PageProperties } from '../analytics/tracker.ts';
import { page, type Loaded, type PageHead } from '../page.ts';
import { headFromSeo } from './content-fragments.ts';

/**
 * A page rendered from a content record: the head from its SEO tags (falling back to its title
 * and cover), the analytics description from its page type and module names (SPEC 9.4).
 */
export function contentPage<Data>(
  data: Data,
  record: ContentPageFields,
  overrides: { head?: Partial<PageHead>; analytics?: Partial<PageProperties> } = {},
): Loaded<Data> {
  return page(
    data,
    { ...headFromSeo(record.seo, { title: record.title, image: record.header?.cover?.url }), ...overrides.head },
    { page_type: record.pageType, module_name: record.moduleName, submodule_name: record.submoduleName, ...overrides.analytics },
  );
}
