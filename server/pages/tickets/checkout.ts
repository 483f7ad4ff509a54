import { gql, type TypedDocumentNode } from '@apollo/client';
import {
  CHECKOUT_FORM,
  CheckoutPage,
  checkoutIntent,
  type AddressAnswer,
  type CheckoutPageData,
  type DetailsAnswer,
} from '#views/pages/tickets/CheckoutPage.tsx';
import { paidWithPoints, type PaymentMethod, type TabbyResult } from '#views/pages/tickets/commerce-data.ts';
import { errorExtensionsOf } from '../../loyalty/loyalty-account.ts';
import {
  addressStepForm,
  detailsStepForm,
  emailStepForm,
  finalizeStepForm,
  PAYMENT_METHODS,
  shippingStepForm,
  type AddressStep,
} from '../../forms/checkout-forms.ts';
import { parseForm } from '../../forms/parse-form.ts';
import { notFound, page, redirect, type FormAction, type FormOutcome, type Loaded, type PageContext, type PageModule } from '../../page.ts';
import { affiliateCode } from '../../middleware/affiliate.ts';
import { restrictCaching } from '../../render/cache-policy.ts';
import { ServiceError } from '../../services/service-client.ts';
import { saveSession } from '../../session/session-promises.ts';
import { trackingContext } from '../../site-renderer.tsx';
import type { EventName } from '../../analytics/event-schemas.ts';
import { hasChosenGuestCheckout, loadTicketEvent, ticketPageAnalytics, ticketPageHead, type TicketEvent } from './common.ts';
import { commerceAccess, type CommerceAccess } from './commerce-access.ts';
import {
  CHECKOUT_CART,
  ORDER_CREATE,
  SET_CUSTOMER_EMAIL,
  TABBY_PRESCORING,
  TICKETS_INFO,
  type CheckoutCartData,
  type OrderAddress,
} from './checkout-documents.ts';
import { rememberPlacedOrder } from './placed-orders.ts';
import { limitMessage } from './shop-commerce.ts';
import { progressFor, stepNumber, stepsFor, stepToShow, type CheckoutProgress, type CheckoutStep } from './checkout-progress.ts';

/** Everything a step needs: the event, the visitor's commerce access, their cart and their answers. */
interface Checkout {
  event: TicketEvent;
  access: CommerceAccess;
  cart: CheckoutCartData;
  progress: CheckoutProgress;
  shipping: boolean;
}

/**
 * SPEC 2.4, 4.3, 6: who may be at checkout. A guest who has not chosen guest checkout goes to the
 * ticket login step first; without a cart that can be checked out (empty, an item out of stock or
 * no longer on sale, an order already pending) the visitor goes back to the cart, which says why.
 */
async function openCheckout(context: PageContext): Promise<{ checkout: Checkout } | { loaded: Loaded<never> }> {
  const event = await loadTicketEvent(context);
  if (!event) return { loaded: notFound() };
  // The page holds the visitor's details: never kept by any cache.
  restrictCaching(context.res, 'no-store');
  const params = { eventSlug: event.slug };
  if (!context.viewer && !hasChosenGuestCheckout(context.req, event.commerceEventId)) {
    return { loaded: redirect(context.urls.route('ticketsLogin', params), 303) };
  }
  const toCart = { loaded: redirect(context.urls.route('ticketsCart', params), 303) };
  const access = await commerceAccess(context, event.commerceEventId);
  if (!access) return toCart;
  const { cart } = await context.services.commerce.query(
    CHECKOUT_CART,
    { cartId: access.cartId, eventId: event.commerceEventId },
    { accessToken: access.accessToken, fresh: true },
  );
  const data = cart as CheckoutCartData | null;
  if (!data || data.cartState !== 'ACTIVE' || !data.canCheckout || data.items.length === 0) return toCart;
  const progress = progressFor(context.req, event.commerceEventId, data.id);
  return {
    checkout: { event, access, cart: data, progress, shipping: data.isShippingRequired },
  };
}

const stepOfIntent = (intent: unknown): CheckoutStep | undefined =>
  typeof intent === 'string' && intent.startsWith('checkout-') ? (intent.slice('checkout-'.length) as CheckoutStep) : undefined;

/** The step a form that came back belongs to (set by the action: a service problem may name an earlier step). */
const RETURNED_STEP = 'checkoutStep';

const PROFILE: TypedDocumentNode<{
  user: DetailsAnswer & { email: string };
  userAddresses: (AddressAnswer & { isDefault: boolean })[];
}> = gql`
  query CheckoutProfile {
    user {
      email
      firstName
      middleName
      lastName
      gender
      phoneNumber
      birthDate
    }
    userAddresses {
      isDefault
      address1
      address2
      city
      state
      postalCode
      countryCode
    }
  }
`;

