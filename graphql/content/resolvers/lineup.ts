import { sql } from 'drizzle-orm';
import { field, refersTo, refField, type Entry } from '../entry-store.ts';
import { normalizeForSearch, normalizedSql } from '../search-text.ts';
import type { Locale } from '../tables.ts';
import { image, memo, paging, ref, refs, richText, seoOf, type ContentContext } from './helpers.ts';
import { performerUpcomingEvents } from './music.ts';
import { socialsOf } from './site.ts';

type Reference = { ref: string };
type PerformanceEntry = Entry<{
  title?: string;
  startDatetime: string;
  endDatetime: string;
  featured?: boolean;
  headliner?: boolean;
  stage?: Reference;
  performers?: Reference[];
  categories?: Reference[];
}>;

export interface LineupFilter {
  day?: string | null;
  stageId?: string | null;
  category?: string | null;
  letter?: string | null;
  search?: string | null;
}

/** A festival day as visitors read it: the date in Riyadh (UTC+3 all year). */
export const riyadhDate = (iso: string) => new Date(new Date(iso).getTime() + 3 * 3600_000).toISOString().slice(0, 10);

/**
 * The festival day a performance belongs to. The content has no day field of its own, and a night
 * does not end at midnight: a set that starts before 06:00 Riyadh time closes the night before, the
 * way festival-goers and the printed schedule count it (a 01:00 set on the 11th is day "10 Dec").
 */
export const FESTIVAL_DAY_STARTS_HOUR = 6;
export const festivalDay = (iso: string) => riyadhDate(new Date(new Date(iso).getTime() - FESTIVAL_DAY_STARTS_HOUR * 3600_000).toISOString());

/** SPEC 3.1 alphabet filter: a–z by the performer's (Latin) slug, `#` for anything else. */
export const letterOf = (slug: string | null) => (/^[a-z]/.test(slug ?? '') ? slug![0]! : '#');

const eventIdOf = (entry: Entry) => (entry.event as Reference | undefined)?.ref ?? '';

export const performancesOfEvent = (context: ContentContext, eventId: string, locale: Locale) =>
  memo(context, `performances:${eventId}:${locale}`, () =>
    context.store.all<PerformanceEntry>('performance', locale, sql`${refField('event')} = ${eventId}`, sql`${field('startDatetime')}, ${field('slug')}`),
  ) as Promise<PerformanceEntry[]>;

const stagesOfEvent = (context: ContentContext, eventId: string, locale: Locale) =>
  memo(context, `stages:${eventId}:${locale}`, () =>
    context.store.all('stage', locale, sql`${refField('event')} = ${eventId}`, sql`coalesce((${field('sortOrder')})::int, 0)`),
  );

async function filteredPerformances(context: ContentContext, lineup: Entry, filter: LineupFilter | null | undefined) {
  let performances = await performancesOfEvent(context, eventIdOf(lineup), lineup.__locale);
  if (filter?.day) performances = performances.filter((performance) => festivalDay(performance.startDatetime) === filter.day);
  if (filter?.stageId) performances = performances.filter((performance) => performance.stage?.ref === filter.stageId);
  if (filter?.category) {
    const categories = await context.store.loadMany<{ value: string }>(
      [...new Set(performances.flatMap((performance) => performance.categories?.map((category) => category.ref) ?? []))],
      lineup.__locale,
    );
    const ids = new Set(categories.filter((category) => category?.value === filter.category).map((category) => category!.id));
    performances = performances.filter((performance) => performance.categories?.some((category) => ids.has(category.ref)));
  }
  return performances;
}

/** SPEC 3.2 line-up items: one per performer of each performance, in start order. */
async function lineupItems(context: ContentContext, lineup: Entry, filter: LineupFilter | null | undefined) {
  const performances = await filteredPerformances(context, lineup, filter);
  const headlinerIds = new Set(((lineup.headlinerOrder as Reference[] | undefined) ?? []).map((item) => item.ref));
  const search = filter?.search ? normalizeForSearch(filter.search) : '';
  const items = await Promise.all(
    performances.flatMap((performance) =>
      (performance.performers ?? []).map(async (reference) => {
        const performer = await context.store.load<{ name: string }>(reference.ref, lineup.__locale);
        if (!performer) return null;
        if (filter?.letter && letterOf(performer.slug) !== filter.letter.toLowerCase()) return null;
        if (search && !normalizeForSearch(`${performer.name} ${performance.title ?? ''}`).includes(search)) return null;
        return {
          headliner: Boolean(performance.headliner) || headlinerIds.has(performer.id),
          performer,
          stage: performance.stage ?? null,
          startDatetime: performance.startDatetime,
          endDatetime: performance.endDatetime,
          performance,
          __locale: lineup.__locale,
        };
      }),
    ),
  );
  return items.filter((item) => item !== null);
}

