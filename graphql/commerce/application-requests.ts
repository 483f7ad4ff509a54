import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Database } from '#platform/database.ts';
import { isRealDate, normalisePhone, today } from '#platform/profile-rules.ts';
import { badUserInput, notFound } from './errors.ts';
import type { OrderCaller } from './order-queries.ts';

export type Offering = 'GROUP' | 'PREMIUM_BOX';

/** A group or box request is for 1 to 500 people: beyond that the sales team plans it by hand. */
export const GROUP_SIZE_MIN = 1;
export const GROUP_SIZE_MAX = 500;
const NAME_MAX = 80;
const COMPANY_MAX = 120;
const MESSAGE_MAX = 2000;
const TIME_ZONE = 'Asia/Riyadh';

const requiredText = (max: number) => z.string().trim().min(1, 'validation:required').max(max, 'validation:maxLengthOf');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation:maxLengthOf')
    .nullish()
    .transform((value) => (value ? value : null));

const formRules = z.object({
  eventId: z.string().trim().min(1, 'validation:required'),
  ticketId: z.string().trim().min(1, 'validation:required'),
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  email: z.string().trim().toLowerCase().min(1, 'validation:required').max(254, 'validation:maxLengthOf').pipe(z.email('validation:email')),
  phoneNumber: z.string().transform((value, context) => {
    const phone = normalisePhone(value);
    if (phone) return phone;
    context.addIssue({ code: 'custom', message: 'validation:phone' });
    return z.NEVER;
  }),
  contactOption: z.enum(['email', 'phone', 'whatsapp'], { error: 'validation:choice' }),
  days: z
    .array(z.string().trim().refine(isRealDate, 'validation:date'))
    .min(1, 'validation:required')
    .max(31, 'validation:choice')
    .transform((days) => [...new Set(days)].sort()),
  groupSize: z
    .number({ error: 'validation:groupSize' })
    .int('validation:groupSize')
    .min(GROUP_SIZE_MIN, 'validation:groupSize')
    .max(GROUP_SIZE_MAX, 'validation:groupSize'),
  groupType: z.enum(['corporate', 'personal'], { error: 'validation:choice' }),
  isPremiumBoxCustomer: z.boolean({ error: 'validation:choice' }),
  companyName: optionalText(COMPANY_MAX),
  message: optionalText(MESSAGE_MAX),
  locale: z.enum(['en', 'ar'], { error: 'validation:choice' }),
});

export type ApplicationRequestForm = z.input<typeof formRules>;

function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return fields;
}

const riyadhDay = (value: Date | string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(value));

/**
 * The days a request may ask for: the event's days, as its timeslots give them (Asia/Riyadh,
 * SPEC 9.1). An event whose tickets have no timeslots has no dates in this service, so any day
 * from today up to a year ahead is taken and the sales team confirms it on the call.
 */
async function allowedDays(db: Database, eventId: string, now: Date): Promise<(day: string) => boolean> {
  const slots = await queryRows<{ starts_at: Date | string; ends_at: Date | string }>(
    db,
    sql`select s.starts_at, s.ends_at from commerce.timeslots s join commerce.tickets t on t.id = s.ticket_id
        where t.event_id = ${eventId} and s.withdrawn_at is null`,
  );
  const first = today(now);
  if (slots.length === 0) {
    const last = riyadhDay(new Date(now.getTime() + 366 * 24 * 3600 * 1000));
    return (day) => day >= first && day <= last;
  }
  const days = new Set(slots.flatMap((slot) => [riyadhDay(slot.starts_at), riyadhDay(slot.ends_at)]));
  return (day) => days.has(day) && day >= first;
}

/**
 * SPEC 2.4, 3.4: a request for group tickets or the premium box, from a guest or a user. The ticket
 * must be a request-form offer of that kind of that event (anything else is NOT_FOUND); the days
 * must be the event's. Stored for the sales team, who call back.
 */
export async function submitApplicationRequest(
  db: Database,
  caller: OrderCaller,
  offering: Offering,
  form: ApplicationRequestForm,
  now: Date,
): Promise<{ id: string; status: 'RECEIVED' }> {
  const parsed = formRules.safeParse(form);
  if (!parsed.success) throw badUserInput(fieldsOf(parsed.error));
  const request = parsed.data;
  const [ticket] = await queryRows<{ id: string }>(
    db,
    sql`select id from commerce.tickets
        where id = ${request.ticketId} and event_id = ${request.eventId} and is_callback_form and callback_form_type = ${offering}
          and withdrawn_at is null`,
  );
  if (!ticket) throw notFound('Request-form offer');
  const isAllowed = await allowedDays(db, request.eventId, now);
  if (!request.days.every(isAllowed)) throw badUserInput({ days: 'validation:choice' }, 'A day is not one of the event days');

  const { eventId, ticketId, ...details } = request;
  const [stored] = await queryRows<{ id: string }>(
    db,
    sql`insert into commerce.application_requests (offering, event_id, ticket_id, customer_id, form, created_at)
        values (${offering}, ${eventId}, ${ticketId}, ${caller.customerId}, ${JSON.stringify(details)}::jsonb, ${now.toISOString()})
        returning id::text as id`,
  );
  return { id: stored!.id, status: 'RECEIVED' };
}
