import type { Logger } from '#platform/logger.ts';
import { formatAmount } from '../money.ts';
import { splitInstalments } from './instalments.ts';
import { callProviderApi } from './provider-api.ts';
import type {
  HostedPayment,
  InstalmentPaymentRequest,
  InstalmentProvider,
  InstalmentRejection,
  PrescoringAnswer,
  PrescoringRequest,
  ProviderPayment,
} from './payment-gateway.ts';

/**
 * Tabby, the instalment provider the SPEC names (`tabbyPrescoring`; decision 0042), through its
 * REST API. Our payment id is Tabby's payment id. Outcomes are only ever believed from a fetch of the
 * payment (status, amount, currency, captures, refunds), never from a redirect or a webhook's body.
 *
 * Follows Tabby's documentation (https://docs.tabby.ai, whole in https://docs.tabby.ai/llms-full.txt):
 * - https://docs.tabby.ai/pay-in-4-custom-integration/checkout-flow: background pre-scoring is a
 *   session created with the amount, currency, buyer e-mail and phone and the merchant code; status
 *   `created` shows Tabby, `rejected` hides it, with `rejection_reason` (`not_available`,
 *   `order_amount_too_high`, `order_amount_too_low`) in `configuration.available_products.installments[0]`
 *   (older answers: `configuration.products.installments`). The buyer is sent to the session's
 *   `web_url`, and comes back to `merchant_urls.success`, `.cancel` or `.failure`.
 * - https://docs.tabby.ai/api-reference/checkout/create-a-session (POST /api/v2/checkout, Bearer secret
 *   key) and .../session-payload-model; https://docs.tabby.ai/api-reference/payments/retrieve-a-payment
 *   (GET /api/v2/payments/{id}), .../capture-a-payment (POST …/captures, `reference_id` as idempotency
 *   key), .../close-a-payment (POST …/close: closing an authorized payment without a capture cancels it
 *   and gives the buyer's money back), .../refund-a-payment (POST …/refunds, CLOSED payments only).
 * - https://docs.tabby.ai/pay-in-4-custom-integration/payment-statuses: CREATED, AUTHORIZED, CLOSED
 *   (captured in full, cancelled, or refunded), REJECTED, EXPIRED (cancelled by the buyer, or never
 *   completed: 25 minutes after creation, .../payment-processing).
 * - https://docs.tabby.ai/pay-in-4-custom-integration/payment-processing: on the success redirect, and
 *   on an `authorized` webhook, retrieve the payment and capture it; webhooks cover the buyer who never
 *   comes back. https://docs.tabby.ai/pay-in-4-custom-integration/webhooks: registered once per merchant
 *   code and secret key (`POST /api/v1/webhooks`, `X-Merchant-Code`), with an optional header (`title`,
 *   `value`) sent on every call "so you can verify their authenticity"; delivery order is not guaranteed.
 * - https://docs.tabby.ai/introduction/technical-requirements: amounts are decimal strings, up to 2
 *   decimals for SAR; phones as `500000001`, `0500000001`, `+971500000001` or `971500000001`.
 * - The OpenAPI servers and https://www.tabby-status.com (the KSA change of March 2026): Saudi
 *   merchants use `https://api.tabby.sa`, and KSA checkout links are issued on `https://checkout.tabby.sa`
 *   or `https://api.tabby.sa`.
 */

/** Tabby's API for merchants in Saudi Arabia (the shop sells in SAR); tests point it at their emulator. */
export const TABBY_API_URL = 'https://api.tabby.sa';

/** The header Tabby is asked to send with every webhook (the registration's `header.title`). */
export const TABBY_WEBHOOK_HEADER = 'X-Nabd-Webhook-Token';

/** A Tabby call gives up after this long: Tabby is then "down" and asked again later. */
export const TABBY_TIMEOUT_MS = 5_000;

/**
 * A pre-scoring answer is kept this long per amount, e-mail and phone: the checkout asks on its last
 * step, again when the buyer chooses instalments, and `orderCreate` once more; each ask is a session.
 */
export const PRESCORE_CACHE_MS = 5 * 60_000;
const PRESCORE_CACHE_ENTRIES = 1000;

/**
 * Where Tabby's hosted payment pages are (a session's `web_url`), and the API's own origin (an
 * emulator serves both). The checkout's form is redirected there, so the site's `form-action` policy
 * names them; a page anywhere else is refused.
 */
