import type { CatalogueEvent, CouponFile } from './catalogue-files.ts';

/**
 * The catalogue files as rows of the commerce tables (migrations/0001_commerce.sql), column by
 * column: what the import compares with the database and writes, and what the demo seeding
 * inserts. Money is integer halalas, times are UTC ISO strings, counters are never here.
 */

export type ColumnValue = string | number | boolean | null | string[];
export type Row = Record<string, ColumnValue>;

export type CatalogueTable = 'events' | 'waves' | 'categories' | 'tickets' | 'perks' | 'extra_items' | 'timeslots' | 'coupons';

export interface TableSpec {
  table: CatalogueTable;
  /** What an operator calls one row: the word the import's report uses. */
  noun: string;
  key: 'id' | 'code';
  /** Every column the files set; `held`, `sold` and `redemptions` are the shop's and never among them. */
  columns: readonly string[];
  timestamps: readonly string[];
  /** Halalas, shown as SAR in the report. */
  money: readonly string[];
  /** Rows that orders, carts or requests may refer to: taken off sale (withdrawn_at) rather than deleted. */
  withdrawable: boolean;
}

export const TABLES: Record<CatalogueTable, TableSpec> = {
  events: {
    table: 'events',
    noun: 'event',
    key: 'id',
    columns: [
      'id',
      'name_en',
      'name_ar',
      'logo',
      'background_image',
      'payment_methods',
      'waiting_room_opens_at',
      'waiting_room_per_minute',
      'waiting_room_checkout_minutes',
      'starts_at',
      'ends_at',
      'gates_open',
      'venue_name_en',
      'venue_name_ar',
      'venue_address_en',
      'venue_address_ar',
      'venue_map_url',
    ],
    timestamps: ['waiting_room_opens_at', 'starts_at', 'ends_at'],
    money: [],
    withdrawable: false,
  },
  waves: {
    table: 'waves',
    noun: 'wave',
    key: 'id',
    columns: ['id', 'event_id', 'label_en', 'label_ar', 'starts_at', 'ends_at', 'sort_order'],
    timestamps: ['starts_at', 'ends_at'],
    money: [],
    withdrawable: false,
  },
  categories: {
    table: 'categories',
    noun: 'category',
    key: 'id',
    columns: [
      'id',
      'event_id',
      'parent_id',
      'name_en',
      'name_ar',
      'description_en',
      'description_ar',
      'promo_label_en',
      'promo_label_ar',
      'sort_order',
    ],
    timestamps: [],
    money: [],
    withdrawable: true,
  },
  tickets: {
    table: 'tickets',
    noun: 'ticket',
    key: 'id',
    columns: [
      'id',
      'event_id',
      'category_id',
      'wave_id',
      'name_en',
      'name_ar',
      'description_en',
      'description_ar',
      'cover_image',
      'background_image',
      'logo',
      'price',
      'discounted_price',
      'max_per_order',
      'is_callback_form',
      'callback_form_type',
      'is_shipping_required',
      'delivery',
      'payment_methods',
      'sort_order',
      'capacity',
    ],
    timestamps: [],
    money: ['price', 'discounted_price'],
    withdrawable: true,
  },
  perks: {
    table: 'perks',
    noun: 'perk',
    key: 'id',
    columns: [
      'id',
      'ticket_id',
      'name_en',
      'name_ar',
      'description_en',
      'description_ar',
      'cover_image',
      'is_hidden_on_detail',
      'is_highlighted',
      'sort_order',
    ],
    timestamps: [],
    money: [],
    withdrawable: false,
  },
  extra_items: {
    table: 'extra_items',
    noun: 'extra',
    key: 'id',
    columns: [
      'id',
      'ticket_id',
      'name_en',
      'name_ar',
      'description_en',
      'description_ar',
      'price',
      'discounted_price',
      'max_per_order',
      'is_free',
      'sort_order',
      'capacity',
    ],
    timestamps: [],
    money: ['price', 'discounted_price'],
    withdrawable: true,
  },
  timeslots: {
    table: 'timeslots',
    noun: 'timeslot',
    key: 'id',
    columns: ['id', 'ticket_id', 'starts_at', 'ends_at', 'capacity'],
    timestamps: ['starts_at', 'ends_at'],
    money: [],
    withdrawable: true,
  },
  coupons: {
    table: 'coupons',
    noun: 'coupon',
    key: 'code',
    columns: ['code', 'coupon_type', 'value', 'event_id', 'valid_from', 'valid_until', 'min_subtotal', 'max_redemptions'],
    timestamps: ['valid_from', 'valid_until'],
    money: ['min_subtotal'],
    withdrawable: false,
  },
};

/** One event's rows, by table, in an order that satisfies the foreign keys when inserted as listed. */
export interface EventRows {
  events: Row[];
  waves: Row[];
  categories: Row[];
  tickets: Row[];
  perks: Row[];
  extra_items: Row[];
  timeslots: Row[];
}

export const EVENT_TABLES = ['events', 'waves', 'categories', 'tickets', 'perks', 'extra_items', 'timeslots'] as const;

const utc = (epochMs: number | undefined) => (epochMs === undefined ? null : new Date(epochMs).toISOString());
const en = (text: { en: string; ar: string } | undefined) => text?.en ?? null;
const ar = (text: { en: string; ar: string } | undefined) => text?.ar ?? null;

