import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type DatabaseHandle } from '#platform/database.ts';
import { migrate, type Migration } from '#platform/migrations.ts';
import { recountedLine, servedUpTo, type RoomLine } from './admission.ts';
import createLine from './migrations/0001_line.sql';

export const WAITING_ROOM_SCHEMA = 'waiting_room';
export const waitingRoomMigrations: Migration[] = [{ name: '0001_line', sql: createLine }];

export type RoomSource = 'catalogue' | 'automatic';

export interface Room extends RoomLine {
  id: number;
  eventId: string;
  source: RoomSource;
  closed: boolean;
}

/** What a room should be: the catalogue's settings, or those of a room a rush opened. */
export interface WantedRoom {
  source: RoomSource;
  opensAt: number;
  perMinute: number;
  checkoutMinutes: number;
}

export interface Place {
  id: string;
  position: number;
  /** Epoch ms; null until the place is first seen admitted. */
  admittedUntil: number | null;
  room: Room;
}

type RoomRow = {
  id: string | number;
  event_id: string;
  source: RoomSource;
  opens_at: number;
  per_minute: number;
  checkout_minutes: number;
  counted_from: number;
  admitted_base: string | number;
  closed: boolean;
};

const epoch = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
const ROOM_COLUMNS = sql.raw(`r.id, r.event_id, r.source, (extract(epoch from r.opens_at) * 1000)::float8 as opens_at, r.per_minute,
  r.checkout_minutes, (extract(epoch from r.counted_from) * 1000)::float8 as counted_from, r.admitted_base,
  r.closed_at is not null as closed`);

const roomOf = (row: RoomRow): Room => ({
  id: Number(row.id),
  eventId: row.event_id,
  source: row.source,
  opensAt: Number(row.opens_at),
  perMinute: row.per_minute,
  checkoutMinutes: row.checkout_minutes,
  countedFrom: Number(row.counted_from),
  admittedBase: Number(row.admitted_base),
  closed: row.closed,
});

const iso = (epochMs: number) => new Date(epochMs).toISOString();
/** A room's line; the id is a number of ours, so the name is safe to write into the statement. */
const lineOf = (roomId: number) => sql.raw(`'waiting_room.line_${Math.trunc(roomId)}'`);

/**
 * The waiting rooms and their lines in PostgreSQL (decision 0044), shared by every process and
 * node: a room per event, a sequence per room handing out places in arrival order, a row per place.
 */
export class LineStore {
  constructor(private readonly db: Database) {}

  async room(eventId: string): Promise<Room | undefined> {
    const [row] = await queryRows<RoomRow>(this.db, sql`select ${ROOM_COLUMNS} from waiting_room.rooms r where r.event_id = ${eventId}`);
    return row ? roomOf(row) : undefined;
  }

  /**
   * Makes the event's room what is wanted, opening it if needed; a change of rate or opening keeps
   * the places admitted so far (recountedLine). Safe when several processes do it at once: the
   * update applies only while the row still differs.
   */
  async open(eventId: string, wanted: WantedRoom, now: number): Promise<Room> {
    const current = await this.room(eventId);
    if (!current) {
      const line = recountedLine(undefined, wanted.opensAt, now);
      const [row] = await queryRows<{ id: string | number }>(
        this.db,
        sql`insert into waiting_room.rooms (event_id, source, opens_at, per_minute, checkout_minutes, counted_from, admitted_base)
            values (${eventId}, ${wanted.source}, ${iso(wanted.opensAt)}, ${wanted.perMinute}, ${wanted.checkoutMinutes},
              ${iso(line.countedFrom)}, ${line.admittedBase})
            on conflict (event_id) do nothing returning id`,
      );
      if (row) await this.createLine(Number(row.id));
      return (await this.room(eventId))!;
    }
    const same =
      !current.closed &&
      current.source === wanted.source &&
      current.opensAt === wanted.opensAt &&
      current.perMinute === wanted.perMinute &&
      current.checkoutMinutes === wanted.checkoutMinutes;
    if (same) return current;
    // A room opened again after closing starts behind everyone who ever held a place in it.
    const line = current.closed
      ? { countedFrom: Math.max(wanted.opensAt, now), admittedBase: await this.issued(current.id) }
      : recountedLine(current, wanted.opensAt, now);
    const [row] = await queryRows<RoomRow>(
      this.db,
      sql`update waiting_room.rooms r set source = ${wanted.source}, opens_at = ${iso(wanted.opensAt)}, per_minute = ${wanted.perMinute},
            checkout_minutes = ${wanted.checkoutMinutes}, counted_from = ${iso(line.countedFrom)}, admitted_base = ${line.admittedBase},
            closed_at = null
          where r.id = ${current.id} and (r.closed_at is not null or r.source <> ${wanted.source} or r.opens_at <> ${iso(wanted.opensAt)}
            or r.per_minute <> ${wanted.perMinute} or r.checkout_minutes <> ${wanted.checkoutMinutes})
          returning ${ROOM_COLUMNS}`,
    );
    return row ? roomOf(row) : (await this.room(eventId))!;
  }