export function tabbyPageOrigins(apiUrl: string): string[] {
  return [...new Set(['https://checkout.tabby.sa', 'https://checkout.tabby.ai', 'https://api.tabby.sa', new URL(apiUrl).origin])];
}

export interface TabbySettings {
  /** `sk_…` or `sk_test_…`: the Bearer token of every call. */
  secretKey: string;
  /** `pk_…` or `pk_test_…`: Tabby's hosted page carries it; no call of ours uses it. */
  publicKey: string;
  /** The store's code at Tabby (`merchant_code`). */
  merchantCode: string;
  /** `https://api.tabby.sa` unless tests point it at their emulator. */
  apiUrl: string;
  /** The webhook's header, as registered with Tabby: its name and the secret value it carries. */
  webhookHeader: string;
  webhookSecret: string;
}

/** A Tabby payment (the fields we read). Amounts are decimal strings. */
export interface TabbyPaymentObject {
  id: string;
  status: 'CREATED' | 'AUTHORIZED' | 'CLOSED' | 'REJECTED' | 'EXPIRED';
  amount: string;
  currency: string;
  created_at?: string;
  expires_at?: string | null;
  is_test?: boolean;
  captures?: { id: string; amount: string; created_at: string; reference_id?: string | null }[] | null;
  refunds?: { id: string; amount: string; created_at: string; reference_id?: string | null }[] | null;
  order?: { reference_id?: string | null } | null;
}

export interface TabbySession {
  id: string;
  status: 'created' | 'rejected' | 'expired' | 'approved';
  payment?: TabbyPaymentObject | null;
  configuration?: {
    available_products?: { installments?: { web_url?: string | null; rejection_reason?: string | null }[] | null } | null;
    products?: { installments?: { is_available?: boolean; rejection_reason?: string | null } | null } | null;
  } | null;
}

export interface TabbyWebhook {
  id: string;
  url: string;
  is_test?: boolean;
  header?: { title?: string | null; value?: string | null } | null;
}

/** Tabby could not be reached, took too long, was busy (429) or failed itself (5xx): ask again later. */
export class TabbyUnavailable extends Error {
  override name = 'TabbyUnavailable';
}

/** Tabby refused a call (4xx), or answered something we cannot accept: a mistake or a state that does not allow it. */
export class TabbyRefused extends Error {
  override name = 'TabbyRefused';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * A payment still CREATED at Tabby can be neither closed nor refunded: the buyer may still approve it
 * on Tabby's page until it expires. The reconciler's job fails with this and asks again, so a late
 * approval is closed as soon as it happens (decision 0042).
 */
export class TabbyPaymentStillOpen extends Error {
  override name = 'TabbyPaymentStillOpen';
}

export interface TabbyInstalmentsOptions extends Pick<TabbySettings, 'secretKey' | 'merchantCode' | 'apiUrl'> {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** How long a pre-scoring answer is kept; 0 keeps none. */
  prescoreCacheMs?: number;
  clock?: () => Date;
  logger: Logger;
}

/** Tabby's reasons, in the SPEC's words (SPEC 8); anything else is the general rejection. */
const REJECTIONS: Record<string, InstalmentRejection> = {
  not_available: 'NOT_AVAILABLE',
  order_amount_too_high: 'ORDER_AMOUNT_TOO_HIGH',
  order_amount_too_low: 'ORDER_AMOUNT_TOO_LOW',
};

/** `+966 50 123-4567` → `+966501234567`: one of the masks Tabby accepts. */
export const tabbyPhone = (phoneNumber: string) => phoneNumber.replace(/[\s().-]/g, '');

/** Halalas → Tabby's decimal string in SAR: 115000 → "1150.00". Integer arithmetic only. */
export const tabbyAmount = (halalas: number): string => {
  if (!Number.isSafeInteger(halalas) || halalas < 0) throw new Error(`Not an amount in halalas: ${halalas}`);
  return formatAmount(halalas);
};

/**
 * Tabby's decimal string → halalas: "1150", "1150.5", "1150.50" and "1150.500" are 115050 halalas or
 * 115000; a fraction of a halala ("1150.505") or anything that is not a plain decimal is refused.
 */
export function halalasOf(amount: string | number): number {
  const text = String(amount).trim();
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) throw new TabbyRefused(`Tabby answered an amount that is not one: ${text.slice(0, 40)}`, 200);
  const fraction = match[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) throw new TabbyRefused(`Tabby answered a fraction of a halala: ${text}`, 200);
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
}

