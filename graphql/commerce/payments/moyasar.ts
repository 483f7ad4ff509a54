import type { Logger } from '#platform/logger.ts';
import type { HostedPayment, HostedPaymentRequest, PaymentGateway, ProviderPayment, ProviderPaymentStatus } from './payment-gateway.ts';
import { callProviderApi } from './provider-api.ts';

/**
 * Moyasar, the Saudi card gateway (decision 0036), through its REST API. A payment here is a Moyasar
 * **invoice**: its hosted page takes mada, Visa, Mastercard, Apple Pay and STC Pay without any script
 * of ours, and our payment id is the invoice id. Outcomes are only ever believed from a fetch of the
 * invoice (status, amount, currency), never from a redirect or a webhook's body.
 *
 * Follows Moyasar's documentation (https://docs.moyasar.com, whole in https://docs.moyasar.com/llms-full.txt):
 * - API › Authentication: HTTP Basic, the secret key as user name and an empty password; amounts in halalas.
 * - Invoices: https://docs.moyasar.com/guides/invoices/creating-invoices (POST /v1/invoices with `amount`,
 *   `currency`, `description`, `callback_url`, `success_url`, `back_url`, `metadata`; the answer's `url`
 *   is the hosted page), https://docs.moyasar.com/fetch-invoice (GET /v1/invoices/:id, with its `payments`),
 *   API › Invoices › Cancel Invoice (PUT /v1/invoices/:id/cancel).
 * - https://docs.moyasar.com/payment-status-reference: initiated, paid, failed, authorized, captured,
 *   refunded, voided ("voided … works only if the amount is not settled yet").
 * - API › Payments › Void Payment (POST /v1/payments/:id/void) and Refund Payment (POST /v1/payments/:id/refund).
 * - https://docs.moyasar.com/webhook-reference: events such as `payment_paid`, `payment_failed`, each
 *   with the payment in `data` and the dashboard's `secret_token`.
 * - llms-full.txt, "5-Minute Integration": verify the payment server-side (status, amount, currency)
 *   and do not trust the redirect alone.
 */

export const MOYASAR_API_URL = 'https://api.moyasar.com/v1';

/**
 * Where Moyasar's hosted invoice pages are (an invoice's `url`, as in the payment example of
 * https://docs.moyasar.com/update-payment: `https://checkout.moyasar.com/invoices/<id>`), and the
 * API's own origin (an emulator serves both). The checkout's form is redirected there, so the
 * site's `form-action` policy must name them; an invoice page anywhere else is refused.
 */
export function moyasarPageOrigins(apiUrl: string): string[] {
  return [...new Set(['https://checkout.moyasar.com', new URL(apiUrl).origin])];
}

/** A Moyasar call gives up after this long: the provider is then "down" and asked again later. */
export const MOYASAR_TIMEOUT_MS = 5_000;

export interface MoyasarSettings {
  /** `sk_live_…` or `sk_test_…`: the HTTP Basic user name of every call. */
  secretKey: string;
  /** `pk_…`: not used by the invoice flow (no form of ours), kept with the account's keys. */
  publishableKey: string;
  /** The webhook's `secret_token`, as set in Moyasar's dashboard. */
  webhookSecret: string;
  /** `https://api.moyasar.com/v1` unless tests point it at their emulator. */
  apiUrl: string;
}

/** The invoice's payment attempts (Moyasar's payment object, the fields we read). */
export interface MoyasarPaymentObject {
  id: string;
  status: 'initiated' | 'paid' | 'failed' | 'authorized' | 'captured' | 'refunded' | 'voided' | 'verified';
  amount: number;
  currency: string;
  invoice_id?: string | null;
  created_at: string;
  updated_at: string;
  source?: { message?: string | null; response_code?: string | null } | null;
}

export interface MoyasarInvoice {
  id: string;
  status: 'initiated' | 'paid' | 'failed' | 'refunded' | 'canceled' | 'on_hold' | 'expired' | 'voided';
  amount: number;
  currency: string;
  url: string;
  metadata?: Record<string, string> | null;
  payments?: MoyasarPaymentObject[] | null;
}

