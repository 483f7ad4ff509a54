import type { Request } from 'express';
import type { PageProperties } from '../analytics/tracker.ts';
import { carriesOnlyNeutralCookies, privacyKey, SHARED_PAGE_MAX_AGE_S } from './cache-policy.ts';

/** A rendered page as the cache keeps it: enough to answer the same request again. */
export interface CachedPage {
  status: number;
  body: string;
  /** Headers of the page itself (type, Vary), not of the visitor's response (cookies). */
  headers: Record<string, string>;
  /** What the page says about itself, for the page view tracked on every answer. */
  analytics: PageProperties;
}

interface Entry {
  page: CachedPage;
  storedAt: number;
  bytes: number;
  refreshing: boolean;
}

export interface PageCacheOptions {
  maxEntries: number;
  /** Bodies kept at most, in UTF-16 code units (about bytes for these pages). */
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
    // The privacy banner is shown until the visitor answers it: one copy for each side (decision 0051).
    return `${privacyKey(req)} ${req.originalUrl}`;
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
      this.stats.misses++;
      return undefined;
    }
    // Most recently used last, so that the oldest key is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.stats.hits++;
    return entry.page;
  }

  set(key: string, page: CachedPage): void {
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const bytes = page.body.length;
    if (bytes > this.maxBytes / 10) return;
    this.entries.set(key, { page, storedAt: this.now(), bytes, refreshing: false });
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
    this.bytes -= entry.bytes;
  }
}
