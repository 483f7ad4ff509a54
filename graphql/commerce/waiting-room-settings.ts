import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';

/**
 * What the web tier's waiting room asks of the shop (decision 0044): the event's waiting room as
 * the catalogue files set it, and how many checkouts are in flight, which can turn the room on by
 * itself. One cheap query: the web tier asks every few seconds per event, never per visitor.
 */
export interface WaitingRoomSettings {
  /** Null when the catalogue sets no waiting room for the event. */
  saleOpensAt: string | null;
  admissionsPerMinute: number | null;
  checkoutMinutes: number | null;
  /** The event's pending orders whose hold on stock has not expired: buyers between "Pay" and paid. */
  checkoutsInFlight: number;
}

export async function waitingRoomSettings(db: Database, eventId: string, now: Date): Promise<WaitingRoomSettings | null> {
  const [row] = await queryRows<{
    opens_at: Date | string | null;
    per_minute: number | null;
    checkout_minutes: number | null;
    in_flight: number;
  }>(
    db,
    sql`select e.waiting_room_opens_at as opens_at, e.waiting_room_per_minute as per_minute,
          e.waiting_room_checkout_minutes as checkout_minutes,
          (select count(*)::int from commerce.orders o
            where o.event_id = e.id and o.state = 'PENDING_PAYMENT' and o.hold_expires_at > ${now.toISOString()}) as in_flight
        from commerce.events e where e.id = ${eventId}`,
  );
  if (!row) return null;
  return {
    saleOpensAt: row.opens_at === null ? null : new Date(row.opens_at).toISOString(),
    admissionsPerMinute: row.per_minute,
    checkoutMinutes: row.checkout_minutes,
    checkoutsInFlight: row.in_flight,
  };
}
