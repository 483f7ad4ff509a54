import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';

/**
 * The catalogue (SPEC 3.4, 4.3): events on sale, their waves, categories and tickets with perks,
 * extras and timeslots. One event is read with a fixed handful of queries, one per table, whatever
 * number of tickets it has; the states follow from the stock counters and the service's clock.
 */

export type WaveState = 'AVAILABLE_NOW' | 'COMING_SOON' | 'ENDED' | 'SOLD_OUT';
export type PaymentMethod = 'CREDIT_CARD' | 'MOBILE_WALLET' | 'INSTALMENTS';

export interface EventRow {
  id: string;
  nameEn: string;
  nameAr: string;
  logo: string | null;
  backgroundImage: string | null;
  paymentMethods: PaymentMethod[];
}

export interface WaveRow {
  id: string;
  labelEn: string;
  labelAr: string;
  /** Epoch milliseconds. */
  startsAt: number;
  endsAt: number;
  sortOrder: number;
}

export interface CategoryRow {
  id: string;
  parentId: string | null;
  nameEn: string;
  nameAr: string;
  descriptionEn: string | null;
  descriptionAr: string | null;
  promoLabelEn: string | null;
  promoLabelAr: string | null;
  sortOrder: number;
}

/** What is counted as stock: `capacity - held - sold` (held by pending orders, sold by paid ones). */
export interface Stock {
  capacity: number | null;
  held: number;
  sold: number;
  /**
   * Taken off sale by a catalogue import (decision 0037): nothing left to sell, never shown, kept
   * only for the orders and carts that name it.
   */
  withdrawn?: boolean;
}

export interface TicketRow extends Stock {
  id: string;
  categoryId: string;
  waveId: string | null;
  nameEn: string;
  nameAr: string;
  descriptionEn: string | null;
  descriptionAr: string | null;
  coverImage: string | null;
  backgroundImage: string | null;
  logo: string | null;
  /** Halalas, VAT included. */
  price: number;
  discountedPrice: number | null;
  maxPerOrder: number;
  isCallbackForm: boolean;
  callbackFormType: 'GROUP' | 'PREMIUM_BOX' | null;
  isShippingRequired: boolean;
  delivery: 'DIGITAL' | 'SHIPPED';
  paymentMethods: PaymentMethod[];
  sortOrder: number;
  capacity: number;
}

export interface PerkRow {
  id: string;
  ticketId: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string | null;
  descriptionAr: string | null;
  coverImage: string | null;
  isHiddenOnDetail: boolean;
  isHighlighted: boolean;
}

export interface ExtraItemRow extends Stock {
  id: string;
  ticketId: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string | null;
  descriptionAr: string | null;
  price: number;
  discountedPrice: number | null;
  maxPerOrder: number;
  /** Given with each ticket: a cart item's freeItems. */
  isFree: boolean;
}

export interface TimeslotRow extends Stock {
  id: string;
  ticketId: string;
  startsAt: number;
  endsAt: number;
}

/** One event's whole catalogue as stored. */
export interface EventData {
  event: EventRow;
  waves: WaveRow[];
  categories: CategoryRow[];
  tickets: TicketRow[];
  perks: PerkRow[];
  extraItems: ExtraItemRow[];
  timeslots: TimeslotRow[];
}

const epoch = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/** What changes with every order: a row's counters, and whether it is still on sale. */
type StockRow = Stock & { kind: 'ticket' | 'extra' | 'timeslot'; id: string };

/** The catalogue's version (migration 0010) and the event's counters, read in one statement. */
interface Counters {
  version: string;
  stock: Map<string, Stock>;
}

/** An event's description as read at one catalogue version, shared by every request until it moves on. */
interface Described {
  version: string;
  data: EventData;
}

/**
 * Reads events from the database; `db` may be a transaction that locked what it reads.
 *
 * What describes an event (names, prices, waves, perks, rules) is read once per catalogue version
 * and kept; each load reads the version and the counters (held, sold, capacity, withdrawn) fresh,
 * in one statement, so stock is never older than the load (decision 0062).
 */
export class Catalogue {
  readonly #described = new Map<string, Described>();

  /**
   * `offered`: the payment methods whose provider is in use; an event's other methods are left out
   * wherever it is read (decision 0036: no instalment hint or option without an instalment provider).
   */
  constructor(
    private readonly db: Database,
    private readonly offered: readonly PaymentMethod[] = ['CREDIT_CARD', 'MOBILE_WALLET', 'INSTALMENTS'],
  ) {}

  async load(eventId: string, db: Database = this.db): Promise<EventData | undefined> {
    // The version is read before the description: an import that commits in between leaves a
    // description newer than its version, which the next load reads again; never the other way.
    const counters = await this.#counters(eventId, db);
    let described = this.#described.get(eventId);
    if (described?.version !== counters.version) {
      const data = await this.#describe(eventId, db);
      if (!data) return undefined;
      described = { version: counters.version, data: deepFreeze(data) };
      this.#described.set(eventId, described);
    }
    return withCounters(described.data, counters.stock);
  }

