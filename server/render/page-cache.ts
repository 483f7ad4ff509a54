import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import etag from 'etag';
import type { Request } from 'express';
import type { PageProperties } from '../analytics/tracker.ts';
import { carriesOnlyNeutralCookies, privacyKey, SHARED_PAGE_MAX_AGE_S } from './cache-policy.ts';

/** A rendered page to keep: enough to answer the same request again. */
export interface PageToKeep {
  status: number;
  body: string;
  /** Headers of the page itself (type, Vary), not of the visitor's response (cookies). */
  headers: Record<string, string>;
  /** What the page says about itself, for the page view tracked on every answer. */
  analytics: PageProperties;
}

/**
 * A page as the cache keeps it: its body already encoded as UTF-8, with its ETag among its headers,
 * so that answering it again costs neither the encoding nor the hash of the whole page.
 */
export interface CachedPage extends Omit<PageToKeep, 'body'> {
  body: Buffer;
  /** The body compressed, in each encoding a visitor has asked for so far (`bodyIn`). */
  compressed: Partial<Record<PageEncoding, Buffer>>;
}

/**
 * How a kept page is compressed, best first. Once per page and encoding, so brotli can take a
 * better level than the compression middleware's per-response 4: 6 costs the same time on these
 * pages and saves about a tenth of the bytes.
 */
const COMPRESSORS = {
  br: (body: Buffer) =>
    brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body: Buffer) => gzipSync(body),
};

export type PageEncoding = keyof typeof COMPRESSORS;
export const PAGE_ENCODINGS = Object.keys(COMPRESSORS) as PageEncoding[];

/** The query parameters a page's render read, or all of them when it looked at every one. */
type ParametersRead = ReadonlySet<string> | 'all';

/** How long a request for a page nobody has rendered yet waits for the render already under way. */
const WAIT_FOR_RENDER_MS = 3000;

/** How many paths the cache remembers the query parameters of (a few per route, bounded against crawls). */
const MAX_REMEMBERED_PATHS = 10_000;

interface Entry {
  page: CachedPage;
  storedAt: number;
  refreshing: boolean;
}

/** What a kept page holds in memory: its body and its compressed copies. */
const sizeOf = (page: CachedPage) => Object.values(page.compressed).reduce((sum, body) => sum + body.length, page.body.length);

export interface PageCacheOptions {
  maxEntries: number;
  /** Bodies kept at most, in bytes. */
  maxBytes?: number;
  /** A page is fresh this long, as long as shared caches keep it. */
  freshMs?: number;
  /** After that, one request renders it again while others still get this copy for this long. */
  staleMs?: number;
  now?: () => number;
}

