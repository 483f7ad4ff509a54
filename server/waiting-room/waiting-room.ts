import { createHmac } from 'node:crypto';
import type { Request, Response } from 'express';
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Logger } from '#platform/logger.ts';
import type { WaitingRoomOutcome } from '#platform/metrics.ts';
import type { ServiceClient } from '../services/service-client.ts';
import { localizePath } from '../urls.ts';
import { admissionTime, refreshSeconds, servedUpTo } from './admission.ts';
import type { LineStore, Place, Room, WantedRoom } from './line-store.ts';

/** The visitor's place, signed (HMAC with SESSION_SECRET), HttpOnly: no script of any page reads it. */
export const PLACE_COOKIE = 'nabd.line';
/** How long the room's settings and state are reused by one process before it asks again. */
const ROOM_MAX_AGE_MS = 5000;
const PLACE_COOKIE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface WaitingRoomOptions {
  store: LineStore;
  commerce: ServiceClient;
  logger: Logger;
  clock: () => Date;
  /** Keys the hash of visitors' addresses (the session secret). */
  secret: string;
  secure: boolean;
  /** Places one address may hold per room (WAITING_ROOM_PLACES_PER_ADDRESS). */
  placesPerAddress: number;
  /** Checkouts in flight that open a room by themselves; 0: never (WAITING_ROOM_AUTO_THRESHOLD). */
  autoThreshold: number;
  /** Admissions per minute and checkout minutes of a room a rush opened. */
  autoPerMinute: number;
  autoCheckoutMinutes: number;
  /** Counts what becomes of places (the site's metrics). */
  onPlace?: (eventId: string, outcome: WaitingRoomOutcome) => void;
}

/** Where the visitor stands in the room's line. */
export interface LineStatus {
  /** The visitor's number, handed out in arrival order. */
  number: number;
  /** Where they stand now: 1 is next. */
  position: number;
  /** Places before this one not yet admitted. */
  ahead: number;
  opensAt: number;
  beforeOpening: boolean;
  /** An estimate from the admission rate: when the place is admitted, and how long that is from now. */
  admissionAt: number;
  waitMs: number;
  perMinute: number;
  checkoutMinutes: number;
  refreshSeconds: number;
}

export type Admission =
  /** No room for this event now: straight to the shop. */
  | { kind: 'open' }
  | { kind: 'admitted'; until: number }
  | { kind: 'waiting'; status: LineStatus }
  /** The visitor holds no place and was not given one (the status endpoint only looks). */
  | { kind: 'no-place' }
  /** Their address holds as many places as it may. */
  | { kind: 'refused' };

type WaitingRoomQuery = {
  waitingRoom: {
    saleOpensAt: string | null;
    admissionsPerMinute: number | null;
    checkoutMinutes: number | null;
    checkoutsInFlight: number;
  } | null;
};

const WAITING_ROOM_QUERY: TypedDocumentNode<WaitingRoomQuery, { eventId: string }> = gql`
  query WaitingRoomSettings($eventId: ID!) {
    waitingRoom(eventId: $eventId) {
      saleOpensAt
      admissionsPerMinute
      checkoutMinutes
      checkoutsInFlight
    }
  }
`;

/**
 * A sale's waiting room (decision 0044): before the opening and during a rush, visitors to the
 * event's shop take a place in line in arrival order and are let in at the room's rate, each with
 * a checkout window; after it they go to the back of the line. One signed cookie per event shop
 * holds the place, so all of a visitor's tabs share it.
 */
export class WaitingRoom {
  readonly #rooms = new Map<string, { at: number; room: Promise<Room | undefined> }>();

  constructor(private readonly options: WaitingRoomOptions) {}

  /**
   * The visitor's admission to the event's shop. `join`: give a place to a visitor without one
   * (pages); the status endpoint only looks.
   */
  async admission(req: Request, res: Response, shop: { commerceEventId: string; slug: string }, join: boolean): Promise<Admission> {
    const room = await this.room(shop.commerceEventId);
    if (!room || room.closed) return { kind: 'open' };
    const { store } = this.options;
    const now = this.options.clock().getTime();
    const placeId = req.signedCookies?.[PLACE_COOKIE] as string | false | undefined;
    let place = typeof placeId === 'string' && UUID.test(placeId) ? await store.place(placeId) : undefined;
    if (place && place.room.id !== room.id) place = undefined;
    const counted = (outcome: WaitingRoomOutcome) => this.options.onPlace?.(shop.commerceEventId, outcome);
    if (!place) {
      if (!join) return { kind: 'no-place' };
      place = await store.join(room, this.addressKey(req), this.options.placesPerAddress, now);
      counted(place ? 'joined' : 'refused');
      if (!place) return { kind: 'refused' };
      this.keepPlace(res, shop.slug, place.id);
    } else if (place.admittedUntil !== null) {
      if (place.admittedUntil > now) return { kind: 'admitted', until: place.admittedUntil };
      // The checkout window is over: to the back of the line (paid and paying orders are never behind the room).
      place = await store.rejoin(place, now);
      counted('rejoined');
    }
    if (place.position <= servedUpTo(place.room, now)) {
      const admitted = await store.admit(place, now + place.room.checkoutMinutes * 60_000);
      counted('admitted');
      return { kind: 'admitted', until: admitted.admittedUntil! };
    }
    return { kind: 'waiting', status: lineStatus(place, now) };
  }