/** Position among siblings, from 1: what `order` is when a file leaves it out. */
function positions<Item>(items: readonly Item[], siblingsOf: (item: Item) => string): Map<Item, number> {
  const counters = new Map<string, number>();
  return new Map(
    items.map((item) => {
      const group = siblingsOf(item);
      const position = (counters.get(group) ?? 0) + 1;
      counters.set(group, position);
      return [item, position];
    }),
  );
}

export function eventRows({ event, tickets }: CatalogueEvent): EventRows {
  const categoryPlace = positions(event.categories, (category) => category.parent ?? '');
  const ticketPlace = positions(tickets, (ticket) => ticket.category);
  // Parents before their children, so that each insert finds the category it names.
  const depth = (id: string | undefined): number => {
    const category = event.categories.find((candidate) => candidate.id === id);
    return category?.parent ? 1 + depth(category.parent) : 0;
  };
  const categories = [...event.categories].sort((a, b) => depth(a.id) - depth(b.id));
  return {
    events: [
      {
        id: event.id,
        name_en: event.name.en,
        name_ar: event.name.ar,
        logo: event.logo ?? null,
        background_image: event.backgroundImage ?? null,
        payment_methods: event.paymentMethods,
        waiting_room_opens_at: event.waitingRoom ? utc(event.waitingRoom.saleOpensAt) : null,
        waiting_room_per_minute: event.waitingRoom?.admissionsPerMinute ?? null,
        waiting_room_checkout_minutes: event.waitingRoom?.checkoutMinutes ?? null,
        starts_at: utc(event.startsAt),
        ends_at: utc(event.endsAt),
        gates_open: event.gatesOpen ?? null,
        venue_name_en: en(event.venue?.name),
        venue_name_ar: ar(event.venue?.name),
        venue_address_en: en(event.venue?.address),
        venue_address_ar: ar(event.venue?.address),
        venue_map_url: event.venue?.mapUrl ?? null,
      },
    ],
    waves: event.waves.map((wave, index) => ({
      id: wave.id,
      event_id: event.id,
      label_en: wave.label.en,
      label_ar: wave.label.ar,
      starts_at: utc(wave.startsAt),
      ends_at: utc(wave.endsAt),
      sort_order: wave.order ?? index + 1,
    })),
    categories: categories.map((category) => ({
      id: category.id,
      event_id: event.id,
      parent_id: category.parent ?? null,
      name_en: category.name.en,
      name_ar: category.name.ar,
      description_en: en(category.description),
      description_ar: ar(category.description),
      promo_label_en: en(category.promoLabel),
      promo_label_ar: ar(category.promoLabel),
      sort_order: category.order ?? categoryPlace.get(category)!,
    })),
    tickets: tickets.map((ticket) => ({
      id: ticket.id,
      event_id: event.id,
      category_id: ticket.category,
      wave_id: ticket.wave ?? null,
      name_en: ticket.name.en,
      name_ar: ticket.name.ar,
      description_en: en(ticket.description),
      description_ar: ar(ticket.description),
      cover_image: ticket.coverImage ?? null,
      background_image: ticket.backgroundImage ?? null,
      logo: ticket.logo ?? null,
      price: ticket.price,
      discounted_price: ticket.discountedPrice ?? null,
      max_per_order: ticket.maxPerOrder,
      is_callback_form: ticket.callbackForm !== undefined,
      callback_form_type: ticket.callbackForm ?? null,
      is_shipping_required: ticket.shippingRequired ?? ticket.delivery === 'SHIPPED',
      delivery: ticket.delivery,
      payment_methods: ticket.paymentMethods,
      sort_order: ticket.order ?? ticketPlace.get(ticket)!,
      capacity: ticket.capacity,
    })),
    perks: tickets.flatMap((ticket) =>
      ticket.perks.map((perk, index) => ({
        id: perk.id,
        ticket_id: ticket.id,
        name_en: perk.name.en,
        name_ar: perk.name.ar,
        description_en: en(perk.description),
        description_ar: ar(perk.description),
        cover_image: perk.coverImage ?? null,
        is_hidden_on_detail: perk.hiddenOnDetail,
        is_highlighted: perk.highlighted,
        sort_order: perk.order ?? index + 1,
      })),
    ),
    extra_items: tickets.flatMap((ticket) =>
      ticket.extras.map((extra, index) => ({
        id: extra.id,
        ticket_id: ticket.id,
        name_en: extra.name.en,
        name_ar: extra.name.ar,
        description_en: en(extra.description),
        description_ar: ar(extra.description),
        price: extra.price,
        discounted_price: extra.discountedPrice ?? null,
        max_per_order: extra.maxPerOrder,
        is_free: extra.free,
        sort_order: extra.order ?? index + 1,
        capacity: extra.capacity ?? null,
      })),
    ),
    timeslots: tickets.flatMap((ticket) =>
      ticket.timeslots.map((slot) => ({
        id: slot.id,
        ticket_id: ticket.id,
        starts_at: utc(slot.startsAt),
        ends_at: utc(slot.endsAt),
        capacity: slot.capacity ?? null,
      })),
    ),
  };
}

export function couponRow(coupon: CouponFile): Row {
  const { percent, amount } = coupon.discount;
  return {
    code: coupon.code,
    // Basis points (1000 = 10%) or halalas, as the coupon rules read them.
    coupon_type: percent !== undefined ? 'PERCENTAGE' : 'FIXED_AMOUNT',
    value: percent ?? amount!,
    event_id: coupon.event ?? null,
    valid_from: utc(coupon.validFrom),
    valid_until: utc(coupon.validUntil),
    min_subtotal: coupon.minimumSubtotal ?? 0,
    max_redemptions: coupon.maxRedemptions ?? null,
  };
}