const sum = (entries: { amount: string }[] | null | undefined) =>
  (entries ?? []).reduce((total, entry) => total + halalasOf(entry.amount), 0);

/**
 * A Tabby payment in the words every provider has (decision 0042):
 *
 * | Tabby                                         | ProviderPayment                                     |
 * | --------------------------------------------- | --------------------------------------------------- |
 * | CREATED (the buyer is on Tabby's page)        | OPEN                                                |
 * | AUTHORIZED (approved; we capture once paid)   | SUCCEEDED, the payment's amount                     |
 * | CLOSED with captures not refunded             | SUCCEEDED, the amount captured less refunds         |
 * | CLOSED without a capture, or refunded in full | VOIDED (cancelled, or given back)                   |
 * | REJECTED                                      | DECLINED                                            |
 * | EXPIRED (cancelled by the buyer, or timed out) | VOIDED                                             |
 */
export function providerPaymentOf(payment: TabbyPaymentObject): ProviderPayment {
  const currency = payment.currency as 'SAR';
  const amount = halalasOf(payment.amount);
  switch (payment.status) {
    case 'CREATED':
      return { status: 'OPEN', amount, currency };
    case 'AUTHORIZED':
      return { status: 'SUCCEEDED', amount, currency };
    case 'CLOSED': {
      const kept = sum(payment.captures) - sum(payment.refunds);
      if (kept <= 0) return { status: 'VOIDED', amount, currency };
      const capturedAt = payment.captures?.[0]?.created_at;
      // The capture came after the approval: an upper bound of when the buyer's money was taken.
      return { status: 'SUCCEEDED', amount: kept, currency, succeededAt: capturedAt ? new Date(capturedAt) : undefined };
    }
    case 'REJECTED':
      return { status: 'DECLINED', amount, currency };
    case 'EXPIRED':
      return { status: 'VOIDED', amount, currency };
    default:
      // A status Tabby may add one day: wait, and let the reconciler close it when the hold ends.
      return { status: 'CHALLENGE', amount, currency };
  }
}

export class TabbyInstalments implements InstalmentProvider {
  readonly asksOnReturn = true;
  private readonly authorization: string;
  private readonly fetch: typeof fetch;
  private readonly clock: () => Date;
  private readonly prescored = new Map<string, { answer: PrescoringAnswer; until: number }>();

  constructor(private readonly options: TabbyInstalmentsOptions) {
    this.authorization = `Bearer ${options.secretKey}`;
    this.fetch = options.fetch ?? fetch;
    this.clock = options.clock ?? (() => new Date());
  }

  /**
   * Background pre-scoring: a session with the amount and the buyer's e-mail and phone. `created`
   * is eligible (four payments, SPEC 9.2); `rejected` carries Tabby's reason. Without an e-mail and
   * a phone Tabby cannot score: that is refused (the checkout says it is checked later).
   */
  async prescore(request: PrescoringRequest): Promise<PrescoringAnswer> {
    if (!request.email || !request.phoneNumber) {
      throw new TabbyRefused("Tabby's pre-scoring needs the buyer's e-mail and phone", 400);
    }
    const key = `${request.amount}|${request.email.toLowerCase()}|${tabbyPhone(request.phoneNumber)}`;
    const now = this.clock().getTime();
    const kept = this.prescored.get(key);
    if (kept && kept.until > now) return kept.answer;
    const session = await this.session({
      payment: {
        amount: tabbyAmount(request.amount),
        currency: 'SAR',
        buyer: { email: request.email, phone: tabbyPhone(request.phoneNumber) },
      },
      lang: 'en',
      merchant_code: this.options.merchantCode,
    });
    const answer: PrescoringAnswer =
      session.status === 'created'
        ? { eligible: true, instalments: splitInstalments(request.amount) }
        : { eligible: false, reason: rejectionOf(session) };
    const keepMs = this.options.prescoreCacheMs ?? PRESCORE_CACHE_MS;
    if (keepMs > 0) {
      this.prescored.delete(key);
      this.prescored.set(key, { answer, until: now + keepMs });
      // The oldest answers go first (a Map keeps insertion order).
      for (const old of this.prescored.keys()) {
        if (this.prescored.size <= PRESCORE_CACHE_ENTRIES) break;
        this.prescored.delete(old);
      }
    }
    return answer;
  }

