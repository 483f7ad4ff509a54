import { createElement, type JSX, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { perContentAnswer } from '../per-content-answer.ts';
import { SiteProvider, useSite, type ClientEntry } from '../site-context.tsx';

/** One rendering of a part: its HTML, the client entries it asked for, and the addresses it links to. */
interface RenderedPart {
  html: string;
  assets: ClientEntry[];
  hrefs: ReadonlySet<string>;
}

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
  // Kept with the content answer (views/per-content-answer.ts): old renderings go with old content.
  const render = (path: string): RenderedPart =>
    perContentAnswer(source, `markup|${name}|${site.locale}|${path}`, () => renderPart(site, path, children));

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
  // Nothing of the visitor reaches a part, even by mistake: what the first visitor to render it
  // carried would otherwise be served to everyone after them.
  const anyVisitor = { viewer: null, csrfToken: '', forms: {}, privacyConsent: null, shopWindowEndsAt: null };
  const html = renderToStaticMarkup(
    <SiteProvider value={{ ...site, ...anyVisitor, urls, assets: { use: (entry) => assets.add(entry) } }}>{children}</SiteProvider>,
  );
  for (const [, href] of html.matchAll(/\shref="([^"]*)"/g)) hrefs.add(unescapeAttribute(href!));
  return { html, assets: [...assets], hrefs };
}

const unescapeAttribute = (value: string) => value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, entity: string) => ENTITIES[entity] ?? '');

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' };
