import type { CommerceContext } from '../context.ts';
import { ticketPaymentMethods, ticketState } from '../catalogue.ts';
import { categoryViews, eventView, priceOf } from '../catalogue-views.ts';
import { badUserInput } from '../errors.ts';
import { saleSummary } from '../sale-summary.ts';

/** A page lists a few dozen events at most: a longer list is not a page's. */
const SALE_SUMMARIES_MAX = 50;

// SPEC 3.4: the catalogue is public; guests without credentials see it like everyone else.
export const catalogueResolvers = {
  Query: {
    event: async (_: unknown, { eventId }: { eventId: string }, context: CommerceContext) => {
      const data = await context.catalogueReader.event(eventId);
      return data ? eventView(data, context.clock()) : null;
    },
    eventCategories: async (_: unknown, { eventId }: { eventId: string }, context: CommerceContext) => {
      const data = await context.catalogueReader.event(eventId);
      return data ? categoryViews(data, context.clock()) : [];
    },
    saleSummaries: async (_: unknown, { eventIds }: { eventIds: string[] }, context: CommerceContext) => {
      if (eventIds.length > SALE_SUMMARIES_MAX) throw badUserInput({}, `At most ${SALE_SUMMARIES_MAX} events at once`);
      const now = context.clock();
      const events = await Promise.all([...new Set(eventIds)].map((eventId) => context.catalogueReader.event(eventId)));
      return events.flatMap((data) => (data ? [saleSummary(data, now)] : []));
    },
    ticketsInfo: async (_: unknown, { eventId, ticketIds }: { eventId: string; ticketIds: string[] }, context: CommerceContext) => {
      const data = await context.catalogueReader.event(eventId);
      if (!data) return [];
      const now = context.clock();
      // In the order asked for; ids of other events or none at all are left out.
      return ticketIds.flatMap((ticketId) => {
        const ticket = data.tickets.find((candidate) => candidate.id === ticketId);
        if (!ticket) return [];
        return [
          {
            ticketId,
            isAvailable: ticketState(data, ticket, now) === 'AVAILABLE_NOW',
            paymentMethods: ticketPaymentMethods(data, ticket),
            price: priceOf(ticket),
          },
        ];
      });
    },
  },
};