  /**
   * A session for the order: the buyer approves the four payments on its `web_url`, and every one
   * of Tabby's merchant URLs brings them back to the order's confirmation, which asks Tabby. A
   * session Tabby rejects (scored again with the full order) is a refusal: the order gives its stock back.
   */
  async createPayment(request: InstalmentPaymentRequest): Promise<HostedPayment> {
    const returnUrl = new URL(request.returnUrl);
    returnUrl.searchParams.set('orderId', request.orderId);
    const back = returnUrl.toString();
    const buyer = request.buyer;
    const session = await this.session({
      payment: {
        amount: tabbyAmount(request.amount),
        currency: request.currency,
        description: request.description,
        buyer: {
          email: request.email,
          ...(buyer ? { name: buyer.name, phone: tabbyPhone(buyer.phoneNumber) } : {}),
        },
        ...(buyer ? { shipping_address: { city: buyer.city, address: buyer.address, zip: buyer.postalCode ?? '' } } : {}),
        order: {
          reference_id: request.orderId,
          updated_at: this.clock().toISOString(),
          tax_amount: tabbyAmount(request.vat ?? 0),
          shipping_amount: '0.00',
          discount_amount: tabbyAmount(request.discount ?? 0),
          items: (request.lines ?? []).map((line) => ({
            reference_id: line.reference,
            title: line.title,
            quantity: line.quantity,
            unit_price: tabbyAmount(line.unitPrice),
            category: 'Event tickets',
          })),
        },
        // A guest shop knows no history: the least the payload model asks for.
        buyer_history: { registered_since: this.clock().toISOString(), loyalty_level: 0 },
        order_history: [],
        meta: { order_id: request.orderId },
      },
      lang: request.locale,
      merchant_code: this.options.merchantCode,
      merchant_urls: { success: back, cancel: back, failure: back },
    });
    if (session.status !== 'created') {
      throw new TabbyRefused(`Tabby rejected the session for order ${request.orderId} (${rejectionOf(session)})`, 200);
    }
    const payment = session.payment;
    const webUrl = session.configuration?.available_products?.installments?.[0]?.web_url;
    if (!payment || typeof payment.id !== 'string' || !webUrl || !URL.canParse(webUrl)) {
      throw new TabbyUnavailable('Tabby answered a session without a payment or a page');
    }
    // The browser could not be sent anywhere else (form-action): better a clear refusal now.
    const origin = new URL(webUrl).origin;
    if (!tabbyPageOrigins(this.options.apiUrl).includes(origin)) {
      throw new TabbyRefused(`Tabby's page for payment ${payment.id} is on an unexpected origin: ${origin}`, 200);
    }
    if (halalasOf(payment.amount) !== request.amount || payment.currency !== request.currency) {
      throw new TabbyRefused(`Tabby created payment ${payment.id} for another amount`, 200);
    }
    return { paymentId: payment.id, paymentLink: webUrl };
  }

  /** The payment as Tabby has it, in the words of `ProviderPayment`; undefined for one it does not know. */
  async fetchPayment(paymentId: string): Promise<ProviderPayment | undefined> {
    const payment = await this.payment(paymentId);
    return payment ? providerPaymentOf(payment) : undefined;
  }

  /**
   * Takes the money of an approved payment: a capture of the whole amount, which closes it. Our
   * payment id makes the capture's `reference_id`, so a capture sent again after a crash is the
   * same capture. Already captured: nothing. Anything but an authorized payment of that amount is
   * refused (the job keeps it for an operator).
   */
  async capturePayment(paymentId: string, amount: number): Promise<void> {
    const payment = await this.payment(paymentId);
    if (!payment) throw new TabbyRefused(`Tabby does not know payment ${paymentId}`, 404);
    const captured = sum(payment.captures);
    if (captured >= amount && (payment.status === 'AUTHORIZED' || payment.status === 'CLOSED')) return;
    if (payment.status !== 'AUTHORIZED')
      throw new TabbyRefused(`Tabby's payment ${paymentId} is ${payment.status}: nothing to capture`, 409);
    if (halalasOf(payment.amount) !== amount) throw new TabbyRefused(`Tabby's payment ${paymentId} is for another amount`, 409);
    await this.call('POST', `/api/v2/payments/${encodeURIComponent(paymentId)}/captures`, {
      amount: tabbyAmount(amount - captured),
      reference_id: `capture-${paymentId}`,
    });
  }

