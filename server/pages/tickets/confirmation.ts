import { ConfirmationPage, orderQuery, WHATSAPP_FORM, type ConfirmationPageData } from '#views/pages/tickets/ConfirmationPage.tsx';
import { whatsappOptinForm } from '../../forms/checkout-forms.ts';
import { parseForm } from '../../forms/parse-form.ts';
import { page, redirect, type PageContext, type PageModule } from '../../page.ts';
import { ServiceError } from '../../services/service-client.ts';
import { trackingContext } from '../../site-renderer.tsx';
import { ticketPageAnalytics, ticketPageHead } from './common.ts';
import { APPLE_PAY_CHECKOUT, TICKET_DOWNLOAD_URL, WHATSAPP_OPTIN, type OrderData } from './checkout-documents.ts';
import { checkoutPhone, loadOrder, type OrderAccess } from './order-access.ts';

/**
 * SPEC 2.4: while the payment is processed, or the tickets of a paid order are being issued
 * (decision 0032), the page looks again every few seconds, without JavaScript.
 */
const REFRESH_SECONDS = 4;

const isFree = (item: { total: { amount: string } }): boolean => /^0+\.00$/.test(item.total.amount);

const sumQuantities = (items: { quantity: number }[]): number => items.reduce((sum, item) => sum + item.quantity, 0);

/**
 * SPEC 9.4: the purchase, tracked on the server once per order (decision 0031): the ledger's
 * unique row decides, so reloads, the guest's link on another device and parallel requests do
 * not count it twice.
 */
async function trackPurchase(context: PageContext, access: OrderAccess): Promise<void> {
  const { order, event } = access;
  if (!(await context.services.purchases.recordFirst(order.id))) return;
  const amount = (money: { amount: string }) => money.amount;
  context.services.tracker.track('purchase', trackingContext(context.req, ticketPageAnalytics(event, 'confirmation')), {
    order_id: order.id,
    ticketing_platform_customer_id: order.customerId,
    coupon_codes: order.couponCodes.map((coupon) => coupon.code).join(','),
    item_count: sumQuantities(order.items),
    // An order keeps a line's free items among its sub-items, at a total of zero.
    addon_item_count: order.items.reduce((sum, item) => sum + sumQuantities(item.subItems.filter((sub) => !isFree(sub))), 0),
    free_item_count: order.items.reduce((sum, item) => sum + sumQuantities(item.subItems.filter(isFree)), 0),
    total_amount: amount(order.totalPrice),
    sub_total_amount: amount(order.subtotalPrice),
    tax_amount: amount(order.vatAmount),
    discount_amount: amount(order.cartDiscountPrice),
    currency: order.totalPrice.currency,
    affiliate_code: order.affiliateCode,
  });
}

type Notice = ConfirmationPageData['notice'];

/** The payment, or the tickets after it, are still to come. */
const waitsForSomething = (order: OrderData) => order.state === 'PENDING_PAYMENT' || (order.state === 'PAID' && !order.ticketsIssued);

const confirmationPage: PageModule<ConfirmationPageData> = {
  async load(context) {
    const loaded = await loadOrder(context);
    if ('loaded' in loaded) return loaded.loaded;
    const { access } = loaded;
    const { event, secret, linkSecret } = access;
    let { order } = access;
    const here = `${context.urls.route('ticketsConfirmation', { eventSlug: event.slug })}${orderQuery(order, linkSecret)}`;
    let notice: Notice = null;
    let status: number | undefined;

    // A ticket's PDF: a fresh signed link on every click, so the page's links never expire (SPEC 9.3).
    const ticketId = context.req.query.ticket;
    if (context.req.method === 'GET' && typeof ticketId === 'string' && ticketId) {
      if (!order.pdfTickets.some((ticket) => ticket.id === ticketId)) return { kind: 'notFound' };
      try {
        const { ticketDownloadUrl } = await context.services.commerce.query(
          TICKET_DOWNLOAD_URL,
          { ticketId, secretUuid: secret },
          { accessToken: access.accessToken, fresh: true },
        );
        return redirect(ticketDownloadUrl, 303);
      } catch (error) {
        context.req.log.warn({ err: error }, 'A ticket download link failed');
        notice = 'downloadFailed';
        status = 503;
      }
    }

    // The wallet sheet hands its token back here (decision 0031); the order is paid with it once.
    const walletToken = context.req.query.walletToken;
    if (context.req.method === 'GET' && typeof walletToken === 'string' && walletToken) {
      if (order.state === 'PENDING_PAYMENT' && order.paymentMethod === 'MOBILE_WALLET') {
        try {
          await context.services.commerce.mutate(
            APPLE_PAY_CHECKOUT,
            { input: { orderId: order.id, secretUuid: secret, paymentToken: walletToken } },
            { accessToken: access.accessToken },
          );
          // Without the token in the address, a reload cannot pay twice.
          return redirect(here, 303);
        } catch (error) {
          const code = error instanceof ServiceError ? error.code : undefined;
          // A token of another order, or none the wallet issued: refused, nothing charged.
          if (code !== 'INSUFFICIENT_FUNDS' && code !== 'BAD_USER_INPUT') throw error;
          notice = code === 'INSUFFICIENT_FUNDS' ? 'insufficientFunds' : 'walletTokenInvalid';
          status = code === 'INSUFFICIENT_FUNDS' ? 402 : 422;
          const reloaded = await loadOrder(context);
          if ('access' in reloaded) order = reloaded.access.order;
        }
      } else {
        return redirect(here, 303);
      }
    }

    if (order.state === 'PAID') await trackPurchase(context, { ...access, order });
    const title = context.t('checkout:confirmation.title');
    return page(
      { event, order, secret: linkSecret, notice, phoneNumber: checkoutPhone(context, event.commerceEventId) },
      {
        ...ticketPageHead(event, title, `/events/${event.slug}/tickets/confirmation`),
        ...(waitsForSomething(order) && !notice ? { refresh: { seconds: REFRESH_SECONDS, path: here } } : {}),
      },
      ticketPageAnalytics(event, 'confirmation'),
      status,
    );
  },
  View: ConfirmationPage,
  actions: {
    [WHATSAPP_FORM]: {
      form: WHATSAPP_FORM,
      async handle(context, body) {
        const parsed = parseForm(whatsappOptinForm, body);
        if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
        const loaded = await loadOrder(context);
        if ('loaded' in loaded)
          return { kind: 'failed', values: { phoneNumber: body.phoneNumber ?? '' }, message: 'checkout:confirmation.whatsappFailed' };
        try {
          await context.services.commerce.mutate(
            WHATSAPP_OPTIN,
            { input: { phoneNumber: parsed.data.phoneNumber, orderId: loaded.access.order.id, locale: context.locale } },
            { accessToken: loaded.access.accessToken },
          );
        } catch (error) {
          context.req.log.warn({ err: error }, 'WhatsApp opt-in failed');
          return { kind: 'failed', values: { phoneNumber: body.phoneNumber ?? '' }, message: 'checkout:confirmation.whatsappFailed' };
        }
        return { kind: 'succeeded', message: 'checkout:confirmation.whatsappDone' };
      },
    },
  },
};

export type { OrderData };
export default confirmationPage;
