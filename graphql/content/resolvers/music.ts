import { sql, type SQL } from 'drizzle-orm';
import { field, refersTo, type Entry } from '../entry-store.ts';
import { normalizeForSearch, normalizedSql } from '../search-text.ts';
import type { Locale } from '../tables.ts';
import { eventQueries } from './events.ts';
import { image, paging, refs, seoOf, type ContentContext, type Parent } from './helpers.ts';

type MusicOrder = 'newest' | 'oldest' | 'title';
interface MusicArgs {
  locale: Locale;
  first?: number;
  skip?: number;
  filter?: { artistId?: string | null; releaseType?: string | null; search?: string | null } | null;
  orderBy?: MusicOrder | null;
}

/** SPEC 7.1: playlists and releases, newest first unless asked otherwise. */
function musicList(type: string, dateField: string) {
  return (_: unknown, args: MusicArgs, context: ContentContext) => {
    const conditions: SQL[] = [sql`true`];
    if (args.filter?.artistId) conditions.push(refersTo('artists', args.filter.artistId));
    if (args.filter?.releaseType) conditions.push(sql`${field('releaseType')} = ${args.filter.releaseType}`);
    if (args.filter?.search) conditions.push(sql`${normalizedSql(field('title'))} like ${`%${normalizeForSearch(args.filter.search)}%`}`);
    const orderBy =
      args.orderBy === 'oldest' ? sql`${field(dateField)} asc` : args.orderBy === 'title' ? sql`lower(${field('title')})` : sql`${field(dateField)} desc`;
    return context.store.list(type, args.locale, { where: sql.join(conditions, sql` and `), orderBy, ...paging(args) });
  };
}

export const musicQueries = {
  releases: musicList('release', 'releasedAt'),
  playlists: musicList('playlist', 'createdAt'),
  release: (_: unknown, { locale, slug }: { locale: Locale; slug: string }, context: ContentContext) => context.store.bySlug('release', locale, slug),
  podcast: (_: unknown, { locale, slug }: { locale: Locale; slug: string }, context: ContentContext) => context.store.bySlug('podcast', locale, slug),
  podcasts: (_: unknown, args: { locale: Locale; first?: number; skip?: number }, context: ContentContext) =>
    context.store.list('podcast', args.locale, { orderBy: sql`lower(${field('title')})`, ...paging(args) }),
  stations: (_: unknown, { locale }: { locale: Locale }, context: ContentContext) => context.store.all('radioStation', locale, undefined, sql`e.id`),
  async radioSchedule(_: unknown, { locale, id }: { locale: Locale; id: string }, context: ContentContext) {
    const station = await context.store.load(id, locale);
    if (station?.__type !== 'radioStation') return null;
    return { station, days: scheduleOf(station, locale) };
  },
};

const RIYADH_OFFSET_MS = 3 * 3600_000; // Riyadh keeps UTC+3 all year.
const DAY_MS = 24 * 3600_000;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The weekday and the HH:MM a clock in Riyadh shows at this instant. */
export function riyadhClock(now: Date): { day: string; time: string } {
  const riyadh = new Date(now.getTime() + RIYADH_OFFSET_MS);
  return { day: WEEKDAYS[riyadh.getUTCDay()]!, time: riyadh.toISOString().slice(11, 16) };
}

/** SPEC 7.1, 9.1: midnight in Riyadh of the day this instant falls on. */
export function riyadhStartOfDay(now: Date): Date {
  return new Date(Math.floor((now.getTime() + RIYADH_OFFSET_MS) / DAY_MS) * DAY_MS - RIYADH_OFFSET_MS);
}

/**
 * Whether a slot of the weekly schedule is on air: its day is today in Riyadh and the time falls
 * between its start and end. "23:59" closes the day; a slot ending before it starts runs past midnight.
 */
export function isOnAir(slot: { day: string; startTime: string; endTime: string }, now: Date): boolean {
  const clock = riyadhClock(now);
  if (slot.day !== clock.day || clock.time < slot.startTime) return false;
  if (slot.endTime === '23:59' || slot.endTime <= slot.startTime) return true;
  return clock.time < slot.endTime;
}

const scheduleOf = (station: Entry, locale: Locale) =>
  ((station.schedule as Parent[] | undefined) ?? []).map((day) => ({
    day: day.day,
    shows: ((day.shows as Parent[] | undefined) ?? []).map((show) => ({ ...show, __day: day.day, __locale: locale })),
  }));

/** Performer.upcomingEvents: the SPEC 7.1 performer-events rule, from the service's own clock unless asked. */
export function performerUpcomingEvents(performer: Entry, args: { startOfDay?: string | null }, context: ContentContext) {
  const startOfDay = args.startOfDay ?? riyadhStartOfDay(context.now).toISOString();
  return eventQueries.performerEvents(undefined, { locale: performer.__locale, performerId: performer.id, startOfDay }, context);
}

export const musicTypes = {
  Release: {
    description: (release: Entry) => release.description ?? null,
    artwork: image('artwork'),
    background: image('background'),
    releaseType: (release: Entry) => release.releaseType ?? 'single',
    artists: refs('artists'),
    audioSections: (release: Entry) => release.audioSections ?? [],
    seo: (release: Entry) => seoOf(release, release.__locale),
  },
  Playlist: { cover: image('cover') },
  RadioStation: { schedule: (station: Entry) => scheduleOf(station, station.__locale) },
  RadioScheduleDay: { today: (day: { day: string }, _: unknown, context: ContentContext) => riyadhClock(context.now).day === day.day },
  RadioShow: { cover: image('cover'), presenters: refs('presenters') },
  Presenter: { photo: image('photo') },
  ScheduledShow: {
    onAir: (scheduled: Parent, _: unknown, context: ContentContext) =>
      isOnAir({ day: String(scheduled.__day), startTime: String(scheduled.startTime), endTime: String(scheduled.endTime) }, context.now),
    async show(scheduled: Parent, _: unknown, context: ContentContext) {
      const reference = scheduled.show as { ref?: string } | undefined;
      return reference?.ref ? context.store.load(reference.ref, scheduled.__locale) : null;
    },
  },
  Podcast: {
    cover: image('cover'),
    categories: (podcast: Entry) => podcast.categories ?? [],
    episodes: (podcast: Entry) =>
      [...((podcast.episodes as Parent[] | undefined) ?? [])].sort((a, b) => String(b.publishedAt).localeCompare(String(a.publishedAt))),
    seo: (podcast: Entry) => seoOf(podcast, podcast.__locale),
  },
  PodcastEpisode: { duration: (episode: Parent) => Number(episode.duration ?? 0) },
};

