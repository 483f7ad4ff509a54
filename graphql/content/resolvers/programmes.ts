import { sql } from 'drizzle-orm';
import { field, refField, type Entry } from '../entry-store.ts';
import type { Locale } from '../tables.ts';
import { image, memo, ref, refs, type ContentContext } from './helpers.ts';
import { festivalDay, performancesOfEvent } from './lineup.ts';

type Reference = { ref: string };
type Session = Entry<{ startDatetime: string; endDatetime: string; stage?: Reference; speakers?: Reference[]; brands?: Reference[]; artists?: Reference[] }>;
type EventArgs = { locale: Locale; eventId: string };
/** The list queries take the event by id (SPEC 7.1) or by slug, so a page can ask in one round trip. */
type EventRefArgs = { locale: Locale; eventId?: string | null; eventSlug?: string | null };

/** The event's id from either argument; null when neither names a published event. */
async function eventIdOf(context: ContentContext, { locale, eventId, eventSlug }: EventRefArgs): Promise<string | null> {
  if (eventId) return eventId;
  if (!eventSlug) return null;
  const event = await memo(context, `event-by-slug:${eventSlug}:${locale}`, () => context.store.bySlug('event', locale, eventSlug));
  return event?.id ?? null;
}

/** A list query by event id or slug: empty for an unknown event. */
const byEvent =
  <T>(list: (context: ContentContext, eventId: string, locale: Locale) => Promise<T[]>) =>
  async (_: unknown, args: EventRefArgs, context: ContentContext): Promise<T[]> => {
    const eventId = await eventIdOf(context, args);
    return eventId ? list(context, eventId, args.locale) : [];
  };

const SESSION_TYPES = { day: 'daySession', night: 'nightSession' } as const;

/** An experience event's day or night programme, in start order; one query per request. */
const sessionsOf = (context: ContentContext, kind: 'day' | 'night', eventId: string, locale: Locale) =>
  memo(context, `sessions:${kind}:${eventId}:${locale}`, () =>
    context.store.all<Session>(SESSION_TYPES[kind], locale, sql`${refField('event')} = ${eventId}`, sql`${field('startDatetime')}`),
  ) as Promise<Session[]>;

/** Distinct records referenced by a list field across sessions, in first-appearance order. */
async function referencedBy(context: ContentContext, sessions: Session[], name: 'speakers' | 'brands' | 'artists', locale: Locale) {
  const ids = [...new Set(sessions.flatMap((session) => session[name]?.map((item) => item.ref) ?? []))];
  return (await context.store.loadMany(ids, locale)).filter((entry) => entry !== null);
}

const sessionById = (kind: 'day' | 'night') => async (_: unknown, { locale, id }: { locale: Locale; id: string }, context: ContentContext) => {
  const session = await context.store.load(id, locale);
  return session?.__type === SESSION_TYPES[kind] ? session : null;
};

/**
 * A timetable: festival days in Riyadh time (a set after midnight closes the night before, as on the
 * line-up's pages), each with its stages and what happens on each (SPEC 3.2).
 */
async function timetable(context: ContentContext, eventId: string, locale: Locale, kind: 'day' | 'night' | 'lineup') {
  const items: Session[] = kind === 'lineup' ? await performancesOfEvent(context, eventId, locale) : await sessionsOf(context, kind, eventId, locale);
  const stageIds = [...new Set(items.map((item) => item.stage?.ref).filter((id): id is string => Boolean(id)))];
  const stages = new Map((await context.store.loadMany<{ sortOrder?: number }>(stageIds, locale)).filter((stage) => stage !== null).map((stage) => [stage.id, stage]));
  const days = [...new Set(items.map((item) => festivalDay(item.startDatetime)))].sort();
  return days.map((date, index) => {
    const onDay = items.filter((item) => festivalDay(item.startDatetime) === date);
    const stageKeys = [...new Set(onDay.map((item) => item.stage?.ref ?? ''))].sort(
      (a, b) => Number(stages.get(a)?.sortOrder ?? 99) - Number(stages.get(b)?.sortOrder ?? 99),
    );
    return {
      date,
      number: index + 1,
      stages: stageKeys.map((stageId) => {
        const here = onDay.filter((item) => (item.stage?.ref ?? '') === stageId);
        return {
          stage: stages.get(stageId) ?? null,
          dayPrograms: kind === 'day' ? here : [],
          nightPrograms: kind === 'night' ? here : [],
          performances: kind === 'lineup' ? here : [],
        };
      }),
    };
  });
}

const experience =
  (kind: 'day' | 'night', list: 'speakers' | 'brands' | 'artists', key: string, programmes: string) =>
  async (_: unknown, { locale, id, eventId }: EventArgs & { id: string }, context: ContentContext) => {
    const record = await context.store.load(id, locale);
    if (!record) return null;
    const sessions = (await sessionsOf(context, kind, eventId, locale)).filter((session) => session[list]?.some((item) => item.ref === id));
    return { [key]: record, [programmes]: sessions };
  };

export const programmeQueries = {
  dayPrograms: byEvent((context, eventId, locale) => sessionsOf(context, 'day', eventId, locale)),
  nightPrograms: byEvent((context, eventId, locale) => sessionsOf(context, 'night', eventId, locale)),
  dayLineup: (_: unknown, { locale, eventId }: EventArgs, context: ContentContext) => sessionsOf(context, 'day', eventId, locale),
  nightLineup: (_: unknown, { locale, eventId }: EventArgs, context: ContentContext) => sessionsOf(context, 'night', eventId, locale),
  dayProgram: sessionById('day'),
  nightProgram: sessionById('night'),
  timetable: (_: unknown, args: EventRefArgs & { kind: 'day' | 'night' | 'lineup' }, context: ContentContext) =>
    byEvent((context, eventId, locale) => timetable(context, eventId, locale, args.kind))(_, args, context),
  speakers: byEvent(async (context, eventId, locale) => referencedBy(context, await sessionsOf(context, 'day', eventId, locale), 'speakers', locale)),
  brands: byEvent(async (context, eventId, locale) => referencedBy(context, await sessionsOf(context, 'day', eventId, locale), 'brands', locale)),
  experienceArtists: byEvent(async (context, eventId, locale) =>
    referencedBy(context, await sessionsOf(context, 'night', eventId, locale), 'artists', locale),
  ),
  experienceSpeaker: experience('day', 'speakers', 'speaker', 'dayPrograms'),
  experienceBrand: experience('day', 'brands', 'brand', 'dayPrograms'),
  experienceArtist: experience('night', 'artists', 'artist', 'nightPrograms'),
};

export const programmeTypes = {
  DayProgram: {
    cover: image('cover'),
    isMusicProgram: (session: Entry) => Boolean(session.isMusicProgram),
    format: (session: Entry) => session.format ?? 'talk',
    interests: (session: Entry) => session.interests ?? [],
    stage: ref('stage'),
    speakers: refs('speakers'),
    brands: refs('brands'),
    event: ref('event'),
  },
  NightProgram: {
    stage: ref('stage'),
    artists: refs('artists'),
    event: ref('event'),
  },
  Speaker: { photo: image('photo'), brand: ref('brand') },
  Brand: { logo: image('logo') },
};