  /** Visitors go straight to the shop again; places are kept for a room that opens again. */
  async close(roomId: number, now: number): Promise<void> {
    await this.db.execute(sql`update waiting_room.rooms set closed_at = ${iso(now)} where id = ${roomId} and closed_at is null`);
  }

  /** How many places the line has handed out. */
  async issued(roomId: number): Promise<number> {
    const [row] = await queryRows<{ last_value: string | number; is_called: boolean }>(
      this.db,
      sql.raw(`select last_value, is_called from waiting_room.line_${Math.trunc(roomId)}`),
    );
    return row?.is_called ? Number(row.last_value) : 0;
  }

  private async createLine(roomId: number): Promise<void> {
    await this.db.execute(sql.raw(`create sequence if not exists waiting_room.line_${Math.trunc(roomId)} as bigint`));
  }

  /** The place and its room, in one query: what every request of a visitor in line costs. */
  async place(placeId: string): Promise<Place | undefined> {
    const [row] = await queryRows<RoomRow & { place_id: string; position: string | number; admitted_until: number | null }>(
      this.db,
      sql`select p.id as place_id, p.position, ${epoch('p.admitted_until')} as admitted_until, ${ROOM_COLUMNS}
          from waiting_room.places p join waiting_room.rooms r on r.id = p.room_id where p.id = ${placeId}`,
    );
    if (!row) return undefined;
    return {
      id: row.place_id,
      position: Number(row.position),
      admittedUntil: row.admitted_until === null ? null : Number(row.admitted_until),
      room: roomOf(row),
    };
  }

  /**
   * A new place at the back of the line, unless the address holds `perAddress` places already
   * (then undefined). The count and the insert are one statement; two arrivals from one address
   * at the same instant may both get in, which the limit's generosity absorbs.
   */
  async join(room: Room, addressKey: string, perAddress: number, now: number): Promise<Place | undefined> {
    const id = randomUUID();
    const [row] = await queryRows<{ position: string | number }>(
      this.db,
      sql`insert into waiting_room.places (id, room_id, position, address_key, joined_at)
          select ${id}, ${room.id}, nextval(${lineOf(room.id)}), ${addressKey}, ${iso(now)}
          where (select count(*) from waiting_room.places where room_id = ${room.id} and address_key = ${addressKey}) < ${perAddress}
          returning position`,
    );
    if (!row) return undefined;
    return this.afterJoining({ id, position: Number(row.position), admittedUntil: null, room }, now);
  }

  /** A place whose checkout window ended goes to the back of the line. */
  async rejoin(place: Place, now: number): Promise<Place> {
    const [row] = await queryRows<{ position: string | number }>(
      this.db,
      sql`update waiting_room.places set position = nextval(${lineOf(place.room.id)}), joined_at = ${iso(now)}, admitted_until = null
          where id = ${place.id} returning position`,
    );
    return this.afterJoining({ ...place, position: Number(row!.position), admittedUntil: null }, now);
  }

  /**
   * A line nobody waits in must not bank admissions: an hour of a quiet room would let the next
   * rush in all at once. When more than a minute's admissions lie unused beyond the newest place,
   * the count restarts a minute ahead of it. The update changes nothing in a rush, when the line
   * is behind its newest places, so it never contends there.
   */
  private async afterJoining(place: Place, now: number): Promise<Place> {
    const { room } = place;
    const cap = place.position - 1 + room.perMinute;
    if (now < room.opensAt || servedUpTo(room, now) <= cap) return place;
    const [row] = await queryRows<RoomRow>(
      this.db,
      sql`update waiting_room.rooms r set admitted_base = ${cap}, counted_from = ${iso(now)}
          where r.id = ${room.id}
            and r.admitted_base + floor(greatest(0, ${now} - extract(epoch from r.counted_from) * 1000) * r.per_minute / 60000) > ${cap}
          returning ${ROOM_COLUMNS}`,
    );
    return row ? { ...place, room: roomOf(row) } : { ...place, room: (await this.room(room.eventId)) ?? room };
  }

  /** Starts the place's checkout window, once: the first request to see it admitted decides when it ends. */
  async admit(place: Place, until: number): Promise<Place> {
    const [row] = await queryRows<{ admitted_until: number }>(
      this.db,
      sql`update waiting_room.places set admitted_until = coalesce(admitted_until, ${iso(until)})
          where id = ${place.id} returning ${epoch('admitted_until')} as admitted_until`,
    );
    return { ...place, admittedUntil: row ? Number(row.admitted_until) : until };
  }
}

export async function openLineStore(database: DatabaseHandle): Promise<LineStore> {
  await migrate(database, WAITING_ROOM_SCHEMA, waitingRoomMigrations);
  return new LineStore(database.db);
}