/** SPEC 2.4: a signed-in visitor's details and default address, to prefill what they have not answered. */
async function profilePrefill(context: PageContext): Promise<CheckoutPageData['prefill']> {
  const token = await context.accessToken();
  if (!token) return {};
  try {
    const { user, userAddresses } = await context.services.user.query(PROFILE, {}, { accessToken: token });
    const { email, ...details } = user;
    const address = userAddresses.find((candidate) => candidate.isDefault) ?? userAddresses[0];
    return { email, details, ...(address ? { address: withoutDefault(address) } : {}) };
  } catch (error) {
    // Prefilling is a convenience: checkout goes on with empty fields.
    context.req.log.warn({ err: error }, 'Reading the profile for checkout failed');
    return {};
  }
}

const withoutDefault = ({ isDefault: _isDefault, ...address }: AddressAnswer & { isDefault: boolean }): AddressAnswer => address;

/** SPEC 3.4: the methods every ticket in the cart allows, in the site's order; points alone when they cover the total (decision 0039). */
async function allowedPaymentMethods(context: PageContext, checkout: Checkout): Promise<PaymentMethod[]> {
  if (paidWithPoints(checkout.cart)) return ['LOYALTY_POINTS'];
  const ticketIds = [...new Set(checkout.cart.items.map((item) => item.catalogueItemId))];
  const { ticketsInfo } = await context.services.commerce.query(
    TICKETS_INFO,
    { eventId: checkout.event.commerceEventId, ticketIds },
    { accessToken: checkout.access.accessToken, fresh: true },
  );
  return PAYMENT_METHODS.filter((method) => ticketsInfo.every((info) => info.paymentMethods.includes(method)));
}

/**
 * SPEC 8, 9.2: whether this cart may be paid in instalments; unknown (null) when the provider does
 * not answer, `limited` past the payment attempts' limit (decision 0043).
 */
async function prescoring(context: PageContext, checkout: Checkout): Promise<TabbyResult | null | 'limited'> {
  try {
    const { tabbyPrescoring } = await context.services.commerce.mutate(
      TABBY_PRESCORING,
      {
        input: {
          cartId: checkout.cart.id,
          eventId: checkout.event.commerceEventId,
          email: checkout.progress.email,
          phoneNumber: checkout.progress.details?.phoneNumber,
        },
      },
      { accessToken: checkout.access.accessToken },
    );
    return tabbyPrescoring;
  } catch (error) {
    if (limitMessage(error)) return 'limited';
    context.req.log.warn({ err: error }, 'Instalment pre-scoring failed');
    return null;
  }
}

/** SPEC 9.4: the cart's make-up, carried by the `checkout` event. */
function cartSummaryProperties(cart: CheckoutCartData) {
  return {
    total_product_quantity: cart.ticketQuantity,
    product_ids: [...new Set(cart.items.map((item) => item.catalogueItemId))].join(','),
    total_free_quantity: cart.items.reduce((sum, item) => sum + item.freeItems.reduce((free, sub) => free + sub.quantity, 0), 0),
  };
}

function track(context: PageContext, checkout: Checkout, name: EventName, properties: Record<string, unknown>): void {
  context.services.tracker.track(name, trackingContext(context.req, ticketPageAnalytics(checkout.event, 'checkout')), properties);
}

