import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { signTicketReference } from './ticket-links.ts';
import { renderTicketPdf } from './ticket-pdf.ts';

/**
 * Issues one ticket per unit of each item of a paid order, numbered 1..n in the order's item order.
 * Idempotent and safe under concurrency: one statement that inserts only while the order has no
 * tickets, and `unique (order_id, serial)` turns a racing second call into nothing. Answers how
 * many tickets this call issued (0 when they already were, or the order is not paid).
 */
export async function issueTickets(db: Database, orderId: string): Promise<number> {
  const issued = await queryRows<{ id: string }>(
    db,
    sql`insert into commerce.issued_tickets (order_id, order_item_id, ticket_id, serial)
        select i.order_id, i.id, i.ticket_id, row_number() over (order by i.position, i.id, unit.n)
        from commerce.order_items i
        cross join lateral generate_series(1, i.quantity) as unit(n)
        where i.order_id = ${orderId}
          and exists (select 1 from commerce.orders o where o.id = ${orderId} and o.state = 'PAID')
          and not exists (select 1 from commerce.issued_tickets t where t.order_id = ${orderId})
        on conflict (order_id, serial) do nothing
        returning id`,
  );
  return issued.length;
}

/**
 * One issued ticket of a paid order as a PDF; undefined when there is no such ticket or its order
 * is not paid (the download route answers 404 then).
 */
export async function issuedTicketPdf(db: Database, secret: string, ticketId: string, now: Date): Promise<Buffer | undefined> {
  const [ticket] = await queryRows<{
    id: string;
    order_id: string;
    serial: number;
    ticket_count: number | string;
    holder_first_name: string | null;
    holder_last_name: string | null;
    event_name_en: string;
    event_name_ar: string;
    name_en: string;
    name_ar: string;
    starts_at: Date | string | null;
    ends_at: Date | string | null;
    locale: 'en' | 'ar';
    buyer_first_name: string | null;
    buyer_last_name: string | null;
    event_starts_at: Date | string | null;
    event_ends_at: Date | string | null;
    gates_open: string | null;
    venue_name_en: string | null;
    venue_name_ar: string | null;
    venue_address_en: string | null;
    venue_address_ar: string | null;
    venue_map_url: string | null;
  }>(
    db,
    sql`select t.id::text as id, t.order_id, t.serial, t.holder_first_name, t.holder_last_name,
               (select count(*) from commerce.issued_tickets c where c.order_id = t.order_id) as ticket_count,
               e.name_en as event_name_en, e.name_ar as event_name_ar, i.name_en, i.name_ar, s.starts_at, s.ends_at,
               o.locale, o.customer->>'firstName' as buyer_first_name, o.customer->>'lastName' as buyer_last_name, e.starts_at as event_starts_at, e.ends_at as event_ends_at, e.gates_open,
               e.venue_name_en, e.venue_name_ar, e.venue_address_en, e.venue_address_ar, e.venue_map_url
        from commerce.issued_tickets t
        join commerce.orders o on o.id = t.order_id and o.state = 'PAID'
        join commerce.events e on e.id = o.event_id
        join commerce.order_items i on i.id = t.order_item_id
        left join commerce.timeslots s on s.id = i.timeslot_id
        where t.id = ${ticketId}`,
  );
  if (!ticket) return undefined;
  return renderTicketPdf({
    ticketId: ticket.id,
    reference: signTicketReference(secret, ticket.id),
    orderId: ticket.order_id,
    locale: ticket.locale,
    serial: ticket.serial,
    ticketCount: Number(ticket.ticket_count),
    eventName: { en: ticket.event_name_en, ar: ticket.event_name_ar },
    ticketName: { en: ticket.name_en, ar: ticket.name_ar },
    holder:
      ticket.holder_first_name && ticket.holder_last_name
        ? { firstName: ticket.holder_first_name, lastName: ticket.holder_last_name }
        : undefined,
    timeslot: ticket.starts_at && ticket.ends_at ? { start: new Date(ticket.starts_at), end: new Date(ticket.ends_at) } : undefined,
    buyer:
      ticket.buyer_first_name && ticket.buyer_last_name
        ? { firstName: ticket.buyer_first_name, lastName: ticket.buyer_last_name }
        : undefined,
    eventDates:
      ticket.event_starts_at && ticket.event_ends_at
        ? { start: new Date(ticket.event_starts_at), end: new Date(ticket.event_ends_at) }
        : undefined,
    gatesOpen: ticket.gates_open ?? undefined,
    venue:
      ticket.venue_name_en && ticket.venue_name_ar
        ? {
            name: { en: ticket.venue_name_en, ar: ticket.venue_name_ar },
            address:
              ticket.venue_address_en && ticket.venue_address_ar ? { en: ticket.venue_address_en, ar: ticket.venue_address_ar } : undefined,
            mapUrl: ticket.venue_map_url ?? undefined,
          }
        : undefined,
    createdAt: now,
  });
}
