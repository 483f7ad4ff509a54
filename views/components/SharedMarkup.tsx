import { createElement, type JSX, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteProvider, useSite, type ClientEntry } from '../site-context.tsx';

/** One rendering of a part: its HTML, the client entries it asked for, and the addresses it links to. */
interface RenderedPart {
  html: string;
  assets: ClientEntry[];
  hrefs: ReadonlySet<string>;
}

/**
 * Parts already rendered, per content answer. The content services hand out the same answer object
 * until the content changes or the answer is refreshed (server/services/query-cache.ts), so keying
 * by it drops every rendering of old content with the content itself.
 */
const renderedBySource = new WeakMap<object, Map<string, RenderedPart>>();

/** Renderings kept per content answer: a few parts × two languages × the pages they link to. */
const MAX_PARTS_PER_SOURCE = 1000;

/** Never a page's path: the rendering every page that is not linked from the part shares. */
const NOWHERE = '\0';

interface SharedMarkupProps {
  /** The content answer the part is made of. */
  source: object;
  /** Which part of that answer this is (one name per place the component is used). */
  name: string;
  /** The element around the part, rendered per page as usual. */
  as: keyof JSX.IntrinsicElements;
  props?: Record<string, unknown>;
  /**
   * What is inside. It may read the language, the translations and the current page's path from the
   * site context, and nothing about the visitor: no viewer, form state or CSRF token.
   */
  children: ReactNode;
}

/**
 * Markup every visitor of a page in one language gets the same, rendered once and reused: the
 * header's menus and the footer's links are about a third of a page's elements and change only with
 * the content. A link in them to the page being shown says so (`aria-current`), so a page linked from
 * the part gets its own rendering; every other page shares one.
 */
export function SharedMarkup({ source, name, as, props, children }: SharedMarkupProps) {
  const site = useSite();
  const here = site.urls.current(site.locale).split('?')[0]!;
  const parts = renderedBySource.get(source) ?? new Map<string, RenderedPart>();
  renderedBySource.set(source, parts);

  const render = (path: string): RenderedPart => {
    const key = `${name}|${site.locale}|${path}`;
    let part = parts.get(key);
    if (!part) {
      if (parts.size >= MAX_PARTS_PER_SOURCE) parts.clear();
      part = renderPart(site, path, children);
      parts.set(key, part);
    }
    return part;
  };

  const shared = render(NOWHERE);
  const part = shared.hrefs.has(here) ? render(here) : shared;
  for (const entry of part.assets) site.assets.use(entry);
  return createElement(as, { ...props, dangerouslySetInnerHTML: { __html: part.html } });
}

function renderPart(site: ReturnType<typeof useSite>, path: string, children: ReactNode): RenderedPart {
  const assets = new Set<ClientEntry>();
  const hrefs = new Set<string>();
  const urls = {
    ...site.urls,
    current: (locale: typeof site.locale) => (path === NOWHERE ? NOWHERE : site.urls.current(locale)),
  };
  const html = renderToStaticMarkup(
    <SiteProvider value={{ ...site, urls, assets: { use: (entry) => assets.add(entry) } }}>{children}</SiteProvider>,
  );
  for (const [, href] of html.matchAll(/\shref="([^"]*)"/g)) hrefs.add(unescapeAttribute(href!));
  return { html, assets: [...assets], hrefs };
}

const unescapeAttribute = (value: string) => value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, entity: string) => ENTITIES[entity] ?? '');

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' };