const checkoutPage: PageModule<CheckoutPageData> = {
  async load(context) {
    const opened = await openCheckout(context);
    if ('loaded' in opened) return opened.loaded;
    const { checkout } = opened;
    const { event, cart, progress, shipping } = checkout;
    const returned = context.res.locals[RETURNED_STEP] as CheckoutStep | undefined;
    const posted = context.req.method === 'POST' ? stepOfIntent((context.req.body as Record<string, unknown>)?.intent) : undefined;
    const step = stepToShow(progress, shipping, returned ?? posted ?? context.req.query.step);
    const needsProfile = !progress.email || !progress.details || !progress.billing;
    const prefill = context.viewer && needsProfile ? await profilePrefill(context) : {};
    if (!prefill.email && cart.customerEmail) prefill.email = cart.customerEmail;
    let paymentMethods: PaymentMethod[] = [];
    let tabby: TabbyResult | null = null;
    if (step === 'finalize') {
      paymentMethods = await allowedPaymentMethods(context, checkout);
      if (paymentMethods.includes('INSTALMENTS')) {
        const answer = await prescoring(context, checkout);
        tabby = answer === 'limited' ? null : answer;
      }
    }
    if (context.req.method === 'GET') {
      track(context, checkout, 'checkout', { step_number: stepNumber(step, shipping), ...cartSummaryProperties(cart) });
    }
    const title = context.t('checkout:title');
    return page(
      {
        event,
        cart,
        step,
        steps: stepsFor(shipping),
        answers: {
          email: progress.email,
          details: progress.details,
          billing: progress.billing,
          shipping: progress.shipping,
          paymentMethod: progress.paymentMethod,
        },
        prefill,
        paymentMethods,
        tabby,
      },
      ticketPageHead(event, title, `/events/${event.slug}/tickets/checkout`),
      ticketPageAnalytics(event, 'checkout'),
    );
  },
  View: CheckoutPage,
  actions: {
    [checkoutIntent('email')]: stepAction('email', 'checkout_option_customer', async (context, checkout, body) => {
      const parsed = parseForm(emailStepForm, body);
      if (!parsed.ok) return parsed;
      try {
        // SPEC 2.4: the e-mail step sets the cart's customer e-mail.
        await context.services.commerce.mutate(
          SET_CUSTOMER_EMAIL,
          { cartId: checkout.cart.id, eventId: checkout.event.commerceEventId, email: parsed.data.email },
          { accessToken: checkout.access.accessToken },
        );
      } catch (error) {
        context.req.log.warn({ err: error }, 'Setting the cart e-mail failed');
        return { ok: false, failed: 'checkout:errors.emailFailed', values: body, errors: {} };
      }
      checkout.progress.email = parsed.data.email;
      return { ok: true, fields: 2 };
    }),
    [checkoutIntent('details')]: stepAction('details', 'checkout_option_details', async (_context, checkout, body) => {
      const parsed = parseForm(detailsStepForm, body);
      if (!parsed.ok) return parsed;
      checkout.progress.details = parsed.data;
      return { ok: true, fields: 6 };
    }),
    [checkoutIntent('billing')]: stepAction('billing', 'checkout_option_add_billing_info', async (_context, checkout, body) => {
      const parsed = parseForm(addressStepForm, body);
      if (!parsed.ok) return parsed;
      checkout.progress.billing = parsed.data;
      return { ok: true, fields: 6, extra: { country_code: parsed.data.countryCode } };
    }),
    [checkoutIntent('shipping')]: stepAction('shipping', 'checkout_option_add_shipping_info', async (_context, checkout, body) => {
      const parsed = parseForm(body.sameAsBilling === 'on' ? shippingStepForm : addressStepForm, body);
      if (!parsed.ok) return parsed;
      const shipping = 'sameAsBilling' in parsed.data ? 'billing' : (parsed.data as AddressStep);
      checkout.progress.shipping = shipping;
      const country = shipping === 'billing' ? checkout.progress.billing?.countryCode : shipping.countryCode;
      return { ok: true, fields: 6, extra: country ? { country_code: country } : {} };
    }),
    [checkoutIntent('finalize')]: { form: CHECKOUT_FORM, handle: pay },
  },
};

type StepResult =
  | { ok: true; fields: number; extra?: Record<string, unknown> }
  | { ok: false; values: Record<string, string>; errors: Record<string, string>; failed?: string };

/** A step's form: checked, kept in the session, tracked; then on to the next open step (303). */
function stepAction(
  step: CheckoutStep,
  succeeded: EventName,
  handle: (context: PageContext, checkout: Checkout, body: Record<string, string>) => Promise<StepResult>,
): FormAction {
  return {
    form: CHECKOUT_FORM,
    async handle(context, body) {
      const opened = await openCheckout(context);
      if ('loaded' in opened) return leave(opened.loaded);
      const { checkout } = opened;
      const number = stepNumber(step, checkout.shipping);
      const result = await handle(context, checkout, body);
      if (!result.ok) {
        if (result.failed) return { kind: 'failed', values: result.values, message: result.failed };
        trackFailure(context, checkout, number, result.errors);
        return { kind: 'invalid', values: result.values, errors: result.errors };
      }
      await saveSession(context.req);
      track(context, checkout, succeeded, {
        step_number: number,
        total_fields: result.fields,
        fields_succeeded: result.fields,
        ...result.extra,
      });
      return { kind: 'succeeded', redirectTo: context.urls.route('ticketsCheckout', { eventSlug: checkout.event.slug }) };
    },
  };
}

