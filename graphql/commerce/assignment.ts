import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Database } from '#platform/database.ts';
import { badUserInput, notFound, orderState } from './errors.ts';
import { findAccessibleOrder, orderViews, type OrderCaller } from './order-queries.ts';

/** Longest holder name, as for a profile's names (SPEC 5: text too long). */
export const HOLDER_NAME_MAX = 80;
/** RFC 5321's longest address. */
export const HOLDER_EMAIL_MAX = 254;

const name = z.string().trim().min(1, 'validation:required').max(HOLDER_NAME_MAX, 'validation:maxLengthOf');
const assignmentRules = z
  .array(
    z.object({
      ticketId: z.string().trim().toLowerCase(),
      firstName: name,
      lastName: name,
      email: z
        .string()
        .trim()
        .toLowerCase()
        .min(1, 'validation:required')
        .max(HOLDER_EMAIL_MAX, 'validation:maxLengthOf')
        .pipe(z.email('validation:email')),
    }),
  )
  .min(1, 'validation:required')
  .max(34, 'validation:choice');

export interface TicketAssignment {
  ticketId: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Field messages with their whole path: `ticketAssignments.2.email` → `validation:email`. */
function assignmentFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[['ticketAssignments', ...issue.path.map(String)].join('.')] ??= issue.message;
  return fields;
}

/**
 * SPEC 4.3: names the holders of a paid order's tickets, for its owner or the holder of its secret.
 * All or nothing: every ticket must be the order's, every name and address valid. Naming a ticket
 * again replaces its holder. Answers the order with its holders.
 */
export async function assignOrderTickets(
  db: Database,
  caller: OrderCaller,
  input: { orderId: string; secretUuid?: string | null; ticketAssignments: TicketAssignment[] },
  now: Date,
) {
  const order = await findAccessibleOrder(db, caller, input.orderId, input.secretUuid);
  if (!order) throw notFound('Order');
  if (order.state !== 'PAID') throw orderState('Only a paid order has tickets to assign');
  const parsed = assignmentRules.safeParse(input.ticketAssignments);
  if (!parsed.success) throw badUserInput(assignmentFields(parsed.error));
  const assignments = parsed.data;
  const seen = new Set<string>();
  for (const [index, assignment] of assignments.entries()) {
    if (seen.has(assignment.ticketId))
      throw badUserInput({ [`ticketAssignments.${index}.ticketId`]: 'validation:choice' }, 'A ticket is named twice');
    seen.add(assignment.ticketId);
  }

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const ids = assignments.map((assignment) => assignment.ticketId);
    const owned = await queryRows<{ id: string }>(
      tx,
      sql`select id::text as id from commerce.issued_tickets where order_id = ${order.id} and id::text in ${ids} for update`,
    );
    if (owned.length !== ids.length) throw notFound('Ticket');
    for (const assignment of assignments) {
      await tx.execute(
        sql`update commerce.issued_tickets
            set holder_first_name = ${assignment.firstName}, holder_last_name = ${assignment.lastName},
                holder_email = ${assignment.email}, assigned_at = ${now.toISOString()}
            where id = ${assignment.ticketId} and order_id = ${order.id}`,
      );
    }
  });
  const [view] = await orderViews(db, [order], true);
  return view!;
}
