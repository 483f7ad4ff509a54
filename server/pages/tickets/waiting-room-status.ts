import { createFormatter } from '#views/format.ts';
import { lineTexts } from '#views/pages/tickets/WaitingRoomPage.tsx';
import { file, notFound, type PageModule } from '../../page.ts';
import { restrictCaching } from '../../render/cache-policy.ts';
import { loadTicketEvent } from './common.ts';

/**
 * Decision 0044: what the waiting page's script polls, as JSON. It only looks: a visitor without a
 * place is sent to the waiting page, which gives one. Admission, as on the pages, starts the
 * checkout window; `next` is where to go then.
 */
const waitingRoomStatus: PageModule<null> = {
  async load(context) {
    restrictCaching(context.res, 'no-store');
    const event = await loadTicketEvent(context);
    if (!event) return notFound();
    const shop = { commerceEventId: event.commerceEventId, slug: event.slug };
    const admission = await context.services.waitingRoom.admission(context.req, context.res, shop, false);
    const params = { eventSlug: event.slug };
    const body =
      admission.kind === 'waiting'
        ? {
            state: 'waiting',
            ...admission.status,
            texts: lineTexts(context.t, createFormatter(context.locale), admission.status),
          }
        : admission.kind === 'open' || admission.kind === 'admitted'
          ? { state: 'admitted', next: context.urls.route('tickets', params) }
          : { state: 'not-in-line', next: context.urls.route('ticketsWaitingRoom', params) };
    return file('status.json', 'application/json', JSON.stringify(body), { inline: true });
  },
  View: () => null,
};

export default waitingRoomStatus;
