import { GraphQLError } from 'graphql';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import type { Entry } from '../entry-store.ts';
import { EVENT_OWNED_KINDS, SEARCH_KIND_TYPES, SEARCH_KINDS, SEARCHED_TYPES, type SearchKind } from '../search-kinds.ts';
import { MAX_QUERY_LENGTH, queryTerms } from '../search-text.ts';
import type { Locale } from '../tables.ts';
import { listed } from './events.ts';
import { inLocale, paging, seoOf, type ContentContext } from './helpers.ts';

/** Where a listing's URL takes more than its slug from: its event's slug, its collection, its category's slug. */
const COLLECTION_FROM: Partial<Record<SearchKind, 'event' | 'collection' | 'category'>> = {
  article: 'category',
  customBlockPage: 'collection',
  customTextPage: 'collection',
  eventBlock: 'event',
  performance: 'event',
  ticketsOverview: 'event',
};

const referenced = (entry: Entry, name: string, context: ContentContext) => {
  const id = (entry[name] as { ref?: string } | undefined)?.ref;
  return id ? context.store.load(id, entry.__locale) : Promise.resolve(null);
};

/** A search listing (SPEC 7.1): enough to show and link a result, with the SEO fallback. */
async function listing(kind: SearchKind, entry: Entry, context: ContentContext) {
  const from = COLLECTION_FROM[kind];
  const event = kind === 'festivalLineup' || from === 'event' ? await referenced(entry, 'event', context) : null;
  const category = from === 'category' ? await referenced(entry, 'category', context) : null;
  // A line-up is found as its event's line-up: its slug and title are the event's.
  const source: Entry = kind === 'festivalLineup' && event ? { ...entry, ...event, id: entry.id } : entry;
  const title = String(source.title ?? source.name ?? (source.header as { title?: string } | undefined)?.title ?? source.slug ?? '');
  const config = ((kind === 'event' ? entry : event)?.config ?? {}) as { startDatetime?: string; endDatetime?: string };
  return {
    id: entry.id,
    kind,
    slug: kind === 'festivalLineup' ? (event?.slug ?? null) : entry.slug,
    collection: from === 'event' ? (event?.slug ?? null) : from === 'category' ? (category?.slug ?? null) : from === 'collection' ? ((entry.collection as string) ?? null) : null,
    title,
    publishedAt: entry.firstPublishedAt ?? entry.publishedAt ?? null,
    startDatetime: kind === 'performance' ? ((entry.startDatetime as string) ?? null) : EVENT_DATED.includes(kind) ? (config.startDatetime ?? null) : null,
    endDatetime: kind === 'performance' ? ((entry.endDatetime as string) ?? null) : EVENT_DATED.includes(kind) ? (config.endDatetime ?? null) : null,
    seo: seoOf({ ...source, title }, entry.__locale),
    header: source.header ? inLocale(source.header as object, entry.__locale) : null,
  };
}

/** Listings dated by their event's days rather than by publication. */
const EVENT_DATED: readonly SearchKind[] = ['event', 'festivalLineup', 'eventBlock', 'ticketsOverview'];

/** Records that belong to an event are listed only while their event is (SPEC 6). */
const ofListedEvent = (context: ContentContext): SQL => sql`exists (
  select 1 from content.entries owner
  where owner.environment = ${context.store.scope.environment} and owner.type = 'event'
    and owner.id = e.fields -> 'event' ->> 'ref'
    and coalesce((owner.fields -> 'config' ->> 'unlistedEvent')::boolean, false) = false)`;

const listingCondition = (kind: SearchKind, context: ContentContext): SQL | undefined =>
  kind === 'event' ? listed : EVENT_OWNED_KINDS.includes(kind) ? ofListedEvent(context) : undefined;

/** Every query term begins some word of `column` (terms AND, a term's forms OR: search-text.ts). */
function matchesEvery(column: SQL, terms: string[][]): SQL {
  return sql.join(
    terms.map((forms) => sql`(${sql.join(forms.map((form) => sql`${column} like ${`% ${form}%`}`), sql` or `)})`),
    sql` and `,
  );
}

interface SearchArgs {
  locale: Locale;
  query: string;
  kinds?: SearchKind[] | null;
  first?: number | null;
  skip?: number | null;
}

interface SearchAnswer {
  counts: { kind: SearchKind; count: number }[];
  total: number;
  page: { id: string; kind: SearchKind }[] | null;
}

/**
 * The site search (SPEC 2.4, 6, 7.1): records of every listed kind whose precomputed search
 * document (search-documents.ts) holds every word of the query, each as the beginning of a word;
 * records whose title holds them all first, then the newer. Also counts the matches per kind, over
 * all kinds, for the category chips. Visibility (drafts in preview only, locale fallback) is the
 * entry store's; unlisted events and what belongs to them have unlisted documents. One statement
 * over the narrow documents finds the page's ids and the counts; the page's records are then read
 * in one batch.
 */
async function search(args: SearchArgs, context: ContentContext) {
  if (args.query.length > MAX_QUERY_LENGTH) {
    throw new GraphQLError(`A search query has at most ${MAX_QUERY_LENGTH} characters`, { extensions: { code: 'BAD_USER_INPUT' } });
  }
  const terms = queryTerms(args.query);
  const kinds = `{${(args.kinds?.length ? args.kinds : SEARCH_KINDS).join(',')}}`;
  const { first, skip } = paging(args, 20);
  if (!terms.length) return { total: 0, counts: [], items: [] };
  const [answer] = await queryRows<SearchAnswer>(
    context.db,
    sql`with hits as (
      select d.id, d.kind, d.ranked_at, (${matchesEvery(sql`d.title_words`, terms)}) as in_title
      from ${context.store.visibleVersions(SEARCHED_TYPES, args.locale)}
      join content.search_documents d
        on d.environment = ${context.store.scope.environment} and d.id = e.id and d.locale = e.locale and d.version = e.version
      where d.listed and ${matchesEvery(sql`d.words`, terms)}
    ), counted as (
      select kind, count(*)::int as count from hits group by kind
    )
    select
      coalesce((select json_agg(json_build_object('kind', kind, 'count', count) order by kind) from counted), '[]') as counts,
      (select count(*)::int from hits where kind = any(${kinds}::text[])) as total,
      (select json_agg(json_build_object('id', id, 'kind', kind)) from (
        select id, kind from hits where kind = any(${kinds}::text[])
        order by in_title desc, ranked_at desc nulls last, id
        limit ${first} offset ${skip}
      ) as page) as page`,
  );
  const page = answer?.page ?? [];
  const entries = await context.store.loadMany(
    page.map((hit) => hit.id),
    args.locale,
  );
  return {
    total: Number(answer?.total ?? 0),
    counts: answer?.counts ?? [],
    items: await Promise.all(page.flatMap((hit, index) => (entries[index] ? [listing(hit.kind, entries[index], context)] : []))),
  };
}

export const searchQueries = {
  async searchListings(_: unknown, args: { locale: Locale; kind: SearchKind; first?: number; skip?: number }, context: ContentContext) {
    const { total, items } = await context.store.list([...SEARCH_KIND_TYPES[args.kind]], args.locale, {
      where: listingCondition(args.kind, context),
      orderBy: sql`e.id`,
      ...paging(args),
    });
    return { total, items: await Promise.all(items.map((entry) => listing(args.kind, entry, context))) };
  },
  search: (_: unknown, args: SearchArgs, context: ContentContext) => search(args, context),
};