  async #counters(eventId: string, db: Database): Promise<Counters> {
    const rows = await queryRows<{ version: string } & Partial<StockRow>>(
      db,
      sql`select v.version::text as version, s.kind, s.id, s.capacity, s.held, s.sold, s.withdrawn
          from commerce.catalogue_version v left join (
            select 'ticket' as kind, id, capacity, held, sold, withdrawn_at is not null as withdrawn
              from commerce.tickets where event_id = ${eventId}
            union all
            select 'extra', x.id, x.capacity, x.held, x.sold, x.withdrawn_at is not null
              from commerce.extra_items x join commerce.tickets t on t.id = x.ticket_id where t.event_id = ${eventId}
            union all
            select 'timeslot', s.id, s.capacity, s.held, s.sold, s.withdrawn_at is not null
              from commerce.timeslots s join commerce.tickets t on t.id = s.ticket_id where t.event_id = ${eventId}
          ) s on true`,
    );
    const stock = new Map<string, Stock>();
    for (const row of rows) {
      if (row.kind)
        stock.set(`${row.kind}:${row.id}`, { capacity: row.capacity!, held: row.held!, sold: row.sold!, withdrawn: row.withdrawn! });
    }
    return { version: rows[0]!.version, stock };
  }

  /** The event as stored, one query per table. */
  async #describe(eventId: string, db: Database): Promise<EventData | undefined> {
    const [event] = await queryRows<EventRow>(
      db,
      sql`select id, name_en as "nameEn", name_ar as "nameAr", logo, background_image as "backgroundImage",
            array_to_json(payment_methods) as "paymentMethods"
          from commerce.events where id = ${eventId}`,
    );
    if (!event) return undefined;
    event.paymentMethods = event.paymentMethods.filter((method) => this.offered.includes(method));
    const [waves, categories, tickets, perks, extraItems, timeslots] = await Promise.all([
      queryRows<WaveRow>(
        db,
        sql`select id, label_en as "labelEn", label_ar as "labelAr", ${epoch('starts_at')} as "startsAt", ${epoch('ends_at')} as "endsAt",
              sort_order as "sortOrder"
            from commerce.waves where event_id = ${eventId} order by sort_order, starts_at, id`,
      ),
      queryRows<CategoryRow>(
        db,
        sql`select id, parent_id as "parentId", name_en as "nameEn", name_ar as "nameAr", description_en as "descriptionEn",
              description_ar as "descriptionAr", promo_label_en as "promoLabelEn", promo_label_ar as "promoLabelAr", sort_order as "sortOrder"
            from commerce.categories where event_id = ${eventId} and withdrawn_at is null order by sort_order, id`,
      ),
      queryRows<TicketRow>(
        db,
        sql`select id, category_id as "categoryId", wave_id as "waveId", name_en as "nameEn", name_ar as "nameAr",
              description_en as "descriptionEn", description_ar as "descriptionAr", cover_image as "coverImage",
              background_image as "backgroundImage", logo, price, discounted_price as "discountedPrice", max_per_order as "maxPerOrder",
              is_callback_form as "isCallbackForm", callback_form_type as "callbackFormType", is_shipping_required as "isShippingRequired",
              delivery, array_to_json(payment_methods) as "paymentMethods", sort_order as "sortOrder", capacity, held, sold,
              withdrawn_at is not null as withdrawn
            from commerce.tickets where event_id = ${eventId} order by sort_order, id`,
      ),
      queryRows<PerkRow>(
        db,
        sql`select p.id, p.ticket_id as "ticketId", p.name_en as "nameEn", p.name_ar as "nameAr", p.description_en as "descriptionEn",
              p.description_ar as "descriptionAr", p.cover_image as "coverImage", p.is_hidden_on_detail as "isHiddenOnDetail",
              p.is_highlighted as "isHighlighted"
            from commerce.perks p join commerce.tickets t on t.id = p.ticket_id
            where t.event_id = ${eventId} order by p.sort_order, p.id`,
      ),
      queryRows<ExtraItemRow>(
        db,
        sql`select x.id, x.ticket_id as "ticketId", x.name_en as "nameEn", x.name_ar as "nameAr", x.description_en as "descriptionEn",
              x.description_ar as "descriptionAr", x.price, x.discounted_price as "discountedPrice", x.max_per_order as "maxPerOrder",
              x.is_free as "isFree", x.capacity, x.held, x.sold, x.withdrawn_at is not null as withdrawn
            from commerce.extra_items x join commerce.tickets t on t.id = x.ticket_id
            where t.event_id = ${eventId} order by x.sort_order, x.id`,
      ),
      queryRows<TimeslotRow>(
        db,
        sql`select s.id, s.ticket_id as "ticketId", ${epoch('s.starts_at')} as "startsAt", ${epoch('s.ends_at')} as "endsAt",
              s.capacity, s.held, s.sold, s.withdrawn_at is not null as withdrawn
            from commerce.timeslots s join commerce.tickets t on t.id = s.ticket_id
            where t.event_id = ${eventId} order by s.starts_at, s.id`,
      ),
    ]);
    return { event, waves, categories, tickets, perks, extraItems, timeslots };
  }
}

