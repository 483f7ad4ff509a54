import type { Request } from 'express';
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Asset } from '#views/content.ts';
import type { Locale } from '#views/format.ts';
import type { PageContext, PageHead } from '../../page.ts';
import type { PageProperties } from '../../analytics/tracker.ts';
import { ASSET_FIELDS } from '../content-fragments.ts';

/** The content event a ticket screen belongs to, with the commerce id its tickets are sold under. */
export interface TicketEvent {
  id: string;
  slug: string;
  title: string;
  /** The commerce service's event id (SPEC 3.4: the content event's ticketsExternalId). */
  commerceEventId: string;
  startDatetime: string;
  endDatetime: string;
  timezone: string;
  colourAccent: string;
  city: string;
  ended: boolean;
  logo: Asset | null;
  cover: Asset | null;
  venue: { name: string } | null;
}

type TicketEventQuery = {
  event: {
    id: string;
    slug: string;
    title: string;
    config: Omit<TicketEvent, 'id' | 'slug' | 'title' | 'commerceEventId'> & {
      enableTickets: boolean;
      ticketsExternalId: string | null;
      unlistedEvent: boolean;
    };
  } | null;
};

const TICKET_EVENT_QUERY: TypedDocumentNode<TicketEventQuery, { locale: Locale; slug: string }> = gql`
  query TicketEvent($locale: Locale!, $slug: String!) {
    event(locale: $locale, slug: $slug) {
      id
      slug
      title
      config {
        startDatetime
        endDatetime
        timezone
        colourAccent
        city
        ended
        enableTickets
        ticketsExternalId
        unlistedEvent
        logo {
          ...AssetFields
        }
        cover {
          ...AssetFields
        }
        venue {
          name
        }
      }
    }
  }
  ${ASSET_FIELDS}
`;

/**
 * The event of a ticket screen (`/events/:eventSlug/tickets/...`), or null when its tickets are not
 * sold here. SPEC 5: only events with tickets enabled, an external tickets id and not unlisted have
 * a shop; every ticket screen answers 404 for the others.
 */
export async function loadTicketEvent(context: Pick<PageContext, 'services' | 'locale' | 'params'>): Promise<TicketEvent | null> {
  const slug = context.params.eventSlug;
  if (!slug) return null;
  const { event } = await context.services.content.query(TICKET_EVENT_QUERY, { locale: context.locale, slug });
  if (!event) return null;
  const { enableTickets, ticketsExternalId, unlistedEvent, ...config } = event.config;
  if (!enableTickets || !ticketsExternalId || unlistedEvent) return null;
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    commerceEventId: ticketsExternalId,
    startDatetime: config.startDatetime,
    endDatetime: config.endDatetime,
    timezone: config.timezone,
    colourAccent: config.colourAccent,
    city: config.city,
    ended: config.ended,
    logo: config.logo ?? null,
    cover: config.cover ?? null,
    venue: config.venue ? { name: config.venue.name } : null,
  };
}

/** Where in the shop a screen is, for analytics' submodule_name. */
export type TicketStep = 'tickets' | 'cart' | 'login' | 'checkout' | 'confirmation';

/**
 * A ticket screen's head, with the event in the breadcrumbs. Only the tickets page itself is
 * indexed, the page a search for an event's tickets should find (decision 0061); the steps after it
 * (cart, checkout, confirmation) are a visitor's own, and robots.txt keeps crawlers out of them too.
 */
export function ticketPageHead(
  event: TicketEvent,
  title: string,
  path: string,
  description?: string,
  options: { indexed?: boolean } = {},
): PageHead {
  return {
    title: `${title} – ${event.title}`,
    description: description ?? null,
    noIndex: !options.indexed,
    image: event.cover?.url ?? null,
    breadcrumbs: [
      { name: event.title, path: `/events/${event.slug}` },
      { name: title, path },
    ],
  };
}

/** SPEC 9.4: the page properties every ticket screen tracks with. */
export function ticketPageAnalytics(event: TicketEvent, step: TicketStep): PageProperties {
  return { page_type: 'tickets', module_name: 'tickets', submodule_name: step, category: event.slug, category_name: event.title };
}

/**
 * The event's days in its own calendar (YYYY-MM-DD, Asia/Riyadh, SPEC 9.1), first to last: the
 * ticket request form's day choices (SPEC 3.4).
 */
export function eventDays(event: Pick<TicketEvent, 'startDatetime' | 'endDatetime'>, timeZone = 'Asia/Riyadh'): string[] {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const first = day.format(new Date(event.startDatetime));
  // An event ending in the small hours belongs to the night before.
  const last = day.format(new Date(new Date(event.endDatetime).getTime() - 6 * 3600_000));
  const days: string[] = [];
  for (let current = new Date(`${first}T00:00:00Z`); days.length < 31; current = new Date(current.getTime() + 86_400_000)) {
    const value = current.toISOString().slice(0, 10);
    days.push(value);
    if (value >= last) break;
  }
  return days;
}

declare module 'express-session' {
  interface SessionData {
    /** Commerce event ids for which the visitor chose "Continue as a guest" on the ticket login step. */
    guestCheckout?: string[];
  }
}

/**
 * SPEC 2.4: a guest on the way to checkout chooses between signing in and continuing as a guest
 * (`/tickets/login`). The choice is kept in the server session per event; checkout sends a guest
 * who has not made it to the login step first.
 */
export function chooseGuestCheckout(req: Request, commerceEventId: string): void {
  const chosen = (req.session.guestCheckout ??= []);
  if (!chosen.includes(commerceEventId)) chosen.push(commerceEventId);
}

export const hasChosenGuestCheckout = (req: Request, commerceEventId: string): boolean =>
  req.session.guestCheckout?.includes(commerceEventId) ?? false;