  /**
   * Gives the money back, or makes sure it can never be taken: an authorized payment is closed (Tabby
   * cancels it and refunds the buyer's first payment), a captured one refunded in full (`reference_id`
   * makes a repeat the same refund). Rejected, expired, cancelled or refunded already: nothing. A
   * payment still on Tabby's page cannot be closed: `TabbyPaymentStillOpen`, asked again later.
   */
  async voidPayment(paymentId: string): Promise<void> {
    const payment = await this.payment(paymentId);
    if (!payment) return;
    const path = `/api/v2/payments/${encodeURIComponent(paymentId)}`;
    if (payment.status === 'CREATED') {
      throw new TabbyPaymentStillOpen(`Tabby's payment ${paymentId} is still open on Tabby's page: it is closed once approved or expired`);
    }
    if (payment.status === 'AUTHORIZED') {
      // Closing releases what was not captured; what was (a partial capture) is refunded below.
      await this.call('POST', `${path}/close`);
      this.options.logger.info({ paymentId }, 'Tabby payment closed: what was not captured is released');
      if (sum(payment.captures) === 0) return;
    } else if (payment.status !== 'CLOSED') {
      return;
    }
    const kept = sum(payment.captures) - sum(payment.refunds);
    if (kept <= 0) return;
    await this.call('POST', `${path}/refunds`, {
      amount: tabbyAmount(kept),
      reference_id: `refund-${paymentId}`,
      reason: 'Order not fulfilled',
    });
    this.options.logger.info({ paymentId, amount: kept }, 'Tabby payment refunded');
  }

  /**
   * Registers `url` for Tabby's webhooks with our header, or updates the one already registered
   * there (an operator's step, `npm run tabby:webhook`; never at start). Answers the webhook's id.
   */
  async registerWebhook(url: string, header: { title: string; value: string }): Promise<string> {
    const headers = { 'x-merchant-code': this.options.merchantCode };
    const listed = await this.call<TabbyWebhook[] | TabbyWebhook | null>('GET', '/api/v1/webhooks', undefined, headers);
    const existing = (Array.isArray(listed) ? listed : listed ? [listed] : []).find((webhook) => webhook.url === url);
    const body = { url, header };
    const webhook = existing
      ? await this.call<TabbyWebhook>('PUT', `/api/v1/webhooks/${encodeURIComponent(existing.id)}`, { ...body, id: existing.id }, headers)
      : await this.call<TabbyWebhook>('POST', '/api/v1/webhooks', body, headers);
    if (!webhook?.id) throw new TabbyUnavailable('Tabby answered a webhook without an id');
    return webhook.id;
  }

  private async session(body: unknown): Promise<TabbySession> {
    const session = await this.call<TabbySession>('POST', '/api/v2/checkout', body);
    if (!session || typeof session.status !== 'string') throw new TabbyUnavailable('Tabby answered a session without a status');
    return session;
  }

  private payment(paymentId: string): Promise<TabbyPaymentObject | undefined> {
    return this.call<TabbyPaymentObject>('GET', `/api/v2/payments/${encodeURIComponent(paymentId)}`);
  }

  /** One API call: JSON in and out, the Bearer key, a deadline; 404 on a read is undefined, 429/5xx and network errors TabbyUnavailable. */
  private call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T | undefined> {
    return callProviderApi<T>(
      {
        name: 'Tabby',
        apiUrl: this.options.apiUrl,
        authorization: this.authorization,
        timeoutMs: this.options.timeoutMs ?? TABBY_TIMEOUT_MS,
        fetch: this.fetch,
        unavailable: TabbyUnavailable,
        refused: TabbyRefused,
        isMissing: (method, path) => method === 'GET' && path.startsWith('/api/v2/payments/'),
        isBusy: (status) => status === 429,
      },
      method,
      path,
      body,
      headers,
    );
  }
}

/** Why Tabby rejected a session: the current field first, then the older one; the general rejection otherwise. */
function rejectionOf(session: TabbySession): InstalmentRejection {
  const reason =
    session.configuration?.available_products?.installments?.[0]?.rejection_reason ??
    session.configuration?.products?.installments?.rejection_reason;
  return (reason && REJECTIONS[reason]) || 'NOT_AVAILABLE';
}