export const lineupQueries = {
  async festivalLineup(_: unknown, args: { locale: Locale; eventSlug?: string; eventId?: string }, context: ContentContext) {
    const event = args.eventId ? await context.store.load(args.eventId, args.locale) : args.eventSlug ? await context.store.bySlug('event', args.locale, args.eventSlug) : null;
    const lineupId = (event?.config as { lineup?: Reference } | undefined)?.lineup?.ref;
    return lineupId ? context.store.load(lineupId, args.locale) : null;
  },
  async performance(_: unknown, args: { locale: Locale; slug: string; eventSlug: string }, context: ContentContext) {
    const event = await context.store.bySlug('event', args.locale, args.eventSlug);
    return event ? context.store.bySlug('performance', args.locale, args.slug, sql`${refField('event')} = ${event.id}`) : null;
  },
  performer: (_: unknown, { locale, slug }: { locale: Locale; slug: string }, context: ContentContext) => context.store.bySlug('performer', locale, slug),
  async artists(
    _: unknown,
    args: { locale: Locale; first?: number; skip?: number; filter?: { labelArtist?: boolean | null; letter?: string | null; search?: string | null } | null },
    context: ContentContext,
  ) {
    const conditions = [sql`true`];
    if (args.filter?.labelArtist != null) conditions.push(sql`coalesce((${field('labelArtist')})::boolean, false) = ${args.filter.labelArtist}`);
    if (args.filter?.letter) {
      const letter = args.filter.letter.toLowerCase();
      conditions.push(letter === '#' ? sql`e.slug !~ '^[a-z]'` : sql`left(e.slug, 1) = ${letter}`);
    }
    if (args.filter?.search) conditions.push(sql`${normalizedSql(field('name'))} like ${`%${normalizeForSearch(args.filter.search)}%`}`);
    return context.store.list('performer', args.locale, { where: sql.join(conditions, sql` and `), orderBy: sql`lower(${field('name')})`, ...paging(args) });
  },
};

export const lineupTypes = {
  FestivalLineup: {
    event: ref('event'),
    title: (lineup: Entry) => lineup.title ?? '',
    seo: (lineup: Entry) => seoOf(lineup, lineup.__locale),
    lineupType: (lineup: Entry) => lineup.lineupType ?? 'festival',
    settingsHideStages: (lineup: Entry) => Boolean(lineup.settingsHideStages),
    settingsHideTiming: (lineup: Entry) => Boolean(lineup.settingsHideTiming),
    settingsHideTimetable: (lineup: Entry) => Boolean(lineup.settingsHideTimetable),
    headliners: refs('headlinerOrder'),
    stages: (lineup: Entry, _: unknown, context: ContentContext) => stagesOfEvent(context, eventIdOf(lineup), lineup.__locale),
    async days(lineup: Entry, _: unknown, context: ContentContext) {
      const performances = await performancesOfEvent(context, eventIdOf(lineup), lineup.__locale);
      const dates = [...new Set(performances.map((performance) => festivalDay(performance.startDatetime)))].sort();
      return dates.map((date, index) => ({ date, number: index + 1 }));
    },
    async categories(lineup: Entry, _: unknown, context: ContentContext) {
      const performances = await performancesOfEvent(context, eventIdOf(lineup), lineup.__locale);
      const ids = [...new Set(performances.flatMap((performance) => performance.categories?.map((category) => category.ref) ?? []))];
      return (await context.store.loadMany(ids, lineup.__locale)).filter((category) => category !== null);
    },
    items: (lineup: Entry, args: { filter?: LineupFilter | null }, context: ContentContext) => lineupItems(context, lineup, args.filter),
    performances: (lineup: Entry, args: { filter?: LineupFilter | null }, context: ContentContext) => filteredPerformances(context, lineup, args.filter),
  },
  LineupItem: {
    stage: ref('stage'),
  },
  Stage: {
    logo: image('logo'),
    sortOrder: (stage: Entry) => Number(stage.sortOrder ?? 0),
  },
  PerformanceCategory: {
    colour: (category: Entry) => category.colour ?? '#FFFFFF',
  },
  Performance: {
    featured: (performance: Entry) => Boolean(performance.featured),
    headliner: (performance: Entry) => Boolean(performance.headliner),
    performanceType: (performance: Entry) => performance.performanceType ?? 'live',
    cover: image('cover'),
    stage: ref('stage'),
    event: ref('event'),
    categories: refs('categories'),
    performers: refs('performers'),
    day: (performance: Entry) => festivalDay(performance.startDatetime as string),
    seo: (performance: Entry) => seoOf(performance, performance.__locale),
  },
  Performer: {
    biography: richText('biography'),
    background: image('background'),
    cover: image('cover'),
    socials: (performer: Entry) => socialsOf(performer.socials),
    enableBooking: (performer: Entry) => Boolean(performer.enableBooking),
    labelArtist: (performer: Entry) => Boolean(performer.labelArtist),
    associatedPerformers: refs('associatedPerformers'),
    upcomingEvents: performerUpcomingEvents,
    releases: (performer: Entry, _: unknown, context: ContentContext) =>
      context.store.all('release', performer.__locale, refersTo('artists', performer.id), sql`${field('releasedAt')} desc`),
    seo: (performer: Entry) => seoOf(performer, performer.__locale),
  },
};