/** Where a loader would have sent the visitor, for a form posted from a checkout that is no longer open. */
function leave(loaded: Loaded<never>): FormOutcome {
  if (loaded.kind === 'redirect') return { kind: 'succeeded', redirectTo: loaded.location };
  return { kind: 'failed', values: {}, message: 'checkout:errors.orderFailed' };
}

/** SPEC 9.4: the first problem's message key and how many there were. */
function trackFailure(context: PageContext, checkout: Checkout, stepNumberValue: number, errors: Record<string, string>): void {
  const messages = Object.values(errors);
  track(context, checkout, 'checkout_step_failed', {
    step_number: stepNumberValue,
    first_error: messages[0] ?? 'unknown',
    error_count: messages.length,
  });
}

/** The input path of a service problem (`customer.email`) → the step that asks for it and the form field. */
function problemStep(field: string): { step: CheckoutStep; name: string } {
  const [head = '', name = head] = field.split('.');
  if (head === 'customer') return { step: name === 'email' || name === 'confirmEmail' ? 'email' : 'details', name };
  if (head === 'billingAddress') return { step: 'billing', name };
  if (head === 'shippingAddress') return { step: 'shipping', name: name === head ? 'address1' : name };
  return { step: 'finalize', name: head === 'acceptedTerms' ? 'acceptTerms' : head };
}

const toAddress = (address: AddressStep): OrderAddress => ({ ...address });

