import { gql, type TypedDocumentNode } from '@apollo/client';
import { z } from 'zod';
import { normalisePhone } from '#platform/profile-rules.ts';
import { createFormatter } from '#views/format.ts';
import { ADD_FORM, REQUEST_FORM, TicketsPage, type TicketsPageData } from '#views/pages/tickets/TicketsPage.tsx';
import { commerceCall, commerceRead } from '../../commerce/shopper.ts';
import { fields, parseForm } from '../../forms/parse-form.ts';
import { notFound, page, type FormOutcome, type PageContext, type PageModule } from '../../page.ts';
import { trackingContext } from '../../site-renderer.tsx';
import { eventDays, loadTicketEvent, ticketPageAnalytics, ticketPageHead, type TicketEvent } from './common.ts';
import {
  CATALOGUE_QUERY,
  CART_TICKET_LIMIT,
  allTickets,
  cartRefusalMessage,
  cartSummary,
  currentCart,
  errorCode,
  isRefusal,
  shopCategories,
  updateCart,
  type CartNode,
  refusalStatus,
} from './shop-commerce.ts';
import { trackCartChange } from './shop-analytics.ts';

const APPLICATION_REQUEST: Record<'GROUP' | 'PREMIUM_BOX', TypedDocumentNode<unknown, { form: Record<string, unknown> }>> = {
  GROUP: gql`
    mutation ShopGroupTicketsRequest($form: ApplicationRequestForm!) {
      groupTicketsApplicationRequest(form: $form) {
        id
        status
      }
    }
  `,
  PREMIUM_BOX: gql`
    mutation ShopPremiumBoxRequest($form: ApplicationRequestForm!) {
      premiumBoxApplicationRequest(form: $form) {
        id
        status
      }
    }
  `,
};

/** The catalogue of the page's event, or null when the page is not a shop (404). Open to anyone: reading it creates nothing. */
async function catalogueOf(context: PageContext) {
  const event = await loadTicketEvent(context);
  if (!event) return null;
  const data = await context.services.commerce.query(CATALOGUE_QUERY, { eventId: event.commerceEventId }, await commerceRead(context));
  if (!data.event) return null;
  return { event, data, categories: shopCategories(data, context.locale) };
}

/** SPEC 2.1, 2.4, 4.3: `/events/:eventSlug/tickets`, the event's tickets on sale. */
const ticketsPage: PageModule<TicketsPageData> = {
  async load(context) {
    const catalogue = await catalogueOf(context);
    if (!catalogue) return notFound();
    const { event, categories } = catalogue;
    const cart = await currentCart(context, event.commerceEventId);
    const analytics = ticketPageAnalytics(event, 'tickets');
    // SPEC 9.4: the tickets listed, once per page view, on the server (works without JavaScript).
    const where = trackingContext(context.req, analytics);
    for (const { ticket, category } of allTickets(categories)) {
      context.services.tracker.track('product_impression', where, {
        product_impression_id: ticket.id,
        product_impression_name: ticket.name,
        product_impression_category: category.name,
      });
    }
    const requested = typeof context.req.query.requested === 'string' ? context.req.query.requested : null;
    return page(
      {
        event: frameEvent(event),
        cart: cartSummary(cart),
        categories,
        days: eventDays(event).map((day) => ({ value: day, label: createFormatter(context.locale).longDate(`${day}T09:00:00Z`) })),
        requested: requested && allTickets(categories).some(({ ticket }) => ticket.id === requested) ? requested : null,
      },
      ticketPageHead(
        event,
        context.t('shop:tickets.title'),
        `/events/${event.slug}/tickets`,
        context.t('shop:head.tickets', { event: event.title }),
        { indexed: true },
      ),
      analytics,
    );
  },
  View: TicketsPage,
  actions: {
    add: { form: ADD_FORM, handle: addToCart },
    request: { form: REQUEST_FORM, handle: sendRequest },
  },
};

export default ticketsPage;

export const frameEvent = (event: TicketEvent) => ({
  slug: event.slug,
  title: event.title,
  logo: event.logo,
  startDatetime: event.startDatetime,
  endDatetime: event.endDatetime,
  venue: event.venue,
  ended: event.ended,
});

