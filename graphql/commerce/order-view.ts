import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { localized, ticketCustomView, timeslotView, type Catalogue } from './catalogue.ts';
import { money } from './money.ts';

/** An order row as the service reads it. */
export interface OrderRow {
  id: string;
  event_id: string;
  cart_id: string;
  customer_id: string;
  secret_uuid: string;
  state: 'PENDING_PAYMENT' | 'PAID' | 'PAYMENT_FAILED' | 'EXPIRED' | 'CANCELLED';
  payment_method: 'CREDIT_CARD' | 'MOBILE_WALLET' | 'INSTALMENTS';
  customer: { email: string; firstName: string; lastName: string };
  coupon_codes: { code: string; couponType: string; discountValue: number }[];
  subtotal: number;
  products_discount: number;
  coupons_discount: number;
  total: number;
  total_excluding: number;
  vat: number;
  locale: 'en' | 'ar';
  return_url: string;
  hold_expires_at: string | null;
  created_at: string;
  completed_at: string | null;
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The order when the caller may see it: its own, or any order whose secret is given (a guest's
 * link, SPEC 2.4). Undefined otherwise, the same whether it exists or not.
 */
export async function readOrder(
  db: Database,
  orderId: string,
  customerId: string,
  secretUuid?: string | null,
): Promise<OrderRow | undefined> {
  const [row] = await queryRows<OrderRow>(db, sql`select * from commerce.orders where id = ${orderId}`);
  if (!row) return undefined;
  if (row.customer_id === customerId) return row;
  return secretUuid && isUuid(secretUuid) && secretUuid.toLowerCase() === row.secret_uuid ? row : undefined;
}

type ItemRow = {
  id: string;
  ticket_id: string;
  timeslot_id: string | null;
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
};

/** The schema's Order for a row (SPEC 3.4): prices as frozen at order time, tickets once issued. */
export async function orderView(db: Database, catalogue: Catalogue, order: OrderRow, includeAssignment: boolean) {
  const [items, issued, payments, data] = await Promise.all([
    queryRows<ItemRow>(db, sql`select * from commerce.order_items where order_id = ${order.id} order by position`),
    queryRows<{
      id: string;
      order_item_id: string;
      name_en: string;
      name_ar: string;
      holder_first_name: string | null;
      holder_last_name: string | null;
      holder_email: string | null;
    }>(
      db,
      sql`select i.id, i.order_item_id, t.name_en, t.name_ar, i.holder_first_name, i.holder_last_name, i.holder_email
          from commerce.issued_tickets i join commerce.tickets t on t.id = i.ticket_id
          where i.order_id = ${order.id} order by i.serial`,
    ),
    queryRows<{ payment_link: string | null }>(
      db,
      sql`select payment_link from commerce.payments where order_id = ${order.id} and state in ('PENDING', 'CHALLENGE') order by created_at desc limit 1`,
    ),
    catalogue.load(order.event_id, db),
  ]);
  const pending = order.state === 'PENDING_PAYMENT';
  return {
    id: order.id,
    eventId: order.event_id,
    customerId: order.customer_id,
    couponCodes: order.coupon_codes.map((coupon) => ({
      code: coupon.code,
      couponType: coupon.couponType,
      discountValue: money(coupon.discountValue),
    })),
    customer: { firstName: order.customer.firstName, lastName: order.customer.lastName, email: order.customer.email },
    items: items.map((item) => {
      const ticket = data?.tickets.find((candidate) => candidate.id === item.ticket_id);
      const slot = item.timeslot_id ? data?.timeslots.find((candidate) => candidate.id === item.timeslot_id) : undefined;
      return {
        id: item.id,
        catalogueItemId: item.ticket_id,
        name: localized(item.name_en, item.name_ar)!,
        quantity: item.quantity,
        originalPrice: money(item.original_price),
        discountedPrice: money(item.discounted_price),
        total: money(item.total),
        timeslot: slot ? timeslotView(slot, true) : null,
        subItems: item.sub_items.map((sub) => ({
          id: sub.id,
          parentLineItemId: item.id,
          catalogueItemId: sub.extraItemId,
          name: localized(sub.nameEn, sub.nameAr)!,
          quantity: sub.quantity,
          originalPrice: money(sub.originalPrice),
          discountedPrice: money(sub.discountedPrice),
          subtotal: money(sub.originalPrice * sub.quantity),
          total: money(sub.discountedPrice * sub.quantity),
        })),
        custom: ticket
          ? ticketCustomView(ticket)
          : {
              order: 0,
              backgroundImage: null,
              logo: null,
              isCallbackForm: false,
              callbackFormType: null,
              maxAmountPerOrder: 1,
              isShippingRequired: false,
              delivery: 'DIGITAL',
            },
      };
    }),
    subtotalPrice: money(order.subtotal),
    totalPrice: money(order.total),
    totalPriceExcluding: money(order.total_excluding),
    vatAmount: money(order.vat),
    cartDiscountPrice: money(order.products_discount + order.coupons_discount),
    pdfTickets: issued.map((ticket) => ({
      id: ticket.id,
      orderItemId: ticket.order_item_id,
      name: localized(ticket.name_en, ticket.name_ar)!,
      holder:
        includeAssignment && ticket.holder_email
          ? { firstName: ticket.holder_first_name ?? '', lastName: ticket.holder_last_name ?? '', email: ticket.holder_email }
          : null,
    })),
    state: order.state,
    paymentMethod: order.payment_method,
    ticketsAssigned: issued.length > 0 && issued.every((ticket) => ticket.holder_email !== null),
    completedAt: iso(order.completed_at),
    createdAt: iso(order.created_at)!,
    holdExpiresAt: pending ? iso(order.hold_expires_at) : null,
    paymentLink: pending ? (payments[0]?.payment_link ?? null) : null,
  };
}
