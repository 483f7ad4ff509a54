import { effectivePrice, onSale, ticketRemaining, ticketState, type EventData } from './catalogue.ts';
import { money, type MoneyInfo } from './money.ts';

/**
 * An event's sale at a glance, for the event cards of the site's lists (decision 0053): where it
 * stands and the lowest price on sale now. Request forms (group, premium box) have no price to
 * show and shipped items (a wristband kit) are not admission: neither counts.
 */
export type SaleStatus = 'ON_SALE' | 'SELLING_FAST' | 'ON_SALE_SOON' | 'SOLD_OUT' | 'SALE_ENDED';

export interface SaleSummary {
  eventId: string;
  status: SaleStatus;
  /** The lowest price of an admission ticket on sale now; null when none is. */
  fromPrice: MoneyInfo | null;
}

export function saleSummary(data: EventData, now: Date): SaleSummary {
  const admissions = data.tickets.filter((ticket) => onSale(ticket) && !ticket.isCallbackForm && ticket.delivery === 'DIGITAL');
  const states = admissions.map((ticket) => ({ ticket, state: ticketState(data, ticket, now) }));
  const available = states.filter(({ state }) => state === 'AVAILABLE_NOW').map(({ ticket }) => ticket);
  if (available.length) {
    // The ticket pages' "few left" (at most 10% of a ticket's capacity) on any ticket on sale.
    const fewLeft = available.some((ticket) => ticketRemaining(ticket, data.timeslots) * 10 <= ticket.capacity);
    return {
      eventId: data.event.id,
      status: fewLeft ? 'SELLING_FAST' : 'ON_SALE',
      fromPrice: money(Math.min(...available.map(effectivePrice))),
    };
  }
  const status: SaleStatus = states.some(({ state }) => state === 'COMING_SOON')
    ? 'ON_SALE_SOON'
    : states.some(({ state }) => state === 'SOLD_OUT')
      ? 'SOLD_OUT'
      : 'SALE_ENDED';
  return { eventId: data.event.id, status, fromPrice: null };
}
