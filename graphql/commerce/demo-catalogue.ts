import { sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import type { Logger } from '#platform/logger.ts';

/**
 * The demo catalogue of every environment but production: one commerce event per content event
 * with `ticketsExternalId`. Nabd Festival 2026 has one of everything the shop shows, with waves in
 * every state at the test sites' "now" (2026-11-21T12:00Z): an ended early-bird wave, the general
 * sale on now, a last-call wave coming soon and a friends' presale that is sold out.
 */

type Row = Record<string, unknown>;

const ALL_METHODS = ['CREDIT_CARD', 'MOBILE_WALLET', 'INSTALMENTS'];
const media = (name: string) => `/media/events/${name}`;

function event(id: string, nameEn: string, nameAr: string, slug: string, paymentMethods = ALL_METHODS): Row {
  return {
    id,
    name_en: nameEn,
    name_ar: nameAr,
    logo: media(`${slug}-logo.svg`),
    background_image: media(`${slug}.svg`),
    payment_methods: paymentMethods,
  };
}

function wave(id: string, eventId: string, label: [string, string], startsAt: string, endsAt: string, sortOrder: number): Row {
  return { id, event_id: eventId, label_en: label[0], label_ar: label[1], starts_at: startsAt, ends_at: endsAt, sort_order: sortOrder };
}

interface CategoryInput {
  id: string;
  eventId: string;
  parentId?: string;
  name: [string, string];
  description?: [string, string];
  promoLabel?: [string, string];
  sortOrder: number;
}

const category = (input: CategoryInput): Row => ({
  id: input.id,
  event_id: input.eventId,
  parent_id: input.parentId ?? null,
  name_en: input.name[0],
  name_ar: input.name[1],
  description_en: input.description?.[0] ?? null,
  description_ar: input.description?.[1] ?? null,
  promo_label_en: input.promoLabel?.[0] ?? null,
  promo_label_ar: input.promoLabel?.[1] ?? null,
  sort_order: input.sortOrder,
});

interface TicketInput {
  id: string;
  eventId: string;
  categoryId: string;
  waveId?: string;
  name: [string, string];
  description?: [string, string];
  coverImage?: string;
  /** Halalas, VAT included. */
  price: number;
  discountedPrice?: number;
  maxPerOrder?: number;
  callbackForm?: 'GROUP' | 'PREMIUM_BOX';
  shipped?: boolean;
  paymentMethods?: string[];
  sortOrder: number;
  capacity: number;
  sold?: number;
}

const ticket = (input: TicketInput): Row => ({
  id: input.id,
  event_id: input.eventId,
  category_id: input.categoryId,
  wave_id: input.waveId ?? null,
  name_en: input.name[0],
  name_ar: input.name[1],
  description_en: input.description?.[0] ?? null,
  description_ar: input.description?.[1] ?? null,
  cover_image: input.coverImage ?? null,
  background_image: null,
  logo: null,
  price: input.price,
  discounted_price: input.discountedPrice ?? null,
  max_per_order: input.maxPerOrder ?? 10,
  is_callback_form: input.callbackForm !== undefined,
  callback_form_type: input.callbackForm ?? null,
  is_shipping_required: input.shipped ?? false,
  delivery: input.shipped ? 'SHIPPED' : 'DIGITAL',
  payment_methods: input.paymentMethods ?? ALL_METHODS,
  sort_order: input.sortOrder,
  capacity: input.capacity,
  held: 0,
  sold: input.sold ?? 0,
});

function perk(
  id: string,
  ticketId: string,
  name: [string, string],
  options: { highlighted?: boolean; hidden?: boolean; sortOrder: number },
): Row {
  return {
    id,
    ticket_id: ticketId,
    name_en: name[0],
    name_ar: name[1],
    description_en: null,
    description_ar: null,
    cover_image: null,
    is_hidden_on_detail: options.hidden ?? false,
    is_highlighted: options.highlighted ?? false,
    sort_order: options.sortOrder,
  };
}

interface ExtraInput {
  id: string;
  ticketId: string;
  name: [string, string];
  description?: [string, string];
  price: number;
  maxPerOrder?: number;
  free?: boolean;
  capacity?: number;
  sortOrder: number;
}

const extra = (input: ExtraInput): Row => ({
  id: input.id,
  ticket_id: input.ticketId,
  name_en: input.name[0],
  name_ar: input.name[1],
  description_en: input.description?.[0] ?? null,
  description_ar: input.description?.[1] ?? null,
  price: input.price,
  discounted_price: null,
  max_per_order: input.maxPerOrder ?? 10,
  is_free: input.free ?? false,
  sort_order: input.sortOrder,
  capacity: input.capacity ?? null,
  held: 0,
  sold: 0,
});

const timeslot = (id: string, ticketId: string, startsAt: string, endsAt: string, capacity: number): Row => ({
  id,
  ticket_id: ticketId,
  starts_at: startsAt,
  ends_at: endsAt,
  capacity,
  held: 0,
  sold: 0,
});

const NABD = 'evt_nabd_2026';

/** A small offer for the other events: one wave on sale until the doors open, two tickets. */
function smallEvent(id: string, name: [string, string], slug: string, salesEnd: string, gaPrice: number, vipPrice: number) {
  const prefix = id.replace(/^evt_/, '');
  return {
    event: event(id, name[0], name[1], slug),
    waves: [wave(`wave_${prefix}_sale`, id, ['General sale', 'البيع العام'], '2026-10-01T06:00:00Z', salesEnd, 1)],
    categories: [category({ id: `cat_${prefix}_tickets`, eventId: id, name: ['Tickets', 'التذاكر'], sortOrder: 1 })],
    tickets: [
      ticket({
        id: `tkt_${prefix}_ga`,
        eventId: id,
        categoryId: `cat_${prefix}_tickets`,
        waveId: `wave_${prefix}_sale`,
        name: ['General admission', 'دخول عام'],
        price: gaPrice,
        sortOrder: 1,
        capacity: 2000,
      }),
      ticket({
        id: `tkt_${prefix}_vip`,
        eventId: id,
        categoryId: `cat_${prefix}_tickets`,
        waveId: `wave_${prefix}_sale`,
        name: ['VIP', 'كبار الشخصيات'],
        price: vipPrice,
        maxPerOrder: 6,
        sortOrder: 2,
        capacity: 200,
      }),
    ],
  };
}

const others = [
  smallEvent(
    'evt_nye_riyadh_2026',
    ['New Year’s Eve at Sadeem', 'ليلة رأس السنة في سديم'],
    'new-years-eve-riyadh-2026',
    '2026-12-31T17:00:00Z',
    45000,
    150000,
  ),
  smallEvent('evt_dunes_2027', ['Dunes Sessions', 'جلسات الكثبان'], 'dunes-sessions-2027', '2027-01-22T13:30:00Z', 39500, 120000),
  smallEvent(
    'evt_forum_2027',
    ['Future Sound Forum', 'منتدى صوت المستقبل'],
    'future-sound-forum-2027',
    '2027-03-09T06:00:00Z',
    75000,
    250000,
  ),
  smallEvent('evt_gulf_lights_2027', ['Gulf Lights', 'أضواء الخليج'], 'gulf-lights-dammam-2027', '2027-04-15T16:00:00Z', 29500, 95000),
  smallEvent(
    'evt_nights_jeddah_2027',
    ['Nabd Nights Jeddah', 'ليالي نبض جدة'],
    'nabd-nights-jeddah-2027',
    '2027-02-18T14:00:00Z',
    34500,
    110000,
  ),
  smallEvent('evt_sahab_2027', ['Sahab Festival 2027', 'مهرجان سحاب 2027'], 'sahab-festival-2027', '2027-07-08T08:00:00Z', 49500, 175000),
  smallEvent(
    'evt_partners_preview_2026',
    ['Partners Preview Night', 'ليلة الشركاء'],
    'partners-preview-night-2026',
    '2026-12-04T17:00:00Z',
    25000,
    80000,
  ),
];

export const DEMO_CATALOGUE = {
  events: [event(NABD, 'Nabd Festival 2026', 'مهرجان نبض 2026', 'nabd-festival-2026'), ...others.map((other) => other.event)],
  waves: [
    wave('wave_nabd_early_bird', NABD, ['Early bird', 'الطيور المبكرة'], '2026-09-01T06:00:00Z', '2026-10-31T20:59:00Z', 1),
    wave('wave_nabd_friends', NABD, ['Friends presale', 'البيع المسبق للأصدقاء'], '2026-11-10T06:00:00Z', '2026-12-09T20:59:00Z', 2),
    wave('wave_nabd_general', NABD, ['General sale', 'البيع العام'], '2026-11-01T06:00:00Z', '2026-12-12T18:00:00Z', 3),
    wave('wave_nabd_last_call', NABD, ['Last call', 'الفرصة الأخيرة'], '2026-12-01T06:00:00Z', '2026-12-12T18:00:00Z', 4),
    ...others.flatMap((other) => other.waves),
  ],
  categories: [
    category({
      id: 'cat_nabd_ga',
      eventId: NABD,
      name: ['General admission', 'الدخول العام'],
      description: ['Three nights of music on every stage.', 'ثلاث ليالٍ من الموسيقى على جميع المسارح.'],
      promoLabel: ['Best value', 'القيمة الأفضل'],
      sortOrder: 1,
    }),
    category({
      id: 'cat_nabd_day_passes',
      eventId: NABD,
      parentId: 'cat_nabd_ga',
      name: ['Day passes', 'تذاكر اليوم الواحد'],
      promoLabel: ['Save 15%', 'وفّر 15%'],
      sortOrder: 1,
    }),
    category({
      id: 'cat_nabd_vip',
      eventId: NABD,
      name: ['VIP', 'كبار الشخصيات'],
      description: ['Fast entry, the VIP deck and lounges.', 'دخول سريع ومنصة كبار الشخصيات والاستراحات.'],
      promoLabel: ['Limited', 'عدد محدود'],
      sortOrder: 2,
    }),
    category({
      id: 'cat_nabd_groups',
      eventId: NABD,
      name: ['Groups and boxes', 'المجموعات والمقصورات'],
      description: ['Our sales team calls you back.', 'يتواصل معك فريق المبيعات.'],
      sortOrder: 3,
    }),
    ...others.flatMap((other) => other.categories),
  ],
  tickets: [
    ticket({
      id: 'tkt_nabd_ga_early',
      eventId: NABD,
      categoryId: 'cat_nabd_ga',
      waveId: 'wave_nabd_early_bird',
      name: ['Early bird – 3 days', 'الطيور المبكرة – 3 أيام'],
      price: 49500,
      sortOrder: 1,
      capacity: 1000,
      sold: 640,
    }),
    ticket({
      id: 'tkt_nabd_friends',
      eventId: NABD,
      categoryId: 'cat_nabd_ga',
      waveId: 'wave_nabd_friends',
      name: ['Friends presale – 3 days', 'البيع المسبق للأصدقاء – 3 أيام'],
      price: 52500,
      sortOrder: 2,
      capacity: 300,
      sold: 300,
    }),
    ticket({
      id: 'tkt_nabd_ga',
      eventId: NABD,
      categoryId: 'cat_nabd_ga',
      waveId: 'wave_nabd_general',
      name: ['General admission – 3 days', 'دخول عام – 3 أيام'],
      description: ['Entry on all three festival days.', 'الدخول في أيام المهرجان الثلاثة.'],
      coverImage: media('nabd-festival-2026.svg'),
      price: 59500,
      sortOrder: 3,
      capacity: 5000,
      sold: 1200,
    }),
    ticket({
      id: 'tkt_nabd_day_pass',
      eventId: NABD,
      categoryId: 'cat_nabd_day_passes',
      waveId: 'wave_nabd_general',
      name: ['Day pass', 'تذكرة يوم واحد'],
      description: ['Entry on the day you choose.', 'الدخول في اليوم الذي تختاره.'],
      price: 29500,
      discountedPrice: 24900,
      sortOrder: 4,
      capacity: 3000,
    }),
    ticket({
      id: 'tkt_nabd_last_call',
      eventId: NABD,
      categoryId: 'cat_nabd_ga',
      waveId: 'wave_nabd_last_call',
      name: ['Last call – 3 days', 'الفرصة الأخيرة – 3 أيام'],
      price: 69500,
      sortOrder: 5,
      capacity: 1000,
    }),
    ticket({
      id: 'tkt_nabd_wristband_kit',
      eventId: NABD,
      categoryId: 'cat_nabd_ga',
      waveId: 'wave_nabd_general',
      name: ['Wristband kit', 'طقم السوار'],
      description: ['Your festival wristband and lanyard, delivered to your door.', 'سوار المهرجان وحبل التعليق، يصلانك إلى باب منزلك.'],
      price: 9900,
      maxPerOrder: 5,
      shipped: true,
      sortOrder: 6,
      capacity: 800,
    }),
    ticket({
      id: 'tkt_nabd_vip',
      eventId: NABD,
      categoryId: 'cat_nabd_vip',
      waveId: 'wave_nabd_general',
      name: ['VIP – 3 days', 'كبار الشخصيات – 3 أيام'],
      description: ['The VIP deck, lounges and fast entry.', 'منصة كبار الشخصيات والاستراحات والدخول السريع.'],
      price: 189500,
      maxPerOrder: 4,
      // Not offered in instalments (SPEC 9.2: tabbyPrescoring names it in notEligibleTickets).
      paymentMethods: ['CREDIT_CARD', 'MOBILE_WALLET'],
      sortOrder: 1,
      capacity: 400,
      sold: 120,
    }),
    ticket({
      id: 'tkt_nabd_vip_backstage',
      eventId: NABD,
      categoryId: 'cat_nabd_vip',
      waveId: 'wave_nabd_general',
      name: ['Backstage tour', 'جولة خلف الكواليس'],
      description: ['A guided tour behind the main stage. Only a few places.', 'جولة بصحبة مرشد خلف المسرح الرئيسي. أماكن قليلة.'],
      price: 75000,
      maxPerOrder: 3,
      sortOrder: 2,
      // Three places left: the shop's "few left" and out-of-stock cases.
      capacity: 30,
      sold: 27,
    }),
    ticket({
      id: 'tkt_nabd_group',
      eventId: NABD,
      categoryId: 'cat_nabd_groups',
      name: ['Group tickets (10 or more)', 'تذاكر المجموعات (10 أشخاص أو أكثر)'],
      description: ['Tell us about your group; we call you back with an offer.', 'أخبرنا عن مجموعتك وسنتواصل معك بعرض.'],
      price: 49500,
      callbackForm: 'GROUP',
      sortOrder: 1,
      capacity: 2000,
    }),
    ticket({
      id: 'tkt_nabd_premium_box',
      eventId: NABD,
      categoryId: 'cat_nabd_groups',
      name: ['Premium box', 'المقصورة المميزة'],
      description: ['A private box for up to 12 guests with hospitality.', 'مقصورة خاصة تتسع حتى 12 ضيفًا مع الضيافة.'],
      price: 2500000,
      callbackForm: 'PREMIUM_BOX',
      sortOrder: 2,
      capacity: 12,
    }),
    ...others.flatMap((other) => other.tickets),
  ],
  perks: [
    perk('perk_nabd_ga_stages', 'tkt_nabd_ga', ['All stages, all three days', 'جميع المسارح طوال الأيام الثلاثة'], {
      highlighted: true,
      sortOrder: 1,
    }),
    perk('perk_nabd_ga_reentry', 'tkt_nabd_ga', ['Re-entry each day', 'إعادة الدخول في كل يوم'], { sortOrder: 2 }),
    perk('perk_nabd_ga_app', 'tkt_nabd_ga', ['Festival app access', 'الوصول إلى تطبيق المهرجان'], { hidden: true, sortOrder: 3 }),
    perk('perk_nabd_day_stages', 'tkt_nabd_day_pass', ['All stages on your day', 'جميع المسارح في يومك'], { sortOrder: 1 }),
    perk('perk_nabd_vip_deck', 'tkt_nabd_vip', ['VIP viewing deck', 'منصة المشاهدة لكبار الشخصيات'], { highlighted: true, sortOrder: 1 }),
    perk('perk_nabd_vip_lounge', 'tkt_nabd_vip', ['Lounges with hospitality', 'استراحات مع الضيافة'], { highlighted: true, sortOrder: 2 }),
    perk('perk_nabd_vip_entry', 'tkt_nabd_vip', ['Fast-track entry', 'مسار دخول سريع'], { sortOrder: 3 }),
    perk('perk_nabd_vip_parking', 'tkt_nabd_vip', ['Reserved drop-off', 'منطقة إنزال مخصصة'], { hidden: true, sortOrder: 4 }),
  ],
  extraItems: [
    extra({
      id: 'extra_nabd_parking',
      ticketId: 'tkt_nabd_ga',
      name: ['Parking – 3 days', 'موقف السيارات – 3 أيام'],
      price: 7500,
      maxPerOrder: 4,
      capacity: 1500,
      sortOrder: 1,
    }),
    extra({
      id: 'extra_nabd_tee',
      ticketId: 'tkt_nabd_ga',
      name: ['Festival T-shirt', 'قميص المهرجان'],
      description: ['Collected at the merch tent.', 'يُستلم من خيمة المنتجات.'],
      price: 12000,
      maxPerOrder: 6,
      capacity: 400,
      sortOrder: 2,
    }),
    extra({ id: 'extra_nabd_map', ticketId: 'tkt_nabd_ga', name: ['Festival map', 'خريطة المهرجان'], price: 0, free: true, sortOrder: 3 }),
    extra({
      id: 'extra_nabd_vip_parking',
      ticketId: 'tkt_nabd_vip',
      name: ['VIP parking – 3 days', 'موقف كبار الشخصيات – 3 أيام'],
      price: 15000,
      maxPerOrder: 2,
      capacity: 200,
      sortOrder: 1,
    }),
    extra({
      id: 'extra_nabd_day_parking',
      ticketId: 'tkt_nabd_day_pass',
      name: ['Parking – 1 day', 'موقف السيارات – يوم واحد'],
      price: 3000,
      maxPerOrder: 4,
      sortOrder: 1,
    }),
  ],
  timeslots: [
    // The festival days, 15:00 to 23:59 in Riyadh.
    timeslot('slot_nabd_day1', 'tkt_nabd_day_pass', '2026-12-10T12:00:00Z', '2026-12-10T20:59:00Z', 1000),
    timeslot('slot_nabd_day2', 'tkt_nabd_day_pass', '2026-12-11T12:00:00Z', '2026-12-11T20:59:00Z', 1000),
    timeslot('slot_nabd_day3', 'tkt_nabd_day_pass', '2026-12-12T12:00:00Z', '2026-12-12T20:59:00Z', 1000),
  ],
  coupons: [
    {
      code: 'WELCOME10',
      coupon_type: 'PERCENTAGE',
      value: 1000,
      event_id: null,
      valid_from: null,
      valid_until: null,
      min_subtotal: 0,
      max_redemptions: null,
      redemptions: 0,
    },
    {
      code: 'NABD50',
      coupon_type: 'FIXED_AMOUNT',
      value: 5000,
      event_id: NABD,
      valid_from: null,
      valid_until: null,
      min_subtotal: 100000,
      max_redemptions: null,
      redemptions: 0,
    },
    {
      code: 'EXPIRED2025',
      coupon_type: 'PERCENTAGE',
      value: 2000,
      event_id: null,
      valid_from: '2025-01-01T00:00:00Z',
      valid_until: '2025-12-31T20:59:59Z',
      min_subtotal: 0,
      max_redemptions: null,
      redemptions: 0,
    },
    {
      code: 'FORUMONLY',
      coupon_type: 'PERCENTAGE',
      value: 1500,
      event_id: 'evt_forum_2027',
      valid_from: null,
      valid_until: null,
      min_subtotal: 0,
      max_redemptions: null,
      redemptions: 0,
    },
  ],
} satisfies Record<string, Row[]>;

const TABLES: [keyof typeof DEMO_CATALOGUE, string][] = [
  ['events', 'events'],
  ['waves', 'waves'],
  ['categories', 'categories'],
  ['tickets', 'tickets'],
  ['perks', 'perks'],
  ['extraItems', 'extra_items'],
  ['timeslots', 'timeslots'],
  ['coupons', 'coupons'],
];

/** Adds what is missing of the demo catalogue; rows that exist (maybe changed by sales) stay as they are. */
export async function seedDemoCatalogue(db: Database, logger: Logger): Promise<void> {
  const added = await db.transaction(async (tx) => {
    let count = 0;
    for (const [key, table] of TABLES) {
      // One statement per table: the rows go as one JSON document, in the table's own column types.
      const result = (await tx.execute(
        sql`insert into ${sql.raw(`commerce.${table}`)}
            select * from jsonb_populate_recordset(null::${sql.raw(`commerce.${table}`)}, ${JSON.stringify(DEMO_CATALOGUE[key])}::jsonb)
            on conflict do nothing`,
      )) as { rowCount?: number | null; affectedRows?: number };
      count += result.rowCount ?? result.affectedRows ?? 0;
    }
    return count;
  });
  if (added) logger.info({ rows: added }, 'Added the demo catalogue');
}
