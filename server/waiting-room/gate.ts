import type { Handler } from 'express';
import { matchPageRoute } from '../page-router.ts';
import { loadTicketEvent } from '../pages/tickets/common.ts';
import { restrictCaching } from '../render/cache-policy.ts';
import type { RouteId } from '../route-table.ts';
import type { SiteRenderer } from '../site-renderer.tsx';

/**
 * The shop steps behind a sale's waiting room (decision 0044), every method: the tickets page, the
 * cart, the sign-in step and checkout. Never behind it: the event's other pages, the confirmation
 * (a paying or paid order always reaches it), assigning bought tickets, accounts, downloads, probes.
 */
const BEHIND_THE_ROOM = new Set<RouteId>(['tickets', 'ticketsCart', 'ticketsLogin', 'ticketsCheckout']);

/**
 * Sends a visitor who is not admitted to the event's waiting room. Runs before the page cache, so
 * that no stored page lets anyone past; an admitted visitor's pages show their checkout window and
 * are theirs alone.
 */
export function waitingRoomGate(renderer: SiteRenderer): Handler {
  return async (req, res, next) => {
    const match = matchPageRoute(req.path);
    if (!match || !BEHIND_THE_ROOM.has(match.id)) return next();
    try {
      const context = renderer.context(req, res, match.params);
      const event = await loadTicketEvent(context);
      if (!event) return next();
      const shop = { commerceEventId: event.commerceEventId, slug: event.slug };
      const admission = await context.services.waitingRoom.admission(req, res, shop, true);
      if (admission.kind === 'open') return next();
      if (admission.kind === 'admitted') {
        res.locals.shopWindowEndsAt = new Date(admission.until).toISOString();
        restrictCaching(res, 'private');
        return next();
      }
      res.set('Cache-Control', 'no-store');
      res.redirect(req.method === 'POST' ? 303 : 302, context.urls.route('ticketsWaitingRoom', { eventSlug: event.slug }));
    } catch (error) {
      next(error);
    }
  };
}
