import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { normalisePhone } from '#platform/profile-rules.ts';
import { badUserInput, notFound } from './errors.ts';
import type { OrderCaller } from './order-queries.ts';

/**
 * SPEC 5, 7.2: consent to receive tickets and order news on WhatsApp, once per phone number and
 * customer. A repeat answers ALREADY_OPTED_IN and moves the consent to the order given, if any. The
 * order must be the caller's own; it is marked as consented.
 */
export async function whatsappOptin(
  db: Database,
  caller: OrderCaller,
  input: { phoneNumber: string; orderId?: string | null; locale: string },
  now: Date,
): Promise<{ status: 'OPTED_IN' | 'ALREADY_OPTED_IN' }> {
  const phoneNumber = normalisePhone(input.phoneNumber ?? '');
  const fields: Record<string, string> = {};
  if (!phoneNumber) fields.phoneNumber = 'validation:phone';
  if (input.locale !== 'en' && input.locale !== 'ar') fields.locale = 'validation:choice';
  if (Object.keys(fields).length > 0) throw badUserInput(fields);
  const orderId = input.orderId || null;

  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    if (orderId) {
      const [order] = await queryRows<{ id: string }>(
        tx,
        sql`update commerce.orders set whatsapp_consent = true where id = ${orderId} and customer_id = ${caller.customerId} returning id`,
      );
      if (!order) throw notFound('Order');
    }
    const [row] = await queryRows<{ inserted: boolean }>(
      tx,
      sql`insert into commerce.whatsapp_optins (phone_number, customer_id, order_id, locale, created_at)
          values (${phoneNumber}, ${caller.customerId}, ${orderId}, ${input.locale}, ${now.toISOString()})
          on conflict (phone_number, customer_id) do update
            set order_id = coalesce(excluded.order_id, commerce.whatsapp_optins.order_id), locale = excluded.locale
          returning (xmax = 0) as inserted`,
    );
    return { status: row!.inserted ? 'OPTED_IN' : 'ALREADY_OPTED_IN' };
  });
}
