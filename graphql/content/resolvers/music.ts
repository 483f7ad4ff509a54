import { sql, type SQL } from 'drizzle-orm';
import { field, refersTo, type Entry } from '../entry-store.ts';
import { normalizeForSearch, normalizedSql } from '../search-text.ts';
import type { Locale } from '../tables.ts';
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
    const days = ((station.schedule as Parent[] | undefined) ?? []).map((day) => ({
      day: day.day,
      shows: ((day.shows as Parent[] | undefined) ?? []).map((show) => ({ ...show, __locale: locale })),
    }));
    return { station, days };
  },
};

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
  RadioStation: {},
  RadioShow: { cover: image('cover'), presenters: refs('presenters') },
  Presenter: { photo: image('photo') },
  ScheduledShow: {
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