/** Moyasar could not be reached, took too long, or failed itself (5xx): ask again later. */
export class MoyasarUnavailable extends Error {
  override name = 'MoyasarUnavailable';
}

/** Moyasar refused a call (4xx other than 404): a mistake of ours or a state that does not allow it. */
export class MoyasarRefused extends Error {
  override name = 'MoyasarRefused';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface MoyasarGatewayOptions extends Pick<MoyasarSettings, 'secretKey' | 'apiUrl'> {
  /** Where Moyasar posts a paid invoice (`callback_url`): our invoice-callback route, checked by fetching. */
  invoiceCallbackUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  clock?: () => Date;
  logger: Logger;
}

/** Payments that took the buyer's money, or hold it (authorized). */
const TAKEN = ['paid', 'captured', 'authorized'];

/** The day in Asia/Riyadh (SPEC 9.1), for "voided the same day, refunded after". */
const riyadhDay = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });

export class MoyasarGateway implements PaymentGateway {
  readonly asksOnReturn = true;
  private readonly authorization: string;
  private readonly fetch: typeof fetch;
  private readonly clock: () => Date;

  constructor(private readonly options: MoyasarGatewayOptions) {
    // HTTP Basic: the secret key is the user name, the password is empty.
    this.authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
    this.fetch = options.fetch ?? fetch;
    this.clock = options.clock ?? (() => new Date());
  }

  /**
   * An invoice for the order: the buyer pays on its `url`. `success_url` and `back_url` bring them
   * back to the order's confirmation; `callback_url` is where Moyasar posts the paid invoice, a
   * hint we check by fetching; `metadata.order_id` ties the invoice to our order in Moyasar's dashboard.
   */
  async createPayment(request: HostedPaymentRequest): Promise<HostedPayment> {
    const returnUrl = new URL(request.returnUrl);
    returnUrl.searchParams.set('orderId', request.orderId);
    const invoice = await this.call<MoyasarInvoice>('POST', '/invoices', {
      amount: request.amount,
      currency: request.currency,
      description: request.description,
      callback_url: this.options.invoiceCallbackUrl,
      success_url: returnUrl.toString(),
      back_url: returnUrl.toString(),
      metadata: { order_id: request.orderId },
    });
    if (!invoice || typeof invoice.id !== 'string' || !URL.canParse(invoice.url)) {
      throw new MoyasarUnavailable('Moyasar answered an invoice without an id or a page');
    }
    // The browser could not be sent anywhere else (form-action): better a clear refusal now.
    if (!moyasarPageOrigins(this.options.apiUrl).includes(new URL(invoice.url).origin)) {
      throw new MoyasarRefused(`Moyasar's invoice ${invoice.id} is on an unexpected page: ${new URL(invoice.url).origin}`, 200);
    }
    if (invoice.amount !== request.amount || invoice.currency !== request.currency) {
      throw new MoyasarRefused(`Moyasar created invoice ${invoice.id} for another amount`, 200);
    }
    return { paymentId: invoice.id, paymentLink: invoice.url };
  }

  /** The invoice as Moyasar has it, in the words of `ProviderPayment`; undefined for one it does not know. */
  async fetchPayment(invoiceId: string): Promise<ProviderPayment | undefined> {
    const invoice = await this.invoice(invoiceId);
    return invoice ? providerPaymentOf(invoice) : undefined;
  }

  /**
   * Money taken is given back: voided the same day (Moyasar cancels it before it is settled),
   * refunded after, or refunded when Moyasar refuses the void because it settled already. An
   * invoice nobody paid is cancelled, so its page can no longer take money. Idempotent: what is
   * already given back or closed is left alone.
   */
  async voidPayment(invoiceId: string): Promise<void> {
    const invoice = await this.invoice(invoiceId);
    if (!invoice) return;
    const taken = (invoice.payments ?? []).filter((payment) => TAKEN.includes(payment.status));
    for (const payment of taken) await this.giveBack(payment);
    if (taken.length === 0 && (invoice.status === 'initiated' || invoice.status === 'on_hold')) {
      await this.call('PUT', `/invoices/${encodeURIComponent(invoiceId)}/cancel`);
    }
  }

