import { sql, type SQL } from 'drizzle-orm';
import { field, refField, type Entry } from '../entry-store.ts';
import type { Locale } from '../tables.ts';
import { image, inLocale, memo, pageFields, paging, ref, type ContentContext, type Parent } from './helpers.ts';

type EventOrder = 'startDatetime_ASC' | 'startDatetime_DESC';
export interface EventFilter {
  timeframe?: 'upcoming' | 'past' | null;
  city?: string | null;
  eventType?: string | null;
  eventStyle?: string | null;
  month?: string | null;
  withTickets?: boolean | null;
  featured?: boolean | null;
}
export interface EventCardsArgs {
  locale: Locale;
  orderBy?: EventOrder | null;
  filter?: EventFilter | null;
  first?: number | null;
  skip?: number | null;
}

const startsAt = field('config', 'startDatetime');
const endsAt = field('config', 'endDatetime');
/** SPEC 4.3, 6: unlisted events are tracked as their own set and never listed. */
export const listed = sql`coalesce((${field('config', 'unlistedEvent')})::boolean, false) = false`;
/** SPEC 5: tickets are sold here for events with tickets enabled and an external tickets id. */
const sellsTickets = sql`coalesce((${field('config', 'enableTickets')})::boolean, false) and ${field('config', 'ticketsExternalId')} is not null`;

const featured = sql`coalesce((${field('config', 'featured')})::boolean, false)`;

/** The month as the visitor reads it: Riyadh is UTC+3 all year. */
function monthBounds(month: string): [string, string] | undefined {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return undefined;
  const [year, monthNumber] = [Number(match[1]), Number(match[2])];
  const start = new Date(Date.UTC(year, monthNumber - 1, 1, -3));
  const end = new Date(Date.UTC(year, monthNumber, 1, -3));
  return [start.toISOString(), end.toISOString()];
}

export async function eventCards(context: ContentContext, args: EventCardsArgs) {
  const { first, skip } = paging(args);
  const now = context.now.toISOString();
  const filter = args.filter ?? {};
  const month = filter.month ? monthBounds(filter.month) : undefined;
  const conditions: SQL[] = [listed];
  if (filter.timeframe === 'upcoming') conditions.push(sql`${endsAt} >= ${now}`);
  if (filter.timeframe === 'past') conditions.push(sql`${endsAt} < ${now}`);
  if (filter.city) conditions.push(sql`${field('config', 'cityKey')} = ${filter.city}`);
  if (filter.eventType) conditions.push(sql`${field('config', 'eventType')} = ${filter.eventType}`);
  if (filter.eventStyle) conditions.push(sql`${field('config', 'eventStyle')} = ${filter.eventStyle}`);
  if (filter.withTickets) conditions.push(sellsTickets);
  if (filter.featured === true) conditions.push(featured);
  if (filter.featured === false) conditions.push(sql`not ${featured}`);
  if (filter.month) conditions.push(month ? sql`${startsAt} < ${month[1]} and ${endsAt} >= ${month[0]}` : sql`false`);
  const order = args.orderBy === 'startDatetime_DESC' ? sql`${startsAt} desc` : sql`${startsAt} asc`;
  return context.store.list('event', args.locale, { where: sql.join(conditions, sql` and `), orderBy: order, first, skip });
}

/**
 * Upcoming or past events for menus and blocks, shared by every field of a request that asks;
 * `withoutFeatured` leaves out the events a page already features (the home, decision 0053).
 */
export const eventsOf = (context: ContentContext, locale: Locale, timeframe: 'upcoming' | 'past', first = 20, withoutFeatured = false) =>
  memo(context, `events:${locale}:${timeframe}:${first}:${withoutFeatured}`, async () => {
    const filter: EventFilter = withoutFeatured ? { timeframe, featured: false } : { timeframe };
    return (await eventCards(context, { locale, filter, orderBy: timeframe === 'past' ? 'startDatetime_DESC' : 'startDatetime_ASC', first })).items;
  });

const config = (event: Entry) => inLocale({ ...(event.config as object), __eventId: event.id }, event.__locale);