/**
 * Rendered anonymous pages, kept in the web process (decision 0014): a page every anonymous visitor
 * sees the same is rendered once a minute instead of once a request. Only GETs of whole pages from
 * requests without personal cookies are looked up, only shared responses are stored, and everything
 * is dropped when content changes. When a page goes stale the next request renders it again while
 * the others keep getting the stale copy, so a popular page is never rendered by a crowd at once.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Per path: the query parameters its renders read; the others do not change the page (decision 0050). */
  private readonly parametersRead = new Map<string, ParametersRead>();
  /** Keys a request is rendering while nothing is kept for them: others wait for that render. */
  private readonly rendering = new Map<string, { done: Promise<void>; finish: () => void }>();
  /** Answers given from the cache, and lookups that rendered instead: for benchmarks and logs. */
  readonly stats = { hits: 0, misses: 0 };
  private readonly maxBytes: number;
  private readonly freshMs: number;
  private readonly staleMs: number;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.freshMs = options.freshMs ?? SHARED_PAGE_MAX_AGE_S * 1000;
    this.staleMs = options.staleMs ?? 5 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.maxEntries > 0;
  }

  /** The cache key of a request that may be answered from the cache, or undefined. */
  keyOf(req: Request): string | undefined {
    if (!this.enabled || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
    // htmx asks for parts of pages at the same URLs; those answers are not pages.
    if (req.get('HX-Request') === 'true' || !carriesOnlyNeutralCookies(req)) return undefined;
    const [path, search = ''] = splitUrl(req.originalUrl);
    // The privacy banner is shown until the visitor answers it: one copy for each side (decision 0051).
    return `${privacyKey(req)} ${path}${canonicalQuery(search, this.parametersRead.get(path))}`;
  }

  /**
   * Notes which query parameters this request's render reads, so that the page is kept under a key
   * made of those alone: `?utm_source=…` or a crawler's random parameter then finds the same page
   * instead of rendering and keeping one more copy. Call before the page is loaded.
   */
  watchQuery(req: Request): void {
    const read = new Set<string>();
    let readAll = false;
    const query = new Proxy(req.query, {
      get: (target, name, receiver) => {
        if (typeof name === 'string') read.add(name);
        return Reflect.get(target, name, receiver);
      },
      has: (target, name) => {
        if (typeof name === 'string') read.add(name);
        return Reflect.has(target, name);
      },
      getOwnPropertyDescriptor: (target, name) => {
        if (typeof name === 'string') read.add(name);
        return Reflect.getOwnPropertyDescriptor(target, name);
      },
      ownKeys: (target) => {
        readAll = true;
        return Reflect.ownKeys(target);
      },
    });
    // Express computes `req.query` on every access; this request's own value shadows that getter.
    Object.defineProperty(req, 'query', { value: query, configurable: true, enumerable: true, writable: true });
    queryWatches.set(req, () => (readAll ? 'all' : read));
  }

  /**
   * The key to keep this request's rendered page under, once the render has read what it needed:
   * what it read joins what renders of the same path read before (a page may read a parameter only
   * when another is present), so that later lookups tell apart whatever any render told apart.
   */
  keyAfterRender(req: Request): string {
    const [path, search = ''] = splitUrl(req.originalUrl);
    const read = queryWatches.get(req)?.() ?? new Set<string>();
    const known = this.parametersRead.get(path);
    const merged: ParametersRead = known === 'all' || read === 'all' ? 'all' : known ? new Set([...known, ...read]) : read;
    this.parametersRead.delete(path);
    this.parametersRead.set(path, merged);
    if (this.parametersRead.size > MAX_REMEMBERED_PATHS) this.parametersRead.delete(this.parametersRead.keys().next().value!);
    return `${privacyKey(req)} ${path}${canonicalQuery(search, merged)}`;
  }

  /**
   * When another request is already rendering a page nothing is kept for, resolves once that render
   * is kept or given up (or after a short wait), so that a crowd arriving at a cold page renders it
   * once; undefined when this request should render it.
   */
  renderUnderWay(key: string): Promise<void> | undefined {
    const render = this.rendering.get(key);
    if (!render) return undefined;
    return Promise.race([render.done, new Promise<void>((resolve) => setTimeout(resolve, WAIT_FOR_RENDER_MS).unref())]);
  }

  /** This request renders the page of `key`; `renderEnded` must follow, whatever the outcome. */
  renderStarted(key: string): void {
    if (this.rendering.has(key)) return;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    this.rendering.set(key, { done, finish });
  }

  renderEnded(key: string): void {
    this.rendering.get(key)?.finish();
    this.rendering.delete(key);
  }

  /** Whether this request would be answered from the cache now (load shedding spares it longest); changes nothing. */
  holds(req: Request): boolean {
    const key = this.keyOf(req);
    const entry = key === undefined ? undefined : this.entries.get(key);
    return entry !== undefined && this.now() - entry.storedAt <= this.freshMs + this.staleMs;
  }

  /** A page to answer with, unless it is missing, or stale and this request should render it again. */
  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.storedAt : Infinity;
    const expired = age > this.freshMs + this.staleMs;
    // A stale page is still served while another request is rendering it again.
    if (!entry || expired || (age > this.freshMs && !entry.refreshing)) {
      if (entry && expired) this.remove(key, entry);
      else if (entry) entry.refreshing = true;
      // A request that will wait for the render under way is counted when it looks again.
      if (entry || !this.rendering.has(key)) this.stats.misses++;
      return undefined;
    }
    // Most recently used last, so that the oldest key is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.stats.hits++;
    return entry.page;
  }

  set(key: string, { body, ...page }: PageToKeep): void {
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const encoded = Buffer.from(body);
    if (encoded.length > this.maxBytes / 10) return;
    // The weak ETag Express would compute for the same body, so conditional requests still get 304;
    // weak, it stands for the compressed copies too, as it does for the compression middleware's.
    const kept = { ...page, body: encoded, compressed: {}, headers: { ...page.headers, ETag: etag(encoded, { weak: true }) } };
    this.entries.set(key, { page: kept, storedAt: this.now(), refreshing: false });
    this.grew(encoded.length);
  }

  /**
   * A kept page's body in a content encoding, compressed the first time a visitor asks for it and
   * kept with the page: compressing each answer would cost about a millisecond for a 100 KB page,
   * several times what the rest of a cached answer costs.
   */
  bodyIn(page: CachedPage, encoding: PageEncoding): Buffer {
    let body = page.compressed[encoding];
    if (!body) {
      body = page.compressed[encoding] = COMPRESSORS[encoding](page.body);
      this.grew(body.length);
    }
    return body;
  }

  private grew(bytes: number): void {
    this.bytes += bytes;
    while (this.entries.size > this.options.maxEntries || this.bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.remove(oldestKey, oldest);
    }
  }

  /** A render that was to refresh a stale page did not produce a page to keep: let another try. */
  release(key: string): void {
    const entry = this.entries.get(key);
    if (entry) entry.refreshing = false;
  }

  /** Forgets every page, e.g. after new content was imported. */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= sizeOf(entry.page);
  }
}

/** What each watched request's render has read of its query (see `watchQuery`). */
const queryWatches = new WeakMap<Request, () => ParametersRead>();

function splitUrl(url: string): [string, string?] {
  const index = url.indexOf('?');
  return index === -1 ? [url] : [url.slice(0, index), url.slice(index + 1)];
}

/**
 * The part of a query string that can change the page: the parameters renders of this path read, in
 * a fixed order. For a path no render has taught yet, every parameter.
 */
function canonicalQuery(search: string, read: ParametersRead = 'all'): string {
  if (!search) return '';
  const kept = [...new URLSearchParams(search)].filter(([name]) => read === 'all' || read.has(name));
  if (kept.length === 0) return '';
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `?${new URLSearchParams(kept).toString()}`;
}
