import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { badUserInput, forbidden, notFound } from './errors.ts';
import { money, type MoneyInfo } from './money.ts';
import { signedDownloadUrl } from './ticket-links.ts';

/** The caller as the service knows it: a user id, or `guest_<uuid>` for a guest (SPEC 6). */
export interface OrderCaller {
  customerId: string;
  kind: 'user' | 'guest';
}

export interface OrderQueryParts {
  db: Database;
  clock: () => Date;
  /** COMMERCE_SECRET: download links are signed with a key derived from it. */
  secret: string;
  /** The site's public origin: download links are absolute. */
  baseUrl: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SPEC 9.3 pages lists; an order list shows at most this many at once. */
export const ORDERS_PAGE_LIMIT = 50;

export interface OrderRow {
  id: string;
  event_id: string;
  customer_id: string;
  secret_uuid: string;
  state: 'PENDING_PAYMENT' | 'PAID' | 'PAYMENT_FAILED' | 'EXPIRED' | 'CANCELLED';
  payment_method: string;
  customer: { email: string; firstName: string; lastName: string };
  coupon_codes: { code: string; couponType: string; discountValue: number | string | MoneyInfo }[];
  subtotal: number;
  products_discount: number;
  coupons_discount: number;
  total: number;
  total_excluding: number;
  vat: number;
  locale: 'en' | 'ar';
  return_url: string;
  hold_expires_at: Date | string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  loyalty_points: number;
  loyalty_discount: number;
  affiliate_code: string | null;
}

/** An order's loyalty points (decision 0039): its burn and what it earns. */
interface OrderLoyaltyRow {
  order_id: string;
  burn_state: 'PENDING' | 'BURNED' | 'REVERSED' | null;
  earned_points: number | null;
  earn_state: 'QUEUED' | 'ACCRUED' | 'REFUSED' | null;
  posts_at: Date | string | null;
}

interface ItemRow {
  id: string;
  order_id: string;
  ticket_id: string;
  name_en: string;
  name_ar: string;
  quantity: number;
  original_price: number;
  discounted_price: number;
  total: number;
  sub_items: {
    id: string;
    extraItemId: string;
    nameEn: string;
    nameAr: string;
    quantity: number;
    originalPrice: number;
    discountedPrice: number;
  }[];
  timeslot_id: string | null;
  timeslot_starts_at: Date | string | null;
  timeslot_ends_at: Date | string | null;
  timeslot_available: boolean | null;
  sort_order: number;
  background_image: string | null;
  logo: string | null;
  is_callback_form: boolean;
  callback_form_type: string | null;
  max_per_order: number;
  is_shipping_required: boolean;
  delivery: string;
}

export interface IssuedTicketRow {
  id: string;
  order_id: string;
  order_item_id: string;
  serial: number;
  holder_first_name: string | null;
  holder_last_name: string | null;
  holder_email: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const ORDER_COLUMNS = sql.raw(`o.id, o.event_id, o.customer_id, o.secret_uuid::text as secret_uuid, o.state, o.payment_method, o.customer,
  o.coupon_codes, o.subtotal, o.products_discount, o.coupons_discount, o.total, o.total_excluding, o.vat, o.locale, o.return_url,
  o.hold_expires_at, o.created_at, o.completed_at, o.loyalty_points, o.loyalty_discount, o.affiliate_code`);

/**
 * The order the caller may see: its own, or any order whose secret it holds (a guest's link,
 * SPEC 2.4). Anything else is treated as missing, so an id reveals nothing.
 */
export async function findAccessibleOrder(
  db: Database,
  caller: OrderCaller,
  orderId: string,
  secretUuid?: string | null,
): Promise<OrderRow | undefined> {
  const secret = secretUuid && UUID.test(secretUuid) ? secretUuid.toLowerCase() : null;
  const [row] = await queryRows<OrderRow>(
    db,
    sql`select ${ORDER_COLUMNS} from commerce.orders o
        where o.id = ${orderId} and (o.customer_id = ${caller.customerId} or o.secret_uuid::text = ${secret})`,
  );
  return row;
}

/** The items and tickets of some orders, two queries whatever their number. */
async function loadDetails(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return { items: [] as ItemRow[], tickets: [] as IssuedTicketRow[] };
  const [items, tickets] = await Promise.all([
    queryRows<ItemRow>(
      db,
      sql`select i.id::text as id, i.order_id, i.ticket_id, i.name_en, i.name_ar, i.quantity, i.original_price, i.discounted_price, i.total,
                 i.sub_items, i.timeslot_id, s.starts_at as timeslot_starts_at, s.ends_at as timeslot_ends_at,
                 (s.capacity is null or s.held + s.sold < s.capacity) as timeslot_available,
                 t.sort_order, t.background_image, t.logo, t.is_callback_form, t.callback_form_type, t.max_per_order,
                 t.is_shipping_required, t.delivery
          from commerce.order_items i
          join commerce.tickets t on t.id = i.ticket_id
          left join commerce.timeslots s on s.id = i.timeslot_id
          where i.order_id in ${orderIds}
          order by i.order_id, i.position, i.id`,
    ),
    queryRows<IssuedTicketRow>(
      db,
      sql`select id::text as id, order_id, order_item_id::text as order_item_id, serial, holder_first_name, holder_last_name, holder_email
          from commerce.issued_tickets where order_id in ${orderIds} order by order_id, serial`,
    ),
  ]);
  return { items, tickets };
}

async function loyaltyOf(db: Database, orderIds: string[]): Promise<Map<string, OrderLoyaltyRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await queryRows<OrderLoyaltyRow>(
    db,
    sql`select o.id as order_id, b.state as burn_state, a.points as earned_points, a.state as earn_state, a.posts_at
        from commerce.orders o
        left join commerce.loyalty_burns b on b.order_id = o.id
        left join commerce.loyalty_accruals a on a.order_id = o.id
        where o.id in ${orderIds} and (b.order_id is not null or a.order_id is not null)`,
  );
  return new Map(rows.map((row) => [row.order_id, row]));
}

/** Payment failures as the Order type names them, from what the lifecycle recorded (decision 0048). */
const PAYMENT_FAILURES = {
  declined: 'DECLINED',
  insufficient_funds: 'INSUFFICIENT_FUNDS',
  challenge_failed: 'AUTHENTICATION_FAILED',
} as const;

export type PaymentFailure = (typeof PAYMENT_FAILURES)[keyof typeof PAYMENT_FAILURES];

/** Why each failed order's latest refused payment was refused. */
async function paymentFailures(db: Database, orderIds: string[]): Promise<Map<string, PaymentFailure>> {
  if (orderIds.length === 0) return new Map();
  const rows = await queryRows<{ order_id: string; failure_reason: string | null }>(
    db,
    sql`select distinct on (order_id) order_id, failure_reason from commerce.payments
        where order_id in ${orderIds} and state = 'DECLINED'
        order by order_id, updated_at desc`,
  );
  const failures = new Map<string, PaymentFailure>();
  for (const row of rows) {
    const failure = row.failure_reason && Object.hasOwn(PAYMENT_FAILURES, row.failure_reason) ? row.failure_reason : null;
    if (failure) failures.set(row.order_id, PAYMENT_FAILURES[failure as keyof typeof PAYMENT_FAILURES]);
  }
  return failures;
}

async function pendingPaymentLinks(db: Database, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await queryRows<{ order_id: string; payment_link: string }>(
    db,
    sql`select distinct on (order_id) order_id, payment_link from commerce.payments
        where order_id in ${orderIds} and state in ('PENDING', 'CHALLENGE') and payment_link is not null
        order by order_id, created_at desc`,
  );
  return new Map(rows.map((row) => [row.order_id, row.payment_link]));
}

const couponMoney = (value: number | string | MoneyInfo): MoneyInfo =>
  typeof value === 'number' ? money(value) : typeof value === 'string' ? { amount: value, currency: 'SAR' } : value;

function toOrder(
  order: OrderRow,
  items: ItemRow[],
  tickets: IssuedTicketRow[],
  paymentLink: string | undefined,
  paymentFailure: PaymentFailure | undefined,
  includeAssignment: boolean,
  loyalty: OrderLoyaltyRow | undefined,
  now: Date,
) {
  const paid = order.state === 'PAID';
  const pending = order.state === 'PENDING_PAYMENT';
  const names = new Map(items.map((item) => [item.id, { en: item.name_en, ar: item.name_ar }]));
  const issued = paid ? tickets : [];
  return {
    id: order.id,
    eventId: order.event_id,
    customerId: order.customer_id,
    couponCodes: order.coupon_codes.map((coupon) => ({
      code: coupon.code,
      couponType: coupon.couponType,
      discountValue: couponMoney(coupon.discountValue),
    })),
    customer: { firstName: order.customer.firstName, lastName: order.customer.lastName, email: order.customer.email },
    items: items.map((item) => ({
      id: item.id,
      catalogueItemId: item.ticket_id,
      name: { en: item.name_en, ar: item.name_ar },
      quantity: item.quantity,
      originalPrice: money(item.original_price),
      discountedPrice: money(item.discounted_price),
      total: money(item.total),
      timeslot: item.timeslot_id
        ? {
            id: item.timeslot_id,
            dateTimeRange: { start: iso(item.timeslot_starts_at)!, end: iso(item.timeslot_ends_at)! },
            isAvailable: Boolean(item.timeslot_available),
          }
        : null,
      subItems: item.sub_items.map((sub) => ({
        id: sub.id,
        parentLineItemId: item.id,
        catalogueItemId: sub.extraItemId,
        name: { en: sub.nameEn, ar: sub.nameAr },
        quantity: sub.quantity,
        originalPrice: money(sub.originalPrice),
        discountedPrice: money(sub.discountedPrice),
        subtotal: money(sub.originalPrice * sub.quantity),
        total: money(sub.discountedPrice * sub.quantity),
      })),
      custom: {
        order: item.sort_order,
        backgroundImage: item.background_image,
        logo: item.logo,
        isCallbackForm: item.is_callback_form,
        callbackFormType: item.callback_form_type,
        maxAmountPerOrder: item.max_per_order,
        isShippingRequired: item.is_shipping_required,
        delivery: item.delivery,
      },
    })),
    subtotalPrice: money(order.subtotal),
    totalPrice: money(order.total),
    totalPriceExcluding: money(order.total_excluding),
    vatAmount: money(order.vat),
    cartDiscountPrice: money(order.products_discount + order.coupons_discount + order.loyalty_discount),
    loyaltyPoints: order.loyalty_points,
    loyaltyDiscountValue: money(order.loyalty_discount),
    loyaltyBurnState: loyalty?.burn_state ?? null,
    affiliateCode: order.affiliate_code,
    loyaltyEarning:
      loyalty?.earned_points && loyalty.earn_state
        ? {
            points: loyalty.earned_points,
            pointsState:
              loyalty.earn_state === 'REFUSED'
                ? 'REFUSED'
                : loyalty.earn_state === 'ACCRUED' && loyalty.posts_at && new Date(loyalty.posts_at) <= now
                  ? 'POSTED'
                  : 'ON_THE_WAY',
            pointsPostAt: iso(loyalty.posts_at),
          }
        : null,
    pdfTickets: issued.map((ticket) => ({
      id: ticket.id,
      orderItemId: ticket.order_item_id,
      name: names.get(ticket.order_item_id) ?? { en: '', ar: '' },
      holder:
        includeAssignment && ticket.holder_first_name && ticket.holder_last_name && ticket.holder_email
          ? { firstName: ticket.holder_first_name, lastName: ticket.holder_last_name, email: ticket.holder_email }
          : null,
    })),
    state: order.state,
    // Issuing follows the payment in a queued job (decision 0032): a paid order may be between the two.
    ticketsIssued: issued.length > 0,
    paymentMethod: order.payment_method,
    ticketsAssigned: issued.length > 0 && issued.every((ticket) => ticket.holder_first_name !== null),
    completedAt: iso(order.completed_at),
    createdAt: iso(order.created_at)!,
    holdExpiresAt: pending ? iso(order.hold_expires_at) : null,
    paymentLink: pending ? (paymentLink ?? null) : null,
    paymentFailure: order.state === 'PAYMENT_FAILED' ? (paymentFailure ?? null) : null,
  };
}

/** The order's payment with `provider` that is still open (the latest, should there be several). */
export async function openPaymentOf(
  db: Database,
  orderId: string,
  provider: 'card' | 'wallet' | 'instalments',
): Promise<string | undefined> {
  const [payment] = await queryRows<{ id: string }>(
    db,
    sql`select id from commerce.payments where order_id = ${orderId} and provider = ${provider} and state in ('PENDING', 'CHALLENGE')
        order by created_at desc limit 1`,
  );
  return payment?.id;
}

export type OrderView = ReturnType<typeof toOrder>;

/** Orders with their items, tickets and payment links, loaded in bulk, in the order given. */
export async function orderViews(db: Database, orders: OrderRow[], includeAssignment: boolean, now = new Date()): Promise<OrderView[]> {
  const ids = orders.map((order) => order.id);
  const pendingIds = orders.filter((order) => order.state === 'PENDING_PAYMENT').map((order) => order.id);
  const failedIds = orders.filter((order) => order.state === 'PAYMENT_FAILED').map((order) => order.id);
  const [{ items, tickets }, links, failures, loyalty] = await Promise.all([
    loadDetails(db, ids),
    pendingPaymentLinks(db, pendingIds),
    paymentFailures(db, failedIds),
    loyaltyOf(db, ids),
  ]);
  return orders.map((order) =>
    toOrder(
      order,
      items.filter((item) => item.order_id === order.id),
      tickets.filter((ticket) => ticket.order_id === order.id),
      links.get(order.id),
      failures.get(order.id),
      includeAssignment,
      loyalty.get(order.id),
      now,
    ),
  );
}

export interface OrdersArguments {
  eventId?: string | null | undefined;
  limit?: number | null | undefined;
  orderBy?: 'completed_at' | null | undefined;
  direction?: 'asc' | 'desc' | null | undefined;
  page?: number | null | undefined;
  /** SPEC 2.4: the account's tickets show who holds each one. */
  includeAssignment?: boolean | null | undefined;
}

/** Query.orders and Query.ticketDownloadUrl (Query.order is resolvers/orders.ts over the same `orderViews`). */
export class OrderQueries {
  constructor(private readonly parts: OrderQueryParts) {}

