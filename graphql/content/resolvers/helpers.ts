import type DataLoader from 'dataloader';
import { videoPoster } from '../video-poster.ts';
import { GraphQLError } from 'graphql';
import type { Database } from '#platform/database.ts';
import { assetOf, isImageValue, type AssetRow } from '../assets.ts';
import type { Entry, EntryStore } from '../entry-store.ts';
import type { Locale } from '../tables.ts';

export interface ContentContext {
  store: EntryStore;
  assets: DataLoader<string, AssetRow | undefined>;
  db: Database;
  now: Date;
  /** SPEC 7.1 exclude-invalid: list items whose references are broken are left out. */
  excludeInvalid: boolean;
  /** Per-request memo, so that several fields needing the same list cost one query. */
  memo: Map<string, Promise<unknown>>;
}

/** Anything read from an entry: nested objects carry the locale their entry was read in. */
export type Parent = Record<string, unknown> & { __locale: Locale };

export const MAX_PAGE_SIZE = 100;

/** SPEC 7.1: first defaults to 100 and is capped there; skip is never negative. */
export const paging = (args: { first?: number | null; skip?: number | null }, defaultFirst = MAX_PAGE_SIZE) => ({
  first: Math.min(Math.max(args.first ?? defaultFirst, 0), MAX_PAGE_SIZE),
  skip: Math.max(args.skip ?? 0, 0),
});

export function memo<T>(context: ContentContext, key: string, load: () => Promise<T>): Promise<T> {
  if (!context.memo.has(key)) context.memo.set(key, load());
  return context.memo.get(key) as Promise<T>;
}

interface Reference {
  ref: string;
}
const isReference = (value: unknown): value is Reference =>
  typeof value === 'object' && value !== null && typeof (value as Reference).ref === 'string';

/** Gives nested objects of an entry its locale, so their references resolve in the same language. */
export const inLocale = <T extends object>(value: T, locale: Locale): T & { __locale: Locale } => ({ ...value, __locale: locale });

/** A reference field resolved to its record (null when absent or not visible). */
export const ref =
  (name: string) =>
  (parent: Parent, _args: unknown, context: ContentContext): Promise<Entry | null> | null => {
    const value = parent[name];
    return isReference(value) ? context.store.load(value.ref, parent.__locale) : null;
  };

/** A list of references resolved to their records; a broken one fails unless exclude-invalid asked to leave it out. */
export const refs =
  (name: string) =>
  async (parent: Parent, _args: unknown, context: ContentContext): Promise<Entry[]> => {
    const list = Array.isArray(parent[name]) ? (parent[name] as unknown[]).filter(isReference) : [];
    const found = await context.store.loadMany(
      list.map((item) => item.ref),
      parent.__locale,
    );
    return found.filter((entry, index): entry is Entry => {
      if (entry) return true;
      if (context.excludeInvalid) return false;
      throw new GraphQLError(`Unresolvable reference to ${list[index]!.ref}`, { extensions: { code: 'UNRESOLVABLE_LINK' } });
    });
  };

/** An image value resolved to the `Asset` type, with its size and placeholder. */
export const image =
  (name: string) =>
  async (parent: Record<string, unknown>, _args: unknown, context: ContentContext) => {
    const value = parent[name];
    return isImageValue(value) ? assetOf(value, await context.assets.load(value.image)) : null;
  };

/** SPEC 2.2: a link is external when it starts with http or mailto:. */
export const isExternalUrl = (url: unknown) => typeof url === 'string' && /^(https?:|mailto:)/i.test(url);

export const linkResolvers = {
  isExternal: (link: { url?: string }) => isExternalUrl(link.url),
  page: (link: { page?: unknown[] }) => link.page ?? [],
};

type RichTextNode = Record<string, unknown> & { type?: string };

/**
 * Rich text as stored, with its embedded pictures (image blocks, video posters) completed with
 * their size, responsive URL and placeholder: one batched lookup for the whole document.
 */
export const richText =
  (name: string) =>
  async (parent: Record<string, unknown>, _args: unknown, context: ContentContext) => {
    const document = parent[name];
    if (!Array.isArray(document)) return null;
    return Promise.all(
      (document as RichTextNode[]).map(async (node) => {
        if (node.type === 'image' && typeof node.image === 'string') {
          return { ...node, asset: assetOf({ image: node.image, alt: node.alt as string }, await context.assets.load(node.image)) };
        }
        if (node.type === 'video') {
          // SPEC 7.4: its own preview, or the record's picture when that is missing or too small.
          const posterAsset = await videoPoster(node as Record<string, unknown>, parent, (path) => context.assets.load(path));
          return posterAsset ? { ...node, posterAsset } : node;
        }
        return node;
      }),
    );
  };

/** SEO tags with what the record itself says when a tag is missing (SPEC 7.1 SEO fallback). */
export function seoOf(record: Record<string, unknown>, locale: Locale) {
  const seo = (record.seo ?? {}) as Record<string, unknown>;
  const header = (record.header ?? {}) as Record<string, unknown>;
  const config = (record.config ?? {}) as Record<string, unknown>;
  return {
    title: seo.title ?? record.title ?? record.name ?? header.title ?? null,
    description: seo.description ?? record.summary ?? record.description ?? config.description ?? header.subtitle ?? null,
    image: seo.image ?? record.cover ?? header.cover ?? record.image ?? record.artwork ?? config.cover ?? null,
    noIndex: Boolean(seo.noIndex),
    __locale: locale,
  };
}

/** The page fields every page-like record shares (the ContentPage interface). */
export const pageFields = {
  slug: (page: Entry) => page.slug ?? '',
  seo: (page: Entry) => seoOf(page, page.__locale),
  pageType: (page: Entry) => page.pageType ?? page.__type.replace(/^page\./, ''),
  moduleName: (page: Entry) => page.moduleName ?? page.__type.replace(/^page\./, ''),
  submoduleName: (page: Entry) => page.submoduleName ?? null,
  header: (page: Entry) => (page.header ? inLocale(page.header as object, page.__locale) : null),
  body: richText('body'),
  blocks: (page: Entry) => ((page.blocks as object[] | undefined) ?? []).map((block) => inLocale(block, page.__locale)),
};

export const orNull = <T>(value: T | undefined | null) => value ?? null;