  private async giveBack(payment: MoyasarPaymentObject): Promise<void> {
    const path = `/payments/${encodeURIComponent(payment.id)}`;
    const sameDay = riyadhDay(new Date(payment.updated_at)) === riyadhDay(this.clock());
    if (payment.status === 'authorized' || sameDay) {
      try {
        await this.call('POST', `${path}/void`);
        return;
      } catch (error) {
        // Settled already: only a refund gives the money back now.
        if (!(error instanceof MoyasarRefused) || payment.status === 'authorized') throw error;
        this.options.logger.info({ paymentId: payment.id }, 'Moyasar refused the void of a settled payment: refunding it');
      }
    }
    await this.call('POST', `${path}/refund`, { amount: payment.amount });
  }

  private invoice(invoiceId: string): Promise<MoyasarInvoice | undefined> {
    return this.call<MoyasarInvoice>('GET', `/invoices/${encodeURIComponent(invoiceId)}`);
  }

  /** One API call: JSON in and out, Basic auth, a deadline; 404 is undefined, 5xx and network errors MoyasarUnavailable. */
  private call<T>(method: string, path: string, body?: unknown): Promise<T | undefined> {
    return callProviderApi<T>(
      {
        name: 'Moyasar',
        apiUrl: this.options.apiUrl,
        authorization: this.authorization,
        timeoutMs: this.options.timeoutMs ?? MOYASAR_TIMEOUT_MS,
        fetch: this.fetch,
        unavailable: MoyasarUnavailable,
        refused: MoyasarRefused,
        isMissing: (method) => method === 'GET',
      },
      method,
      path,
      body,
    );
  }
}

/** Moyasar's test cards' and the gateways' word for a lack of funds: response code 51. */
const insufficientFunds = (payment: MoyasarPaymentObject | undefined) =>
  payment?.source?.response_code === '51' || /insufficient[ _]funds/i.test(payment?.source?.message ?? '');

/** Moyasar's word for a failed 3-D Secure step: "3-D Secure transaction attempt failed". */
const authenticationFailed = (payment: MoyasarPaymentObject | undefined) => /3-?D[ -]?Secure/i.test(payment?.source?.message ?? '');

/**
 * An invoice in the words every provider has (decision 0036):
 *
 * | invoice                                  | ProviderPayment                                  |
 * | ---------------------------------------- | ------------------------------------------------ |
 * | a payment paid or captured               | SUCCEEDED, that payment's amount and currency    |
 * | initiated (failed attempts may be tried again on the page) | OPEN                           |
 * | on_hold, or a payment authorized only    | CHALLENGE (waits; the reconciler closes it)      |
 * | failed                                   | DECLINED, INSUFFICIENT_FUNDS (code 51), or AUTHENTICATION_FAILED (3-D Secure) |
 * | canceled, expired, voided, refunded      | VOIDED                                           |
 */
export function providerPaymentOf(invoice: MoyasarInvoice): ProviderPayment {
  const payments = invoice.payments ?? [];
  const succeeded = payments.find((payment) => payment.status === 'paid' || payment.status === 'captured');
  const currency = (succeeded?.currency ?? invoice.currency) as 'SAR';
  if (succeeded && (invoice.status === 'paid' || invoice.status === 'initiated')) {
    return { status: 'SUCCEEDED', amount: succeeded.amount, currency, succeededAt: new Date(succeeded.updated_at) };
  }
  const status: ProviderPaymentStatus =
    invoice.status === 'initiated'
      ? payments.some((payment) => payment.status === 'authorized')
        ? 'CHALLENGE'
        : 'OPEN'
      : invoice.status === 'on_hold'
        ? 'CHALLENGE'
        : invoice.status === 'failed'
          ? insufficientFunds(payments.at(-1))
            ? 'INSUFFICIENT_FUNDS'
            : authenticationFailed(payments.at(-1))
              ? 'AUTHENTICATION_FAILED'
              : 'DECLINED'
          : invoice.status === 'paid'
            ? // Paid, but no paid payment listed: not believed until Moyasar shows the payment.
              'CHALLENGE'
            : 'VOIDED';
  return { status, amount: invoice.amount, currency: invoice.currency as 'SAR' };
}
