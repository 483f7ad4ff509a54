import { WaitingRoomPage, type WaitingRoomPageData } from '#views/pages/tickets/WaitingRoomPage.tsx';
import { notFound, page, redirect, type PageModule } from '../../page.ts';
import { restrictCaching } from '../../render/cache-policy.ts';
import { loadTicketEvent, ticketPageAnalytics, ticketPageHead } from './common.ts';
import { frameEvent } from './tickets.ts';

/**
 * Decision 0044: `/events/:eventSlug/tickets/waiting-room`, the sale's line. Opening it takes a
 * place (no form: waiting needs nothing of the visitor); it shows where the visitor stands and
 * refreshes itself, with JavaScript or without, until they are admitted to the tickets page. Never
 * stored by any cache: it is the visitor's alone and changes by the second.
 */
const waitingRoomPage: PageModule<WaitingRoomPageData> = {
  async load(context) {
    restrictCaching(context.res, 'no-store');
    const event = await loadTicketEvent(context);
    if (!event) return notFound();
    const shop = { commerceEventId: event.commerceEventId, slug: event.slug };
    const admission = await context.services.waitingRoom.admission(context.req, context.res, shop, true);
    const here = context.urls.route('ticketsWaitingRoom', { eventSlug: event.slug });
    if (admission.kind === 'open' || admission.kind === 'admitted')
      return redirect(context.urls.route('tickets', { eventSlug: event.slug }));
    const head = {
      ...ticketPageHead(event, context.t('shop:waitingRoom.title'), `/events/${event.slug}/tickets/waiting-room`),
      ...(admission.kind === 'waiting'
        ? { refresh: { seconds: admission.status.refreshSeconds, path: here, onlyWithoutScript: true } }
        : {}),
    };
    const analytics = { ...ticketPageAnalytics(event, 'tickets'), submodule_name: 'waiting_room' };
    if (admission.kind === 'waiting') {
      return page(
        {
          event: frameEvent(event),
          line: admission.status,
          statusUrl: context.urls.route('ticketsWaitingRoomStatus', { eventSlug: event.slug }),
        },
        head,
        analytics,
      );
    }
    // A place refused for the address's limit (no-place cannot happen when joining).
    return page({ event: frameEvent(event), line: null, statusUrl: null }, head, analytics, 429);
  },
  View: WaitingRoomPage,
};

export default waitingRoomPage;