const addSchema = z.object({
  ticketId: z.string({ error: 'shop:errors.cartAddFailed' }).min(1, 'shop:errors.cartAddFailed').max(100, 'shop:errors.cartAddFailed'),
  quantity: z
    .string({ error: 'shop:errors.quantity' })
    .trim()
    .regex(/^\d{1,3}$/, 'shop:errors.quantity')
    .transform(Number)
    .pipe(z.number().int().min(1, 'shop:errors.quantity')),
  timeslotId: z.string().max(100, 'shop:errors.timeslot').optional(),
});

/**
 * "Add to cart" (SPEC 2.4): creates the cart (cartCreate) or adds to it (cartUpdate addItem), then
 * the cart. SPEC 5: at most the ticket's maxAmountPerOrder and 34 tickets in the cart, checked
 * here for a clear message and again by the service, which alone knows the stock (SPEC 8).
 */
async function addToCart(context: PageContext, body: Record<string, string>): Promise<FormOutcome> {
  const values = { ticketId: body.ticketId ?? '', quantity: body.quantity ?? '', timeslotId: body.timeslotId ?? '' };
  const parsed = parseForm(addSchema, body);
  if (!parsed.ok) return { kind: 'invalid', values, errors: parsed.errors, message: firstError(parsed.errors) };
  const catalogue = await catalogueOf(context);
  if (!catalogue) return { kind: 'invalid', values, errors: {}, message: 'shop:errors.cartAddFailed' };
  const { event, categories } = catalogue;
  const found = allTickets(categories).find(({ ticket }) => ticket.id === parsed.data.ticketId);
  if (!found || found.ticket.callbackFormType) return { kind: 'invalid', values, errors: {}, message: 'shop:errors.cartAddFailed' };
  const { ticket, category } = found;
  if (ticket.state === 'SOLD_OUT' || (!ticket.isAvailable && ticket.state === 'AVAILABLE_NOW')) {
    return { kind: 'invalid', values, errors: {}, message: 'shop:errors.outOfStock' };
  }
  if (ticket.state !== 'AVAILABLE_NOW' || event.ended) return { kind: 'invalid', values, errors: {}, message: 'shop:errors.notOnSale' };
  const { quantity } = parsed.data;
  if (quantity > ticket.maxQuantity) {
    return ticket.maxQuantity < CART_TICKET_LIMIT
      ? {
          kind: 'invalid',
          values: { ...values, max: String(ticket.maxQuantity) },
          errors: { quantity: 'shop:errors.maxPerOrder' },
          message: 'shop:errors.maxPerOrder',
        }
      : { kind: 'invalid', values, errors: { quantity: 'shop:errors.cartLimit' }, message: 'shop:errors.cartLimit' };
  }
  const timeslotId = parsed.data.timeslotId || undefined;
  if (ticket.timeslots.length > 0 && !ticket.timeslots.some((slot) => slot.id === timeslotId)) {
    return { kind: 'invalid', values, errors: { timeslotId: 'shop:errors.timeslot' }, message: 'shop:errors.timeslot' };
  }
  let cart: CartNode | null = null;
  try {
    cart = await currentCart(context, event.commerceEventId);
    if (cart) {
      // The ticket's maximum counts all its lines (one per time slot).
      const already = cart.items.filter((item) => item.catalogueItemId === ticket.id).reduce((sum, item) => sum + item.quantity, 0);
      if (cart.ticketQuantity + quantity > CART_TICKET_LIMIT)
        return { kind: 'invalid', values, errors: {}, message: 'shop:errors.cartLimit' };
      if (already + quantity > ticket.maxQuantity) {
        return { kind: 'invalid', values: { ...values, max: String(ticket.maxQuantity) }, errors: {}, message: 'shop:errors.maxPerOrder' };
      }
    }
    const updated = await updateCart(context, event.commerceEventId, [
      { addItem: { catalogueItemId: ticket.id, quantity, ...(timeslotId ? { timeslotId } : {}) } },
    ]);
    trackCartChange(context, event, 'cart_add', updated, ticket.id, quantity, category.name);
  } catch (error) {
    if (isRefusal(error)) {
      const overCart = (cart?.ticketQuantity ?? 0) + quantity > CART_TICKET_LIMIT;
      const message =
        errorCode(error) === 'CART_LIMIT_EXCEEDED' && !overCart
          ? 'shop:errors.maxPerOrder'
          : cartRefusalMessage(error, 'shop:errors.cartAddFailed');
      return { kind: 'invalid', values: { ...values, max: String(ticket.maxQuantity) }, errors: {}, message, ...refusalStatus(error) };
    }
    // SPEC 8: an inventory error or a service failure; nothing was added.
    context.req.log.warn({ err: error }, 'Adding to the cart failed');
    return { kind: 'failed', values, message: cartRefusalMessage(error, 'shop:errors.cartAddFailed') };
  }
  return { kind: 'succeeded', message: 'shop:tickets.added', redirectTo: context.urls.route('ticketsCart', { eventSlug: event.slug }) };
}