/** The values a step's form shows again when the service sends the visitor back to it. */
function stepValues(progress: CheckoutProgress, step: CheckoutStep): Record<string, string> {
  const source: Record<string, unknown> =
    step === 'email'
      ? { email: progress.email, confirmEmail: progress.email }
      : step === 'details'
        ? { ...progress.details }
        : step === 'billing'
          ? { ...progress.billing }
          : step === 'shipping' && progress.shipping && progress.shipping !== 'billing'
            ? { ...progress.shipping }
            : {};
  return Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** SPEC 8 refusals of orderCreate that the cart page explains (SPEC 4.3: out of stock blocks checkout). */
const BACK_TO_CART = new Set(['CART_BLOCKED', 'CART_NOT_ACTIVE', 'OUT_OF_STOCK', 'NOT_ON_SALE', 'NOT_FOUND']);
const STOCK_MESSAGES: Record<string, string> = {
  INSUFFICIENT_STOCK: 'shop:errors.insufficientStock',
  INVENTORY_ERROR: 'shop:errors.inventoryError',
};

/** Decision 0039: why the order's points could not be burned, shown on the last step (the cart changes them). */
const LOYALTY_MESSAGES: Record<string, string> = {
  LOYALTY_BURN_FAILED: 'loyalty:errors.burnFailed',
  LOYALTY_VERIFICATION_REQUIRED: 'loyalty:checkout.pinAgain',
  LOYALTY_NOT_LINKED: 'loyalty:checkout.pinAgain',
  LOYALTY_UNAVAILABLE: 'loyalty:errors.unavailable',
};

/** SPEC 2.4: "Pay": the order is placed and the visitor goes to the payment page (303). */
async function pay(context: PageContext, body: Record<string, string>): Promise<FormOutcome> {
  const opened = await openCheckout(context);
  if ('loaded' in opened) return leave(opened.loaded);
  const { checkout } = opened;
  const { event, progress, cart, shipping } = checkout;
  const number = stepNumber('finalize', shipping);
  const eventSlug = event.slug;
  const checkoutUrl = context.urls.route('ticketsCheckout', { eventSlug });
  const { email, details, billing } = progress;
  if (!email || !details || !billing || (shipping && !progress.shipping)) return { kind: 'succeeded', redirectTo: checkoutUrl };

  const parsed = parseForm(finalizeStepForm, body);
  const values = {
    paymentMethod: body.paymentMethod ?? '',
    acceptTerms: body.acceptTerms ?? '',
    whatsappConsent: body.whatsappConsent ?? '',
  };
  if (!parsed.ok) {
    trackFailure(context, checkout, number, parsed.errors);
    return { kind: 'invalid', values: values, errors: parsed.errors };
  }
  const method = parsed.data.paymentMethod;
  const allowed = await allowedPaymentMethods(context, checkout);
  const instalments = allowed.includes(method) && method === 'INSTALMENTS' ? await prescoring(context, checkout) : undefined;
  if (instalments === 'limited') {
    trackFailure(context, checkout, number, { paymentMethod: 'commerce:errors.tooManyPaymentAttempts' });
    return { kind: 'invalid', values, errors: { paymentMethod: 'commerce:errors.tooManyPaymentAttempts' }, status: 429 };
  }
  const refusal = !allowed.includes(method)
    ? 'checkout:errors.methodNotAllowed'
    : method === 'INSTALMENTS' && !instalments?.isCustomerEligible
      ? 'checkout:errors.instalmentsRefused'
      : undefined;
  if (refusal) {
    trackFailure(context, checkout, number, { paymentMethod: refusal });
    return { kind: 'invalid', values: values, errors: { paymentMethod: refusal } };
  }
  progress.paymentMethod = method;
  track(context, checkout, 'checkout_option_add_payment_info', {
    step_number: number,
    total_fields: 3,
    fields_succeeded: 3,
    accepted_terms: true,
    payment_method: method,
  });

  const shippingAddress = shipping ? (progress.shipping === 'billing' ? billing : progress.shipping) : undefined;
  let result;
  try {
    ({ orderCreate: result } = await context.services.commerce.mutate(
      ORDER_CREATE,
      {
        input: {
          cartId: cart.id,
          eventId: event.commerceEventId,
          customer: { ...details, email, confirmEmail: email, phoneNumber: details.phoneNumber },
          billingAddress: toAddress(billing),
          shippingAddress: shippingAddress ? toAddress(shippingAddress) : null,
          paymentMethod: method,
          acceptedTerms: parsed.data.acceptTerms,
          whatsappConsent: parsed.data.whatsappConsent,
          // Decision 0031: the payment page adds the order's id; a guest's secret stays in the session.
          returnUrl: context.urls.absolute(context.urls.route('ticketsConfirmation', { eventSlug })),
          locale: context.locale,
          // SPEC 7.4: the partner whose link brought the buyer in the last five days is credited.
          affiliateCode: affiliateCode(context.req) ?? null,
        },
      },
      { accessToken: checkout.access.accessToken },
    ));
  } catch (error) {
    const code = error instanceof ServiceError ? error.code : undefined;
    const limited = limitMessage(error);
    if (limited) {
      // Decision 0043: nothing was ordered or held; the visitor waits and pays again.
      trackFailure(context, checkout, number, { form: limited });
      return { kind: 'invalid', values, errors: {}, message: limited, status: 429 };
    }
    if (code && BACK_TO_CART.has(code)) return { kind: 'succeeded', redirectTo: context.urls.route('ticketsCart', { eventSlug }) };
    if (code && STOCK_MESSAGES[code]) return { kind: 'failed', values: values, message: STOCK_MESSAGES[code] };
    if (code && LOYALTY_MESSAGES[code]) {
      // SPEC 8 "Burn points failed", with the programme's reason when it gave one.
      const fields = (errorExtensionsOf(error).fields ?? {}) as Record<string, string>;
      const message = code === 'LOYALTY_BURN_FAILED' ? (fields.points ?? LOYALTY_MESSAGES[code]) : LOYALTY_MESSAGES[code];
      if (code === 'LOYALTY_UNAVAILABLE') return { kind: 'failed', values, message, cause: error };
      trackFailure(context, checkout, number, { points: message });
      return { kind: 'invalid', values, errors: {}, message };
    }
    context.req.log.warn({ err: error }, 'Placing the order failed');
    return { kind: 'failed', values: values, message: 'checkout:errors.orderFailed' };
  }

  if (!result.validationResult.isValid || !result.orderId) {
    const problems = result.validationResult.problems;
    const steps = stepsFor(shipping);
    const placed = problems.map((problem) => ({ ...problemStep(problem.field), message: problem.message }));
    // The earliest step with a problem is where the visitor goes; its problems show there.
    const first = placed.map((problem) => problem.step).sort((a, b) => steps.indexOf(a) - steps.indexOf(b))[0] ?? 'finalize';
    const errors = Object.fromEntries(placed.filter((problem) => problem.step === first).map((problem) => [problem.name, problem.message]));
    trackFailure(context, checkout, stepNumber(first, shipping), errors);
    context.res.locals[RETURNED_STEP] = first;
    return {
      kind: 'invalid',
      values: first === 'finalize' ? values : stepValues(progress, first),
      errors: Object.keys(errors).length ? errors : { form: 'checkout:errors.orderFailed' },
      ...(Object.keys(errors).length ? {} : { message: 'checkout:errors.orderFailed' }),
    };
  }

  rememberPlacedOrder(context.req, event.commerceEventId, result.orderId, result.secretUuid);
  await saveSession(context.req);
  const confirmation = `${context.urls.route('ticketsConfirmation', { eventSlug })}?order=${encodeURIComponent(result.orderId)}`;
  return { kind: 'succeeded', redirectTo: result.paymentLink ?? confirmation };
}

export default checkoutPage;
