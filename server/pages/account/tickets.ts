import { gql, type TypedDocumentNode } from '@apollo/client';
import { TicketsPage, type AccountOrder, type TicketsPageData } from '#views/pages/account/TicketsPage.tsx';
import type { Locale } from '#views/format.ts';
import { page, redirect, type PageModule } from '../../page.ts';
import { ORDERS } from '../tickets/checkout-documents.ts';
import { accessTokenOrSignIn, accountAnalytics } from './account-access.ts';

/** SPEC 9.3: ten orders a page. */
export const ORDERS_PAGE_SIZE = 10;

type TicketedEvents = {
  eventCards: {
    items: { slug: string; title: string; config: { startDatetime: string; endDatetime: string; ticketsExternalId: string | null } }[];
  };
};

/** Every event whose tickets are sold here, past ones too, in one query: orders name the commerce id (ticketsExternalId). */
const TICKETED_EVENTS: TypedDocumentNode<TicketedEvents, { locale: Locale }> = gql`
  query AccountTicketedEvents($locale: Locale!) {
    eventCards(locale: $locale, filter: { withTickets: true }, first: 100) {
      items {
        slug
        title
        config {
          startDatetime
          endDatetime
          ticketsExternalId
        }
      }
    }
  }
`;

/** `?page=`: a whole number from 1; anything else is the first page. */
function pageNumber(value: unknown): number {
  const number = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : 1;
  return Math.max(1, number);
}

/** SPEC 2.4, 7.2: the user's orders, newest first, ten a page, with their event, tickets and holders. */
const ticketsPage: PageModule<TicketsPageData> = {
  requiresSignIn: true,
  async load(context) {
    const access = await accessTokenOrSignIn(context);
    if ('signIn' in access) return access.signIn;
    const current = pageNumber(context.req.query.page);
    const [{ orders }, { eventCards }] = await Promise.all([
      context.services.commerce.query(ORDERS, { page: current, limit: ORDERS_PAGE_SIZE }, { accessToken: access.token, fresh: true }),
      context.services.content.query(TICKETED_EVENTS, { locale: context.locale }),
    ]);
    // A page past the last one (orders went away, or a hand-made link) goes to the last page.
    if (orders.totalPages > 0 && current > orders.totalPages) {
      return redirect(`${context.urls.route('accountTickets')}?page=${orders.totalPages}`, 302);
    }
    const events = new Map(
      eventCards.items.filter((event) => event.config.ticketsExternalId).map((event) => [event.config.ticketsExternalId!, event]),
    );
    const entries: AccountOrder[] = orders.items.map((order) => {
      const event = events.get(order.eventId);
      return {
        order,
        event: event
          ? { slug: event.slug, title: event.title, startDatetime: event.config.startDatetime, endDatetime: event.config.endDatetime }
          : null,
      };
    });
    return page(
      { orders: entries, page: orders.currentPage, pages: orders.totalPages, totalCount: orders.totalCount },
      { title: context.t('checkout:accountTickets.title'), noIndex: true },
      accountAnalytics('tickets'),
    );
  },
  View: TicketsPage,
};

export default ticketsPage;