export const eventQueries = {
  eventCards: (_: unknown, args: EventCardsArgs, context: ContentContext) => eventCards(context, args),
  event: (_: unknown, { locale, slug }: { locale: Locale; slug: string }, context: ContentContext) => context.store.bySlug('event', locale, slug),
  eventSlugs: async (_: unknown, args: { locale: Locale; first: number; skip?: number }, context: ContentContext) =>
    context.store.list('event', args.locale, { where: listed, orderBy: sql`e.slug`, ...paging(args) }),
  async eventNavigation(_: unknown, { locale, slug }: { locale: Locale; slug: string }, context: ContentContext) {
    const event = await context.store.bySlug('event', locale, slug);
    if (!event) return null;
    const settings = config(event) as Parent;
    return inLocale({ event, logo: settings.navigationLogo ?? settings.logo, items: settings.navigationItems ?? [], callToAction: settings.callToAction ?? null }, locale);
  },
  festivalLineupEvents: (_: unknown, { locale }: { locale: Locale }, context: ContentContext) =>
    context.store.all('event', locale, sql`${listed} and ${field('config', 'lineup', 'ref')} is not null`, sql`${startsAt}`),
  async unlistedEvents(_: unknown, args: { first?: number; skip?: number }, context: ContentContext) {
    return context.store.list('event', 'en', { where: sql`not (${listed})`, orderBy: sql`e.slug`, ...paging(args) });
  },
  /** SPEC 7.1: events of the performer still running at or after the given start of day. */
  async performerEvents(_: unknown, args: { locale: Locale; performerId: string; startOfDay: string }, context: ContentContext) {
    const startOfDay = new Date(args.startOfDay);
    if (Number.isNaN(startOfDay.getTime())) return [];
    return context.store.all(
      'event',
      args.locale,
      sql`${listed} and ${endsAt} >= ${startOfDay.toISOString()} and e.id in (
        select fields -> 'event' ->> 'ref' from content.entries
        where environment = ${context.store.scope.environment} and type = 'performance'
          and fields -> 'performers' @> ${JSON.stringify([{ ref: args.performerId }])}::jsonb)`,
      sql`${startsAt}`,
    );
  },
  async ticketEvent(_: unknown, { locale, slug }: { locale: Locale; slug: string }, context: ContentContext) {
    return context.store.bySlug('event', locale, slug, sql`${listed} and ${sellsTickets}`);
  },
  venues: (_: unknown, { locale }: { locale: Locale }, context: ContentContext) => context.store.all('venue', locale, undefined, sql`e.slug`),
  async ticketsOverviewPage(_: unknown, args: { locale: Locale; id?: string; eventSlug?: string }, context: ContentContext) {
    return ticketPage(context, args, 'page.ticketsOverview', 'ticketsOverviewPage');
  },
  async ticketsConfirmationPage(_: unknown, args: { locale: Locale; id?: string; eventSlug?: string }, context: ContentContext) {
    return ticketPage(context, args, 'page.ticketsConfirmation', 'ticketsConfirmationPage');
  },
};

async function ticketPage(context: ContentContext, args: { locale: Locale; id?: string; eventSlug?: string }, type: string, configField: string) {
  if (args.id) {
    const page = await context.store.load(args.id, args.locale);
    return page?.__type === type ? page : null;
  }
  if (!args.eventSlug) return null;
  const event = await context.store.bySlug('event', args.locale, args.eventSlug);
  const reference = (event?.config as Record<string, { ref?: string }> | undefined)?.[configField]?.ref;
  return reference ? context.store.load(reference, args.locale) : null;
}

export const eventTypes = {
  EventCard: {
    config,
  },
  Event: {
    ...pageFields,
    config,
    lineup: (event: Entry, _: unknown, context: ContentContext) => ref('lineup')(config(event) as Parent, undefined, context),
    customPages: (event: Entry, _: unknown, context: ContentContext) =>
      context.store.all('page.customEvent', event.__locale, sql`${refField('event')} = ${event.id}`, sql`e.slug`),
  },
  EventConfig: {
    id: (settings: Parent & { id?: string; __eventId: string }) => settings.id ?? settings.__eventId,
    cityKey: (settings: Parent) => settings.cityKey ?? String(settings.city ?? '').toLowerCase(),
    enableTickets: (settings: Parent) => Boolean(settings.enableTickets),
    unlistedEvent: (settings: Parent) => Boolean(settings.unlistedEvent),
    featured: (settings: Parent) => Boolean(settings.featured),
    hasLineup: (settings: Parent) => Boolean(settings.lineup),
    ended: (settings: Parent, _: unknown, context: ContentContext) => Date.parse(String(settings.endDatetime)) < context.now.getTime(),
    logo: image('logo'),
    cover: image('cover'),
    navigationLogo: image('navigationLogo'),
    navigationItems: (settings: Parent) => settings.navigationItems ?? [],
    venue: ref('venue'),
    ticketsOverviewPage: ref('ticketsOverviewPage'),
    ticketsConfirmationPage: ref('ticketsConfirmationPage'),
  },
  EventNavigation: {
    logo: image('logo'),
  },
  Venue: {
    image: image('image'),
    latitude: (venue: Parent) => (venue.coordinates as { lat?: number } | undefined)?.lat ?? null,
    longitude: (venue: Parent) => (venue.coordinates as { lng?: number } | undefined)?.lng ?? null,
    upcomingEvents: (venue: Entry, _: unknown, context: ContentContext) =>
      context.store.all('event', venue.__locale, sql`${listed} and ${endsAt} >= ${context.now.toISOString()} and ${field('config', 'venue', 'ref')} = ${venue.id}`, sql`${startsAt}`),
  },
};

