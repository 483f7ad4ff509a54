import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { DocumentHead } from '#views/document.tsx';
import type { LayoutContent } from '#views/content.ts';
import { LAYOUTS } from '#views/layouts/layouts.tsx';
import { SiteProvider, type ClientEntry, type SiteContextValue } from '#views/site-context.tsx';
import { LOCALES, type Locale } from '#views/format.ts';
import type { PageProperties } from '../analytics/tracker.ts';
import type { PageHead } from '../page.ts';
import type { LayoutName } from '../route-table.ts';
import type { AssetManifest } from './asset-manifest.ts';
import { delocalizePath, localizePath, type UrlBuilder } from '../urls.ts';

/**
 * htmx settings (read from a meta tag): no inline indicator styles, which the CSP forbids, and the
 * answers the site's forms give to a failed submission (422 invalid, 503 service failed) are
 * swapped in like successes, since they carry the form with its messages.
 */
const HTMX_CONFIG = JSON.stringify({
  includeIndicatorStyles: false,
  allowEval: false,
  responseHandling: [
    { code: '204', swap: false },
    { code: '[23]..', swap: true },
    { code: '422', swap: true },
    // A limit reached (decision 0043) is a form's answer too: its message shows in place.
    { code: '429', swap: true },
    { code: '503', swap: true },
    { code: '[45]..', swap: false, error: true },
  ],
});

/**
 * Fonts a page in each language asks for before its stylesheet has named them: the display face
 * sets the headline, often the largest text of a page and the last it paints, and a late swap to it
 * moves what follows (the line-up's poster). Arabic body text too: its system fallbacks are wider,
 * and a late swap rewraps it (decision 0061); at a low priority, so that on a slow network it does
 * not hold back the stylesheet, and with it the first paint.
 */
const PRELOADED_FONTS: Record<Locale, { name: string; priority?: 'low' }[]> = {
  en: [{ name: 'archivo-display.woff2' }],
  ar: [{ name: 'noto-kufi-arabic-display.woff2' }, { name: 'ibm-plex-sans-arabic-400.woff2', priority: 'low' }],
};

export type SiteValues = Omit<SiteContextValue, 'assets'>;

export interface DocumentInput {
  site: SiteValues;
  layout: LayoutName;
  layoutContent: LayoutContent | null;
  head: PageHead;
  siteTitleSuffix: string;
  page: ReactElement;
  manifest: AssetManifest;
  /** The page's analytics description, given to scripts that send events (SPEC 9.4). */
  analytics?: PageProperties | undefined;
}

/** Renders a whole page: the body first, so the head links exactly the assets the body used. */
export function renderDocument(input: DocumentInput): string {
  const { site, manifest } = input;
  const used = new Set<ClientEntry>();
  const Layout = LAYOUTS[input.layout];
  const body = renderToString(
    <SiteProvider value={{ ...site, assets: { use: (entry) => used.add(entry) } }}>
      <Layout content={input.layoutContent}>{input.page}</Layout>
    </SiteProvider>,
  );

  const scripts = [...used].map((entry) => manifest.script(entry));
  // Canonical and alternates name the page without its query: filters, paging and tracking
  // parameters (utm_*, affiliate) show the same page, which search engines should know once.
  const pagePath = site.urls.current(site.locale).split('?')[0]!;
  const { head: pageHead } = input;
  const inLocale = (path: string) => site.urls.absolute(localizePath(delocalizePath(path).path, site.locale));
  const head = renderToStaticMarkup(
    <DocumentHead
      title={[pageHead.title, input.siteTitleSuffix].filter(Boolean).join(' | ')}
      description={pageHead.description}
      canonicalUrl={site.urls.absolute(pagePath)}
      alternates={LOCALES.map((locale) => ({ locale, url: site.urls.absolute(site.urls.current(locale).split('?')[0]!) }))}
      image={pageHead.image ? site.urls.absolute(pageHead.image) : undefined}
      imageSize={pageHead.imageSize}
      siteName={input.siteTitleSuffix || site.t('brand.name')}
      openGraph={pageHead.openGraph ?? { type: 'website' }}
      alternateFeed={
        pageHead.alternateFeed ? { title: pageHead.alternateFeed.title, url: inLocale(pageHead.alternateFeed.path) } : undefined
      }
      structuredData={structuredData(input, inLocale)}
      noIndex={pageHead.noIndex}
      refresh={
        pageHead.refresh
          ? {
              seconds: pageHead.refresh.seconds,
              url: site.urls.absolute(pageHead.refresh.path),
              onlyWithoutScript: pageHead.refresh.onlyWithoutScript,
            }
          : undefined
      }
      stylesheets={manifest.stylesheet ? [manifest.stylesheet] : []}
      fontPreloads={PRELOADED_FONTS[site.locale].flatMap(({ name, priority }) => {
        const href = manifest.font(name);
        return href ? [{ href, ...(priority ? { priority } : {}) }] : [];
      })}
      modulePreloads={[...new Set(scripts.flatMap((script) => script.imports))]}
      locale={site.locale}
      htmxConfig={used.has('htmx') ? HTMX_CONFIG : undefined}
      analyticsPage={used.has('analytics') && input.analytics ? JSON.stringify(input.analytics) : undefined}
    />,
  );
  // Our scripts are files of our own origin, allowed by the CSP as such: no per-response nonce, so a
  // rendered page can be served again as it is (decision 0014).
  const scriptTags = scripts.map((script) => `<script type="module" src="${script.file}"></script>`).join('');
  return `<!doctype html><html lang="${site.locale}" dir="${site.dir}">${head}<body>${body}${scriptTags}</body></html>`;
}

/**
 * JSON-LD the document adds to any page: the Organization on the home page (its social profiles
 * are the footer's), and the trail of breadcrumbs where the page has one.
 */
function structuredData(input: DocumentInput, inLocale: (path: string) => string): Record<string, unknown>[] {
  const { site, head, layoutContent } = input;
  const data: Record<string, unknown>[] = [];
  if (layoutContent && site.path.split('?')[0] === '/')
    data.push(organization(site.urls, input.siteTitleSuffix || site.t('brand.name'), layoutContent));
  if (head.breadcrumbs?.length) {
    data.push({
      '@type': 'BreadcrumbList',
      itemListElement: [{ name: site.t('brand.name'), path: '/' }, ...head.breadcrumbs].map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: inLocale(crumb.path),
      })),
    });
  }
  return data;
}

function organization(urls: UrlBuilder, name: string, layoutContent: LayoutContent): Record<string, unknown> {
  return {
    '@type': 'Organization',
    name,
    url: urls.absolute(urls.route('home')),
    logo: urls.absolute('/favicon.svg'),
    // Profiles elsewhere; the footer's "website" link is this site itself.
    sameAs: layoutContent.footer.socials.links.filter((link) => link.network !== 'website').map((link) => link.url),
  };
}

/** Renders a fragment for htmx: one component in the site's context, no layout, no scripts. */
export function renderFragment(site: SiteValues, element: ReactElement): string {
  return renderToString(<SiteProvider value={{ ...site, assets: { use: () => {} } }}>{element}</SiteProvider>);
}
