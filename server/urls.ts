import { DEFAULT_LOCALE, type Locale } from '#views/format.ts';
import { PAGE_REFERENCE_ROUTES, ROUTES, type RouteId } from './route-table.ts';

export interface PageReference {
  entityType: string;
  slug?: string | null;
  collection?: string | null;
}

export interface LinkTarget {
  url?: string | null;
  page?: PageReference[] | null;
}

/** Builds every URL a view shows, from the route table (SPEC 2.1, 2.2). */
export interface UrlBuilder {
  readonly locale: Locale;
  /** A route's path in this locale: `/events/x`, `/ar/events/x`. */
  route(id: RouteId, params?: Record<string, string>, locale?: Locale): string;
  /** A link record's target: its own URL when it has one, else the page it references. */
  link(target: LinkTarget): string | undefined;
  /** The page being shown, in another locale, query kept (the language switch). */
  current(locale: Locale): string;
  absolute(path: string): string;
}

/** SPEC 2.2: trailing slashes are removed from built URLs. */
export function withoutTrailingSlash(path: string): string {
  const [pathname = '', rest = ''] = splitPath(path);
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (trimmed || '/') + rest;
}

/** Prefixes a locale-neutral path with the locale: `/` stays `/` in English and is `/ar` in Arabic. */
export function localizePath(path: string, locale: Locale): string {
  const clean = withoutTrailingSlash(path);
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : clean.startsWith('/?') ? `/${locale}${clean.slice(1)}` : `/${locale}${clean}`;
}

/** Splits `/ar/events?x` into its locale and the locale-neutral path `/events?x`. */
export function delocalizePath(path: string): { locale: Locale; path: string } {
  const match = /^\/ar(?=\/|\?|$)/.exec(path);
  if (!match) return { locale: DEFAULT_LOCALE, path: path || '/' };
  const rest = path.slice(3);
  return { locale: 'ar', path: rest.startsWith('/') ? rest : `/${rest}` };
}

/** Custom pages sit at `/{slug}` when they have no collection (SPEC 2.1). */
const CUSTOM_PAGE_TYPES = new Set(['customBlockPage', 'customTextPage']);

/** The locale-neutral path a content page reference points to; undefined when no route serves it. */
export function pathForPageReference(reference: PageReference): string | undefined {
  if (CUSTOM_PAGE_TYPES.has(reference.entityType) && reference.slug && !reference.collection) {
    return fillPath(ROUTES.customPage.path, { customPageSlug: reference.slug });
  }
  const target = PAGE_REFERENCE_ROUTES[reference.entityType];
  if (!target) return undefined;
  if ((target.slugParam && !reference.slug) || (target.collectionParam && !reference.collection)) return undefined;
  const params: Record<string, string> = {};
  if (target.slugParam) params[target.slugParam] = reference.slug!;
  if (target.collectionParam) params[target.collectionParam] = reference.collection!;
  return fillPath(ROUTES[target.route].path, params);
}

export function createUrlBuilder(options: { baseUrl: string; locale: Locale; currentPath: string }): UrlBuilder {
  const { baseUrl, locale, currentPath } = options;
  return {
    locale,
    route: (id, params = {}, targetLocale = locale) => localizePath(fillPath(ROUTES[id].path, params), targetLocale),
    link(target) {
      if (target.url) return target.url;
      const reference = target.page?.[0];
      const path = reference && pathForPageReference(reference);
      return path ? localizePath(path, locale) : undefined;
    },
    current: (targetLocale) => localizePath(currentPath, targetLocale),
    absolute: (path) => new URL(withoutTrailingSlash(path), baseUrl).toString().replace(/\/$/, ''),
  };
}

/** One piece of a route's path: fixed text, or a parameter (`:slug`, `:day?`) with what follows it. */
type PathSegment = string | { param: string; optional: boolean; suffix: string };

/** Route paths read into their segments, once each: a page builds hundreds of links. */
const compiledPaths = new Map<string, PathSegment[]>();

function compilePath(path: string): PathSegment[] {
  return path.split(/\/+/).map((segment) => {
    if (segment === '*') throw new Error(`${path}: a route with a splat is not built from parameters`);
    const parameter = /^:([\w-]+)(\??)(.*)$/.exec(segment);
    return parameter ? { param: parameter[1]!, optional: parameter[2] === '?', suffix: parameter[3]! } : segment.replace(/\?$/, '');
  });
}

/**
 * A route's path with its parameters filled in and encoded, as react-router's `generatePath` builds
 * it (the router matches what this builds), with each path read once instead of once per link.
 */
export function fillPath(path: string, params: Record<string, string | null | undefined>): string {
  let segments = compiledPaths.get(path);
  if (!segments) compiledPaths.set(path, (segments = compilePath(path)));
  let filled = '';
  for (const segment of segments) {
    let text: string;
    if (typeof segment === 'string') text = segment;
    else {
      const value = params[segment.param];
      if (value == null && !segment.optional) throw new Error(`Missing ":${segment.param}" param`);
      text = encodeURIComponent(value ?? '') + segment.suffix;
    }
    if (text) filled += `/${text}`;
  }
  return path.startsWith('/') ? filled || '/' : filled.slice(1);
}

function splitPath(path: string): [string, string] {
  const index = path.search(/[?#]/);
  return index === -1 ? [path, ''] : [path.slice(0, index), path.slice(index)];
}