/**
 * The kept description with this load's counters: new rows for what has counters, the rest shared.
 * A row the counters do not name (added since they were read) keeps the counters it was read with.
 */
function withCounters(data: EventData, stock: ReadonlyMap<string, Stock>): EventData {
  const counted = <Row extends Stock & { id: string }>(kind: StockRow['kind'], rows: readonly Row[]): Row[] =>
    rows.map((row) => {
      const current = stock.get(`${kind}:${row.id}`);
      return current ? { ...row, ...current } : row;
    });
  return {
    ...data,
    tickets: counted('ticket', data.tickets),
    extraItems: counted('extra', data.extraItems),
    timeslots: counted('timeslot', data.timeslots),
  };
}

/** A kept description is shared by every request: frozen, so that no reader can change it for the others. */
function deepFreeze<Value>(value: Value): Value {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** One request's view of the catalogue: each event is read once, however many fields ask for it. */
export class CatalogueReader {
  readonly #loaded = new Map<string, Promise<EventData | undefined>>();

  constructor(private readonly catalogue: Catalogue) {}

  event(eventId: string): Promise<EventData | undefined> {
    let loaded = this.#loaded.get(eventId);
    if (!loaded) {
      loaded = this.catalogue.load(eventId);
      this.#loaded.set(eventId, loaded);
    }
    return loaded;
  }
}

// ---- Stock and states (SPEC 4.3, 8) ----

/** What is left to sell; Infinity when the row is not limited, nothing once it is withdrawn. */
export const remainingOf = (stock: Stock): number =>
  stock.withdrawn ? 0 : stock.capacity === null ? Infinity : Math.max(0, stock.capacity - stock.held - stock.sold);

/** What the shop shows: rows a catalogue import withdrew stay only for the orders and carts naming them. */
export const onSale = (stock: Stock): boolean => !stock.withdrawn;

/** A wave's place on its timeline at `now`. */
export function timelineState(wave: Pick<WaveRow, 'startsAt' | 'endsAt'>, now: Date): 'AVAILABLE_NOW' | 'COMING_SOON' | 'ENDED' {
  const time = now.getTime();
  if (time < wave.startsAt) return 'COMING_SOON';
  if (time >= wave.endsAt) return 'ENDED';
  return 'AVAILABLE_NOW';
}

/** What one ticket has left: its own counter, and with timeslots at most what the slots on sale have together. */
export function ticketRemaining(ticket: TicketRow, timeslots: readonly TimeslotRow[]): number {
  const own = remainingOf(ticket);
  const slots = timeslots.filter((slot) => slot.ticketId === ticket.id && onSale(slot));
  if (!slots.length) return own;
  return Math.min(
    own,
    slots.reduce((sum, slot) => sum + remainingOf(slot), 0),
  );
}

/** SPEC 4.3: the wave's state; an on-sale wave whose tickets have nothing left is SOLD_OUT. */
export function waveState(data: EventData, wave: WaveRow, now: Date): WaveState {
  const timeline = timelineState(wave, now);
  if (timeline !== 'AVAILABLE_NOW') return timeline;
  const tickets = data.tickets.filter((ticket) => ticket.waveId === wave.id && onSale(ticket));
  return tickets.length > 0 && tickets.every((ticket) => ticketRemaining(ticket, data.timeslots) <= 0) ? 'SOLD_OUT' : timeline;
}

/**
 * A ticket's state: its wave's timeline (or on sale without a wave), SOLD_OUT when its own stock is
 * gone; a withdrawn ticket has ENDED, so a cart holding it shows the line as no longer on sale.
 */
export function ticketState(data: EventData, ticket: TicketRow, now: Date): WaveState {
  if (!onSale(ticket)) return 'ENDED';
  const wave = ticket.waveId ? data.waves.find((candidate) => candidate.id === ticket.waveId) : undefined;
  const timeline = wave ? timelineState(wave, now) : 'AVAILABLE_NOW';
  if (timeline !== 'AVAILABLE_NOW') return timeline;
  return ticketRemaining(ticket, data.timeslots) <= 0 ? 'SOLD_OUT' : 'AVAILABLE_NOW';
}

/** Payment methods both the event and the ticket accept (SPEC 3.4, 9.2). */
export const ticketPaymentMethods = (data: EventData, ticket: TicketRow): PaymentMethod[] =>
  data.event.paymentMethods.filter((method) => ticket.paymentMethods.includes(method));

/** What one is paid at: the discounted price when there is one below the original. */
export const effectivePrice = (row: { price: number; discountedPrice: number | null }) =>
  row.discountedPrice !== null && row.discountedPrice < row.price ? row.discountedPrice : row.price;
