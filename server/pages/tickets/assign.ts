import { ASSIGN_FORM, AssignPage, type AssignPageData } from '#views/pages/tickets/AssignPage.tsx';
import { holderForm } from '../../forms/checkout-forms.ts';
import { parseForm } from '../../forms/parse-form.ts';
import { page, type FormOutcome, type PageContext, type PageModule } from '../../page.ts';
import { ticketPageAnalytics, ticketPageHead } from './common.ts';
import { ASSIGN_ORDER_TICKETS } from './checkout-documents.ts';
import { loadOrder } from './order-access.ts';

/** A row of the form: `ticket.<n>.id`, `.firstName`, `.lastName`, `.email`. */
const ROW = /^ticket\.(\d{1,2})\.(id|firstName|lastName|email)$/;

/** SPEC 4.3: every ticket's row checked; each field's message names its row's field. */
function parseRows(body: Record<string, string>, ticketIds: Set<string>) {
  const rows = new Map<number, Record<string, string>>();
  for (const [name, value] of Object.entries(body)) {
    const match = ROW.exec(name);
    if (!match || typeof value !== 'string') continue;
    const row = rows.get(Number(match[1])) ?? {};
    row[match[2]!] = value;
    rows.set(Number(match[1]), row);
  }
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  const assignments: { ticketId: string; firstName: string; lastName: string; email: string }[] = [];
  const holders = new Set<string>();
  for (const [index, row] of [...rows].sort(([a], [b]) => a - b)) {
    for (const field of ['firstName', 'lastName', 'email']) values[`ticket.${index}.${field}`] = row[field] ?? '';
    if (!row.id || !ticketIds.has(row.id)) continue;
    const parsed = parseForm(holderForm, row);
    if (!parsed.ok) {
      for (const [field, message] of Object.entries(parsed.errors)) errors[`ticket.${index}.${field}`] = message;
    } else if (holders.has(parsed.data.email.toLowerCase())) {
      // SPEC 5: each ticket names its own holder; an address given twice is refused on the later row.
      errors[`ticket.${index}.email`] = 'validation:emailDuplicate';
    } else {
      holders.add(parsed.data.email.toLowerCase());
      assignments.push({ ticketId: row.id, ...parsed.data });
    }
  }
  return { values, errors, assignments };
}

const assignPage: PageModule<AssignPageData> = {
  async load(context) {
    const loaded = await loadOrder(context);
    if ('loaded' in loaded) return loaded.loaded;
    const { event, order, linkSecret } = loaded.access;
    const title = context.t('checkout:assign.title');
    return page(
      { event, order, secret: linkSecret },
      ticketPageHead(event, title, `/events/${event.slug}/tickets/assign`),
      ticketPageAnalytics(event, 'confirmation'),
    );
  },
  View: AssignPage,
  actions: {
    [ASSIGN_FORM]: {
      form: ASSIGN_FORM,
      async handle(context: PageContext, body): Promise<FormOutcome> {
        const loaded = await loadOrder(context);
        if ('loaded' in loaded) return { kind: 'failed', values: {}, message: 'checkout:assign.failed' };
        const { order, secret, accessToken } = loaded.access;
        if (order.state !== 'PAID') return { kind: 'failed', values: {}, message: 'checkout:assign.notPaid' };
        const { values, errors, assignments } = parseRows(body, new Set(order.pdfTickets.map((ticket) => ticket.id)));
        if (Object.keys(errors).length) return { kind: 'invalid', values, errors };
        if (assignments.length === 0)
          return { kind: 'invalid', values, errors: { form: 'validation:required' }, message: 'validation:required' };
        try {
          await context.services.commerce.mutate(
            ASSIGN_ORDER_TICKETS,
            { orderId: order.id, secretUuid: secret, ticketAssignments: assignments },
            { accessToken },
          );
        } catch (error) {
          context.req.log.warn({ err: error }, 'Assigning tickets failed');
          return { kind: 'failed', values, message: 'checkout:assign.failed' };
        }
        return { kind: 'succeeded', message: 'checkout:assign.saved' };
      },
    },
  },
};

export default assignPage;
