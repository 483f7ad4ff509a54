import { TICKET_LOGIN_FORM, TicketLoginPage, type TicketLoginPageData } from '#views/pages/tickets/TicketLoginPage.tsx';
import { saveSession } from '../../session/session-promises.ts';
import { trackingContext } from '../../site-renderer.tsx';
import { notFound, page, redirect, type FormOutcome, type PageContext, type PageModule } from '../../page.ts';
import { chooseGuestCheckout, loadTicketEvent, ticketPageAnalytics, ticketPageHead } from './common.ts';
import { cartSummary, currentCart } from './shop-commerce.ts';
import { frameEvent } from './tickets.ts';

/**
 * SPEC 2.4: `/events/:eventSlug/tickets/login`, on the way from the cart to checkout. A signed-in
 * visitor goes straight on; a guest signs in (and comes back to checkout) or continues as a guest.
 */
const ticketLoginPage: PageModule<TicketLoginPageData> = {
  async load(context) {
    const event = await loadTicketEvent(context);
    if (!event) return notFound();
    const checkout = context.urls.route('ticketsCheckout', { eventSlug: event.slug });
    if (context.viewer) return redirect(checkout, 303);
    const cart = await currentCart(context, event.commerceEventId);
    return page(
      { event: frameEvent(event), cart: cartSummary(cart) },
      ticketPageHead(
        event,
        context.t('shop:login.title'),
        `/events/${event.slug}/tickets/login`,
        context.t('shop:head.login', { event: event.title }),
      ),
      ticketPageAnalytics(event, 'login'),
    );
  },
  View: TicketLoginPage,
  actions: {
    'sign-in': { form: TICKET_LOGIN_FORM, handle: signIn },
    guest: { form: TICKET_LOGIN_FORM, handle: continueAsGuest },
  },
};

export default ticketLoginPage;

async function signIn(context: PageContext): Promise<FormOutcome> {
  const event = await loadTicketEvent(context);
  if (!event) return { kind: 'failed', values: {}, message: 'errors:signIn.failed' };
  const returnTo = context.urls.route('ticketsCheckout', { eventSlug: event.slug });
  try {
    const location = await context.services.auth.beginSignIn(context.req, context.res, { locale: context.locale, returnTo });
    context.services.tracker.track('user_login_started', trackingContext(context.req, ticketPageAnalytics(event, 'login')), {
      provider: 'Default',
    });
    return { kind: 'succeeded', redirectTo: location };
  } catch (error) {
    context.req.log.warn({ err: error }, 'Starting the sign-in failed');
    return { kind: 'failed', values: {}, message: 'errors:signIn.failed' };
  }
}

async function continueAsGuest(context: PageContext): Promise<FormOutcome> {
  const event = await loadTicketEvent(context);
  if (!event) return { kind: 'failed', values: {}, message: 'errors:generic.text' };
  chooseGuestCheckout(context.req, event.commerceEventId);
  await saveSession(context.req);
  return { kind: 'succeeded', redirectTo: context.urls.route('ticketsCheckout', { eventSlug: event.slug }) };
}