  /**
   * SPEC 7.2: a signed-in user's completed (paid) orders, newest first unless asked otherwise,
   * one page at a time. Guests have no order history (SPEC 6).
   */
  async orders(caller: OrderCaller, args: OrdersArguments) {
    if (caller.kind !== 'user') throw forbidden('Sign in to see your orders');
    const limit = args.limit ?? 10;
    const page = args.page ?? 1;
    const fields: Record<string, string> = {};
    if (!Number.isInteger(limit) || limit < 1 || limit > ORDERS_PAGE_LIMIT) fields.limit = 'validation:choice';
    if (!Number.isInteger(page) || page < 1 || page > 100_000) fields.page = 'validation:choice';
    if (Object.keys(fields).length > 0) throw badUserInput(fields);
    const direction = sql.raw(args.direction === 'asc' ? 'asc' : 'desc');
    const eventFilter = args.eventId ? sql`and o.event_id = ${args.eventId}` : sql``;
    const rows = await queryRows<OrderRow & { total_count: number | string }>(
      this.parts.db,
      sql`select ${ORDER_COLUMNS}, count(*) over () as total_count
          from commerce.orders o
          where o.customer_id = ${caller.customerId} and o.state = 'PAID' ${eventFilter}
          order by o.completed_at ${direction}, o.id ${direction}
          limit ${limit} offset ${(page - 1) * limit}`,
    );
    let totalCount = rows.length > 0 ? Number(rows[0]!.total_count) : 0;
    if (rows.length === 0 && page > 1) {
      // Past the last page: the count still tells the pager how many pages there are.
      const [counted] = await queryRows<{ total: number | string }>(
        this.parts.db,
        sql`select count(*) as total from commerce.orders o where o.customer_id = ${caller.customerId} and o.state = 'PAID' ${eventFilter}`,
      );
      totalCount = Number(counted?.total ?? 0);
    }
    return {
      items: await orderViews(this.parts.db, rows, args.includeAssignment === true, this.parts.clock()),
      currentPage: page,
      pageSize: limit,
      totalCount,
      // An empty history is still one (empty) page, so a pager never shows "page 1 of 0".
      totalPages: Math.max(1, Math.ceil(totalCount / limit)),
    };
  }

  /**
   * SPEC 9.3: a signed link to one ticket's PDF, valid an hour, for the order's owner or the holder
   * of its secret; only a paid order's tickets. Anything else is NOT_FOUND.
   */
  async ticketDownloadUrl(caller: OrderCaller, ticketId: string, secretUuid?: string | null): Promise<string> {
    if (!UUID.test(ticketId)) throw notFound('Ticket');
    const secret = secretUuid && UUID.test(secretUuid) ? secretUuid.toLowerCase() : null;
    const [ticket] = await queryRows<{ id: string }>(
      this.parts.db,
      sql`select t.id::text as id from commerce.issued_tickets t join commerce.orders o on o.id = t.order_id
          where t.id = ${ticketId.toLowerCase()} and o.state = 'PAID'
            and (o.customer_id = ${caller.customerId} or o.secret_uuid::text = ${secret})`,
    );
    if (!ticket) throw notFound('Ticket');
    return signedDownloadUrl({ secret: this.parts.secret, baseUrl: this.parts.baseUrl, ticketId: ticket.id, now: this.parts.clock() });
  }
}