const firstError = (errors: Record<string, string>) => Object.values(errors)[0];

const requestSchema = z.object({
  ticketId: z.string({ error: 'shop:errors.requestFailed' }).min(1, 'shop:errors.requestFailed').max(100, 'shop:errors.requestFailed'),
  firstName: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(100, 'validation:maxLength'),
  lastName: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(100, 'validation:maxLength'),
  email: fields.email(),
  phoneNumber: z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, 'validation:required')
    .transform((value, context) => {
      const phone = normalisePhone(value);
      if (!phone) context.addIssue({ code: 'custom', message: 'validation:phone' });
      return phone ?? '';
    }),
  contactOption: z.enum(['email', 'phone', 'whatsapp'], { error: 'validation:choice' }),
  groupSize: z
    .string({ error: 'shop:request.groupSizeInvalid' })
    .trim()
    .regex(/^\d{1,3}$/, 'shop:request.groupSizeInvalid')
    .transform(Number)
    .pipe(z.number().int().min(1, 'shop:request.groupSizeInvalid').max(500, 'shop:request.groupSizeInvalid')),
  groupType: z.enum(['corporate', 'personal'], { error: 'validation:choice' }),
});

/**
 * SPEC 2.4, 3.4: a callback-form offer's request, to the mutation of its type. Success goes back to
 * the tickets page with `?requested=` so the message shows at the right offer.
 */
async function sendRequest(context: PageContext, body: Record<string, string>): Promise<FormOutcome> {
  const parsed = parseForm(requestSchema, body);
  const values = Object.fromEntries(Object.entries(body).filter(([name]) => name !== '_csrf' && name !== 'intent'));
  const catalogue = await catalogueOf(context);
  if (!catalogue) return { kind: 'failed', values, message: 'shop:errors.requestFailed' };
  const { event, categories } = catalogue;
  const ticket = allTickets(categories).find(({ ticket }) => ticket.id === body.ticketId)?.ticket;
  if (!ticket?.callbackFormType) return { kind: 'invalid', values, errors: {}, message: 'shop:errors.requestFailed' };
  const days = eventDays(event).filter((day) => body[`day-${day}`] === 'on');
  const errors = parsed.ok ? {} : { ...parsed.errors };
  if (days.length === 0) errors.days = 'shop:request.daysRequired';
  if (!parsed.ok || days.length === 0) return { kind: 'invalid', values, errors };
  const form = {
    eventId: event.commerceEventId,
    ticketId: ticket.id,
    firstName: parsed.data.firstName,
    lastName: parsed.data.lastName,
    email: parsed.data.email,
    phoneNumber: parsed.data.phoneNumber,
    contactOption: parsed.data.contactOption,
    days,
    groupSize: parsed.data.groupSize,
    groupType: parsed.data.groupType,
    isPremiumBoxCustomer: body.isPremiumBoxCustomer === 'on',
    locale: context.locale,
  };
  try {
    await context.services.commerce.mutate(APPLICATION_REQUEST[ticket.callbackFormType], { form }, await commerceCall(context));
  } catch (error) {
    // SPEC 8: "request form failure".
    context.req.log.warn({ err: error }, 'A ticket request failed');
    return isRefusal(error)
      ? { kind: 'invalid', values, errors: {}, message: 'shop:errors.requestFailed' }
      : { kind: 'failed', values, message: 'shop:errors.requestFailed' };
  }
  return {
    kind: 'succeeded',
    redirectTo: `${context.urls.route('tickets', { eventSlug: event.slug })}?requested=${encodeURIComponent(ticket.id)}#ticket-${encodeURIComponent(ticket.id)}`,
  };
}
