import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';

export interface OrderLine {
  ticketId: string;
  quantity: number;
  /** One ticket's price in halalas, VAT included. */
  price: number;
  timeslotId?: string;
}

export interface PlacedOrder {
  orderId: string;
  secretUuid: string;
}

let sequence = 0;

/**
 * An order written straight into the tables, as orderCreate and a payment leave it: PAID with a
 * completion time by default, or in another state. Totals follow the lines (15% VAT included).
 */
export async function insertOrder(
  db: Database,
  options: {
    customerId: string;
    eventId?: string;
    lines: OrderLine[];
    state?: 'PAID' | 'PENDING_PAYMENT' | 'CANCELLED';
    completedAt?: Date;
    locale?: 'en' | 'ar';
    email?: string;
    returnUrl?: string;
  },
): Promise<PlacedOrder> {
  sequence += 1;
  const orderId = `NBD-T${String(sequence).padStart(3, '0')}${randomUUID().slice(0, 4).toUpperCase()}`;
  const eventId = options.eventId ?? 'evt_nabd_2026';
  const state = options.state ?? 'PAID';
  const total = options.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const excluding = Math.floor((2 * total * 10_000 + 11_500) / (2 * 11_500));
  const [cart] = await queryRows<{ id: string }>(
    db,
    sql`insert into commerce.carts (event_id, customer_id, state) values (${eventId}, ${options.customerId}, ${state === 'PAID' ? 'COMPLETED' : 'ORDERED'})
        returning id::text as id`,
  );
  const customer = { email: options.email ?? 'layla@example.com', firstName: 'Layla', lastName: 'Haddad', phoneNumber: '+966501234567' };
  const address = { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' };
  const [order] = await queryRows<{ secret_uuid: string }>(
    db,
    sql`insert into commerce.orders (id, event_id, cart_id, customer_id, state, payment_method, customer, billing_address,
          subtotal, total, total_excluding, vat, locale, return_url, hold_expires_at, completed_at)
        values (${orderId}, ${eventId}, ${cart!.id}, ${options.customerId}, ${state}, 'CREDIT_CARD', ${JSON.stringify(customer)}::jsonb,
          ${JSON.stringify(address)}::jsonb, ${total}, ${total}, ${excluding}, ${total - excluding}, ${options.locale ?? 'en'},
          ${options.returnUrl ?? 'http://localhost:3000/events/nabd-festival-2026/tickets/confirmation'},
          ${state === 'PENDING_PAYMENT' ? '2026-11-21T12:15:00Z' : null},
          ${state === 'PAID' ? (options.completedAt ?? new Date('2026-11-21T11:00:00Z')).toISOString() : null})
        returning secret_uuid::text as secret_uuid`,
  );
  for (const [position, line] of options.lines.entries()) {
    await db.execute(
      sql`insert into commerce.order_items (order_id, ticket_id, timeslot_id, name_en, name_ar, quantity, original_price, discounted_price, total, position)
          select ${orderId}, t.id, ${line.timeslotId ?? null}, t.name_en, t.name_ar, ${line.quantity}, ${line.price}, ${line.price},
                 ${line.price * line.quantity}, ${position}
          from commerce.tickets t where t.id = ${line.ticketId}`,
    );
  }
  return { orderId, secretUuid: order!.secret_uuid };
}
