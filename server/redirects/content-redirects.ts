import { gql, type TypedDocumentNode } from '@apollo/client';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '#platform/logger.ts';
import type { ServiceClient } from '../services/service-client.ts';

export interface ContentRedirect {
  source: string;
  destination: string;
  permanent: boolean;
}

const REDIRECTS_QUERY: TypedDocumentNode<{ redirects: { total: number; items: ContentRedirect[] } }, { first: number; skip: number }> = gql`
  query Redirects($first: Int!, $skip: Int!) {
    redirects(first: $first, skip: $skip) {
      total
      items {
        source
        destination
        permanent
      }
    }
  }
`;

/** SPEC 9.3: redirect lists come in pages of 100. */
const PAGE_SIZE = 100;
/** However quiet the content service, the list is asked again after this long. */
const REFRESH_AFTER_MS = 30_000;
const MAX_CHAIN = 10;

/** A path as redirects compare it: decoded where it can be, without a trailing slash. */
export function normalizedPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A malformed escape: compare the path as it came.
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : decoded;
}

/** Where a redirect may lead: a path of this site, or an http(s) address elsewhere. */
function isAllowedDestination(destination: string): boolean {
  if (destination.startsWith('/')) return !destination.startsWith('//') && !destination.includes('\\');
  try {
    return ['http:', 'https:'].includes(new URL(destination).protocol);
  } catch {
    return false;
  }
}

const destinationPath = (destination: string) => (destination.startsWith('/') ? normalizedPath(destination.split(/[?#]/)[0]!) : undefined);

/**
 * The lookup table of redirects by normalised source. Redirects that lead nowhere allowed, or
 * round in a loop (to their own source, or back through others), are left out.
 */
export function redirectTable(redirects: ContentRedirect[]): Map<string, ContentRedirect> {
  const bySource = new Map<string, ContentRedirect>();
  for (const redirect of redirects) {
    if (!redirect.source.startsWith('/') || !isAllowedDestination(redirect.destination)) continue;
    bySource.set(normalizedPath(redirect.source), redirect);
  }
  const looping = [...bySource.keys()].filter((source) => {
    let next: string | undefined = source;
    for (let hop = 0; next && hop < MAX_CHAIN; hop++) {
      next = destinationPath(bySource.get(next)?.destination ?? '');
      if (next === source) return true;
    }
    return false;
  });
  for (const source of looping) bySource.delete(source);
  return bySource;
}

/** The destination with the visitor's query string kept (added to the destination's own). */
export function redirectLocation(destination: string, query: string): string {
  if (!query) return destination;
  const [beforeHash, hash] = destination.split('#', 2) as [string, string | undefined];
  const joined = `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${query}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/**
 * SPEC 3.1: editors' redirects, answered before the page router. The whole list is kept in memory,
 * refreshed when content changes and at least every 30 s, in the background: a failed refresh keeps
 * the last good list, and with none yet the site routes as usual.
 */
export class ContentRedirects {
  private table: Map<string, ContentRedirect> | undefined;
  private loadedAt = 0;
  private loading: Promise<void> | undefined;
  private firstLoad: Promise<void> | undefined;
  private readonly now: () => number;

  constructor(
    private readonly content: ServiceClient,
    private readonly logger: Logger,
    now?: () => number,
  ) {
    this.now = now ?? Date.now;
  }

  /** Content changed: the next request brings a fresh list. */
  invalidate(): void {
    this.loadedAt = 0;
  }

  /** Loads the list now (once at a time); resolves when done, whether or not it worked. */
  refresh(): Promise<void> {
    this.loading ??= this.load().finally(() => (this.loading = undefined));
    return this.loading;
  }

  readonly middleware = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    // Requests arriving while the very first list loads wait for it; no request ever waits again.
    this.firstLoad ??= this.refresh();
    if (!this.table) await this.firstLoad;
    if (this.now() - this.loadedAt >= REFRESH_AFTER_MS) void this.refresh();
    const redirect = this.table?.get(normalizedPath(req.path));
    if (!redirect) return next();
    const safe = req.method === 'GET' || req.method === 'HEAD';
    const status = redirect.permanent ? (safe ? 301 : 308) : safe ? 302 : 307;
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    res.redirect(status, redirectLocation(redirect.destination, query));
  };

  private async load(): Promise<void> {
    try {
      const all: ContentRedirect[] = [];
      for (let skip = 0; ; skip += PAGE_SIZE) {
        const { redirects } = await this.content.query(REDIRECTS_QUERY, { first: PAGE_SIZE, skip }, { fresh: true });
        all.push(...redirects.items);
        if (redirects.items.length < PAGE_SIZE || all.length >= redirects.total) break;
      }
      this.table = redirectTable(all);
      this.loadedAt = this.now();
    } catch (error) {
      // Keep serving the last good list (or none); try again 30 s later.
      this.loadedAt = this.now();
      this.logger.warn({ err: error }, 'The redirects could not be loaded');
    }
  }
}