  /** The event's room as this process last saw it (at most 5 s ago), opened or closed as its settings say. */
  room(eventId: string): Promise<Room | undefined> {
    const now = this.options.clock().getTime();
    const cached = this.#rooms.get(eventId);
    if (cached && Math.abs(now - cached.at) < ROOM_MAX_AGE_MS) return cached.room;
    const refreshed = this.refresh(eventId, now).catch((error: unknown) => {
      // The last known room stands in while the commerce service or the database cannot answer.
      if (!cached) throw error;
      this.options.logger.warn({ err: error, eventId }, 'The waiting room could not be refreshed; its last state stands');
      return cached.room;
    });
    this.#rooms.set(eventId, { at: now, room: refreshed });
    refreshed.catch(() => this.#rooms.delete(eventId));
    return refreshed;
  }

  private async refresh(eventId: string, now: number): Promise<Room | undefined> {
    const { store } = this.options;
    const { waitingRoom: settings } = await this.options.commerce.query(WAITING_ROOM_QUERY, { eventId });
    if (!settings) return undefined;
    const current = await store.room(eventId);
    const wanted = await this.wantedRoom(settings, current, now);
    if (wanted) return store.open(eventId, wanted, now);
    if (current && !current.closed) {
      await store.close(current.id, now);
      this.options.logger.info({ eventId, source: current.source }, 'Waiting room closed');
    }
    return undefined;
  }

  /**
   * The catalogue's room, or one a rush opens: when the event's checkouts in flight reach the
   * threshold. Such a room stays open until they fall below half of it and nobody waits in line.
   */
  private async wantedRoom(
    settings: NonNullable<WaitingRoomQuery['waitingRoom']>,
    current: Room | undefined,
    now: number,
  ): Promise<WantedRoom | undefined> {
    const { saleOpensAt, admissionsPerMinute, checkoutMinutes, checkoutsInFlight } = settings;
    if (saleOpensAt && admissionsPerMinute && checkoutMinutes) {
      return { source: 'catalogue', opensAt: Date.parse(saleOpensAt), perMinute: admissionsPerMinute, checkoutMinutes };
    }
    const { autoThreshold } = this.options;
    if (autoThreshold <= 0) return undefined;
    const running = current && !current.closed && current.source === 'automatic' ? current : undefined;
    const keep: WantedRoom | undefined = running && {
      source: 'automatic',
      opensAt: running.opensAt,
      perMinute: running.perMinute,
      checkoutMinutes: running.checkoutMinutes,
    };
    if (checkoutsInFlight >= autoThreshold) {
      if (keep) return keep;
      this.options.logger.warn({ checkoutsInFlight, autoThreshold }, 'Checkouts in flight reached the threshold: waiting room opened');
      return {
        source: 'automatic',
        opensAt: now,
        perMinute: this.options.autoPerMinute,
        checkoutMinutes: this.options.autoCheckoutMinutes,
      };
    }
    if (!keep || !running) return undefined;
    const someoneWaits = servedUpTo(running, now) < (await this.options.store.issued(running.id));
    return checkoutsInFlight >= autoThreshold / 2 || someoneWaits ? keep : undefined;
  }

  /** The place's cookie for the event's shop in both languages, and nowhere else: other pages stay shareable. */
  private keepPlace(res: Response, slug: string, placeId: string): void {
    const options = {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
      maxAge: PLACE_COOKIE_MAX_AGE_MS,
    } as const;
    for (const locale of ['en', 'ar'] as const) {
      res.cookie(PLACE_COOKIE, placeId, { ...options, path: localizePath(`/events/${slug}/tickets`, locale) });
    }
  }

  /** The address, hashed with the secret: places can be counted per address without keeping it. */
  private addressKey(req: Request): string {
    return createHmac('sha256', this.options.secret)
      .update(`waiting-room-address:${req.ip ?? ''}`)
      .digest('base64url')
      .slice(0, 22);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function lineStatus(place: Place, now: number): LineStatus {
  const { room } = place;
  const served = servedUpTo(room, now);
  const admissionAt = Math.max(now, admissionTime(room, place.position));
  const waitMs = admissionAt - now;
  const ahead = Math.max(0, place.position - served - 1);
  return {
    number: place.position,
    position: ahead + 1,
    ahead,
    opensAt: room.opensAt,
    beforeOpening: now < room.opensAt,
    admissionAt,
    waitMs,
    perMinute: room.perMinute,
    checkoutMinutes: room.checkoutMinutes,
    refreshSeconds: refreshSeconds(waitMs),
  };
}
