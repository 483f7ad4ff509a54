import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import express from 'express';
import type { TabbyPaymentObject } from '../payments/tabby.ts';

/**
 * An emulator of Tabby's API for tests (decision 0042), never shipped or mounted by the site: checkout
 * sessions with background pre-scoring, payments (retrieve, capture, close, refund), webhook
 * registration per merchant code and webhooks sent with the registered header, and Tabby's hosted
 * payment page as a plain HTML form with Tabby's own test buyers and one-time code, redirecting to
 * the merchant's success, cancel and failure URLs with `payment_id`. Switches let a test make Tabby
 * fail, slow, forget a webhook, send one twice, report another amount, or move its limits.
 *
 * Written from https://docs.tabby.ai (see `payments/tabby.ts`); the test buyers are those of
 * https://docs.tabby.ai/testing-guidelines/testing-credentials for Saudi Arabia.
 */

export const TABBY_TEST_BUYERS = {
  /** Eligible, and approved on the page with the code. */
  success: { email: 'otp.success@tabby.ai', phone: '+966500000001' },
  /** Turned down by background pre-scoring (`not_available`). */
  prescoringRejected: { email: 'otp.success@tabby.ai', phone: '+966500000002' },
  /** Eligible, then rejected on the page. */
  paymentRejected: { email: 'otp.rejected@tabby.ai', phone: '+966500000001' },
} as const;

/** The one-time code Tabby's test buyers type on its page. */
export const TABBY_TEST_OTP = '8888';

/** A payment nobody finished expires this long after it was created (…/payment-processing). */
export const TABBY_PAYMENT_EXPIRY_MS = 25 * 60_000;

type Status = TabbyPaymentObject['status'];
type Rejection = 'not_available' | 'order_amount_too_high' | 'order_amount_too_low';

interface StoredPayment {
  id: string;
  status: Status;
  /** Halalas, as the emulator keeps them; answered as decimal strings. */
  amount: number;
  currency: string;
  description: string | null;
  created_at: string;
  expires_at: string;
  closed_at: string | null;
  buyer: { email: string; phone: string; name: string | null };
  order: { reference_id: string | null };
  meta: Record<string, unknown> | null;
  captures: { id: string; amount: number; created_at: string; reference_id: string }[];
  refunds: { id: string; amount: number; created_at: string; reference_id: string; reason: string | null }[];
}

interface StoredSession {
  id: string;
  status: 'created' | 'rejected';
  rejection: Rejection | null;
  paymentId: string;
  lang: 'en' | 'ar';
  merchant_urls: { success?: string; cancel?: string; failure?: string } | null;
}

interface StoredWebhook {
  id: string;
  url: string;
  header: { title: string; value: string } | null;
  is_test: boolean;
}

export interface TabbyEmulatorOptions {
  secretKey: string;
  publicKey: string;
  merchantCode: string;
  clock?: () => Date;
  /** The merchant's range in halalas (Tabby sets it per merchant): 100.00 to 5000.00 SAR by default. */
  limits?: { min: number; max: number };
}

export interface TabbyWebhookDelivery {
  paymentId: string;
  status: string;
  outcome: number | 'network error';
}

const decimal = (halalas: number) => `${Math.floor(halalas / 100)}.${String(halalas % 100).padStart(2, '0')}`;

export class TabbyEmulator {
  readonly sessions = new Map<string, StoredSession>();
  readonly payments = new Map<string, StoredPayment>();
  readonly webhooks = new Map<string, StoredWebhook>();
  /** Every webhook sent, and how it was answered. */
  readonly deliveries: TabbyWebhookDelivery[] = [];
  /** Every API call: method, path and whether its key was right. */
  readonly calls: { method: string; path: string; authorized: boolean }[] = [];
  private server: Server | undefined;
  private failures = 0;
  private failureMatch: RegExp | undefined;
  private delayMs = 0;
  private dropped = 0;
  private twice = false;
  private amountOverride: number | undefined;
  private limits: { min: number; max: number };
  private readonly clock: () => Date;

  constructor(private readonly options: TabbyEmulatorOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.limits = options.limits ?? { min: 100_00, max: 5000_00 };
  }

  /** Listens on a free port of this machine; answers the API's base URL (the origin: paths start `/api/`). */
  async start(): Promise<string> {
    const app = this.app();
    this.server = await new Promise<Server>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve(server));
    });
    return this.origin;
  }

  get origin(): string {
    const address = this.server?.address();
    if (!address || typeof address === 'string') throw new Error('The Tabby emulator is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  // ---- Switches ----

  /** The next `count` API calls (of those whose path matches, when given) answer 503. */
  failNext(count: number, matching?: RegExp): void {
    this.failures = count;
    this.failureMatch = matching;
  }

  /** Every API call waits `ms` before answering (0 to stop). */
  answerSlowly(ms: number): void {
    this.delayMs = ms;
  }

  /** The next `count` webhooks are never sent. */
  dropWebhooks(count: number): void {
    this.dropped = count;
  }

  /** Each webhook is sent twice, as Tabby retrying one it thinks was lost. */
  sendWebhooksTwice(on = true): void {
    this.twice = on;
  }

  /** Payments approved from now on report `amount` halalas whatever the session said (a wrong amount). */
  chargeAmount(amount: number | undefined): void {
    this.amountOverride = amount;
  }

  /** The merchant's range, in halalas. */
  setLimits(limits: { min: number; max: number }): void {
    this.limits = limits;
  }

  // ---- What a test does as the buyer, without a browser ----

  /** Types the code on Tabby's page and confirms; answers where the browser goes next. */
  approve(paymentId: string, otp: string = TABBY_TEST_OTP): Promise<string> {
    return this.decide(this.sessionOf(paymentId), 'approve', otp);
  }

  /** Leaves Tabby's page with its "cancel" link; answers where the browser goes next. */
  cancel(paymentId: string): Promise<string> {
    return this.decide(this.sessionOf(paymentId), 'cancel', '');
  }

  payment(paymentId: string): StoredPayment {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new Error(`No payment ${paymentId}`);
    this.expireIfDue(payment);
    return payment;
  }

  /** The payment as the API answers it. */
  view(paymentId: string): TabbyPaymentObject & Record<string, unknown> {
    return this.paymentView(this.payment(paymentId));
  }

  // ---- The API ----

  private app(): express.Express {
    const app = express();
    const api = express.Router();
    api.use(express.json());
    api.use(async (req, res, next) => {
      const authorized = req.get('authorization') === `Bearer ${this.options.secretKey}`;
      this.calls.push({ method: req.method, path: req.path, authorized });
      if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      // The client gave up meanwhile: nothing is done for it (nor a failure spent on it).
      if (res.closed) return;
      if (this.failures > 0 && (!this.failureMatch || this.failureMatch.test(req.path))) {
        this.failures--;
        return void res.status(503).type('text').send('Service Unavailable');
      }
      if (!authorized) return void res.status(401).json({ status: 'error', errorType: 'not_authorized', error: 'invalid secret key' });
      next();
    });

    api.post('/v2/checkout', (req, res) => {
      const body = req.body as Record<string, any>;
      if (body.merchant_code !== this.options.merchantCode) {
        return void res.status(401).json({ status: 'error', errorType: 'not_authorized', error: 'merchant is null' });
      }
      const payment = body.payment as Record<string, any> | undefined;
      const problems: string[] = [];
      if (!payment || typeof payment !== 'object') problems.push('payment');
      else {
        if (typeof payment.amount !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(payment.amount)) problems.push('payment.amount');
        if (typeof payment.buyer?.email !== 'string' || !payment.buyer.email.includes('@')) problems.push('payment.buyer.email');
        if (typeof payment.buyer?.phone !== 'string' || !/^\+?\d{9,15}$/.test(payment.buyer.phone)) problems.push('payment.buyer.phone');
      }
      if (body.lang !== 'en' && body.lang !== 'ar') problems.push('lang');
      if (problems.length)
        return void res.status(400).json({ status: 'error', errorType: 'bad_data', error: `invalid ${problems.join(', ')}` });
      if (payment!.currency !== 'SAR') {
        return void res.status(400).json({
          status: 'error',
          errorType: 'bad_data',
          error: `could not create payment: only 'SAR' is supported, but got '${payment!.currency}'`,
        });
      }
      const [whole, fraction = ''] = (payment!.amount as string).split('.');
      const amount = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      const rejection = this.score(amount, payment!.buyer.phone as string);
      const now = this.clock();
      const stored: StoredPayment = {
        id: randomUUID(),
        status: rejection ? 'REJECTED' : 'CREATED',
        amount,
        currency: 'SAR',
        description: typeof payment!.description === 'string' ? payment!.description : null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + TABBY_PAYMENT_EXPIRY_MS).toISOString(),
        closed_at: null,
        buyer: { email: payment!.buyer.email, phone: payment!.buyer.phone, name: payment!.buyer.name ?? null },
        order: { reference_id: payment!.order?.reference_id ?? null },
        meta: payment!.meta ?? null,
        captures: [],
        refunds: [],
      };
      const session: StoredSession = {
        id: randomUUID(),
        status: rejection ? 'rejected' : 'created',
        rejection,
        paymentId: stored.id,
        lang: body.lang,
        merchant_urls: body.merchant_urls ?? null,
      };
      this.payments.set(stored.id, stored);
      this.sessions.set(session.id, session);
      res.json(this.sessionView(session));
    });

    api.get('/v2/checkout/:id', (req, res) => {
      const session = this.sessions.get(req.params.id);
      if (!session) return void res.status(404).json({ status: 'error', errorType: 'not_found', error: 'no such session' });
      res.json(this.sessionView(session));
    });

    const found = (req: express.Request, res: express.Response): StoredPayment | undefined => {
      const payment = this.payments.get(String(req.params.id));
      if (!payment) return void res.status(404).json({ status: 'error', errorType: 'not_found', error: 'no such payment' });
      this.expireIfDue(payment);
      return payment;
    };
    const badData = (res: express.Response, error: string) => res.status(400).json({ status: 'error', errorType: 'bad_data', error });

    api.get('/v2/payments/:id', (req, res) => {
      const payment = found(req, res);
      if (payment) res.json(this.paymentView(payment));
    });

    api.post('/v2/payments/:id/captures', async (req, res) => {
      const payment = found(req, res);
      if (!payment) return;
      const body = req.body as Record<string, unknown>;
      if (typeof body.reference_id !== 'string' || !body.reference_id) return void badData(res, 'reference_id is required');
      // The same reference is the same capture: Tabby's idempotency key.
      if (payment.captures.some((capture) => capture.reference_id === body.reference_id)) return void res.json(this.paymentView(payment));
      if (payment.status !== 'AUTHORIZED') return void badData(res, 'could not capture not authorized payments');
      const amount = typeof body.amount === 'string' && /^\d{1,12}(\.\d{1,2})?$/.test(body.amount) ? toHalalas(body.amount) : undefined;
      const left = payment.amount - payment.captures.reduce((sum, capture) => sum + capture.amount, 0);
      if (amount === undefined || amount <= 0 || amount > left) return void badData(res, 'invalid capture amount');
      const now = this.clock().toISOString();
      payment.captures.push({ id: randomUUID(), amount, created_at: now, reference_id: body.reference_id });
      await this.notify(payment);
      // A capture of the whole amount closes the payment.
      if (amount === left) {
        payment.status = 'CLOSED';
        payment.closed_at = now;
        await this.notify(payment);
      }
      res.json(this.paymentView(payment));
    });

    api.post('/v2/payments/:id/close', async (req, res) => {
      const payment = found(req, res);
      if (!payment) return;
      if (payment.status === 'CLOSED') return void badData(res, 'already closed');
      if (payment.status !== 'AUTHORIZED') return void badData(res, `could not close ${payment.status.toLowerCase()} payment`);
      payment.status = 'CLOSED';
      payment.closed_at = this.clock().toISOString();
      await this.notify(payment);
      res.json(this.paymentView(payment));
    });

    api.post('/v2/payments/:id/refunds', async (req, res) => {
      const payment = found(req, res);
      if (!payment) return;
      const body = req.body as Record<string, unknown>;
      if (typeof body.reference_id !== 'string' || !body.reference_id) return void badData(res, 'reference_id is required');
      if (payment.refunds.some((refund) => refund.reference_id === body.reference_id)) return void res.json(this.paymentView(payment));
      const captured = payment.captures.reduce((sum, capture) => sum + capture.amount, 0);
      if (payment.status !== 'CLOSED' || captured === 0)
        return void badData(res, 'can not refund payment that has no captures and not closed');
      const amount = typeof body.amount === 'string' && /^\d{1,12}(\.\d{1,2})?$/.test(body.amount) ? toHalalas(body.amount) : undefined;
      const left = captured - payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
      if (amount === undefined || amount <= 0 || amount > left) return void badData(res, 'invalid refund amount');
      payment.refunds.push({
        id: randomUUID(),
        amount,
        created_at: this.clock().toISOString(),
        reference_id: body.reference_id,
        reason: typeof body.reason === 'string' ? body.reason : null,
      });
      await this.notify(payment);
      res.json(this.paymentView(payment));
    });

    // Webhooks, registered per merchant code (the X-Merchant-Code header).
    const merchant = (req: express.Request, res: express.Response) => {
      if (req.get('x-merchant-code') === this.options.merchantCode) return true;
      res.status(401).json({ status: 'error', errorType: 'not_authorized', error: 'authorization' });
      return false;
    };
    const webhookBody = (body: Record<string, any>) =>
      typeof body.url === 'string' && URL.canParse(body.url)
        ? {
            url: body.url as string,
            header:
              body.header && typeof body.header.title === 'string' && typeof body.header.value === 'string'
                ? { title: body.header.title as string, value: body.header.value as string }
                : null,
          }
        : undefined;
    const isTest = this.options.secretKey.startsWith('sk_test_');
    api.post('/v1/webhooks', (req, res) => {
      if (!merchant(req, res)) return;
      const body = webhookBody(req.body as Record<string, any>);
      if (!body) return void badData(res, 'bad_request');
      const webhook: StoredWebhook = { id: randomUUID(), ...body, is_test: isTest };
      this.webhooks.set(webhook.id, webhook);
      res.json(webhook);
    });
    api.get('/v1/webhooks', (req, res) => {
      if (!merchant(req, res)) return;
      res.json(this.webhooks.size ? [...this.webhooks.values()] : null);
    });
    api.get('/v1/webhooks/:id', (req, res) => {
      if (!merchant(req, res)) return;
      const webhook = this.webhooks.get(req.params.id);
      if (!webhook) return void res.status(404).json({ status: 'error', errorType: 'not_found', error: 'no such webhook' });
      res.json(webhook);
    });
    api.put('/v1/webhooks/:id', (req, res) => {
      if (!merchant(req, res)) return;
      const webhook = this.webhooks.get(req.params.id);
      if (!webhook) return void res.status(404).json({ status: 'error', errorType: 'not_found', error: 'no such webhook' });
      const body = webhookBody(req.body as Record<string, any>);
      if (!body) return void badData(res, 'bad_request');
      Object.assign(webhook, body);
      res.json(webhook);
    });
    api.delete('/v1/webhooks/:id', (req, res) => {
      if (!merchant(req, res)) return;
      if (!this.webhooks.delete(req.params.id)) {
        return void res.status(404).json({ status: 'error', errorType: 'not_found', error: 'no such webhook' });
      }
      res.json({ status: 'ok' });
    });

    app.use('/api', api);
    app.use(this.pages());
    return app;
  }

  /** Background pre-scoring as Tabby's test environment does it: the test phone ending 2, and the merchant's range. */
  private score(amount: number, phone: string): Rejection | null {
    if (phone.replace(/\D/g, '').endsWith('500000002')) return 'not_available';
    if (amount < this.limits.min) return 'order_amount_too_low';
    if (amount > this.limits.max) return 'order_amount_too_high';
    return null;
  }

  private sessionOf(paymentId: string): StoredSession {
    const session = [...this.sessions.values()].find((candidate) => candidate.paymentId === paymentId);
    if (!session) throw new Error(`No session for payment ${paymentId}`);
    return session;
  }

  private expireIfDue(payment: StoredPayment): void {
    if (payment.status === 'CREATED' && this.clock().getTime() >= new Date(payment.expires_at).getTime()) payment.status = 'EXPIRED';
  }

  private webUrl(session: StoredSession): string {
    const url = new URL(`${this.origin}/`);
    url.searchParams.set('sessionId', session.id);
    url.searchParams.set('apiKey', this.options.publicKey);
    url.searchParams.set('product', 'installments');
    url.searchParams.set('merchantCode', this.options.merchantCode);
    return url.toString();
  }

  private sessionView(session: StoredSession) {
    const payment = this.payment(session.paymentId);
    return {
      id: session.id,
      status: session.status,
      payment: this.paymentView(payment),
      configuration: {
        available_products: {
          installments: [
            session.status === 'created'
              ? { web_url: this.webUrl(session), qr_code: `${this.origin}/api/v2/checkout/${session.id}/hpp_link_qr` }
              : { web_url: null, rejection_reason: session.rejection },
          ],
        },
        products: {
          installments: { type: 'installments', is_available: session.status === 'created', rejection_reason: session.rejection },
        },
      },
      merchant_urls: session.merchant_urls,
      token: null,
    };
  }

  private paymentView(payment: StoredPayment): TabbyPaymentObject & Record<string, unknown> {
    return {
      id: payment.id,
      created_at: payment.created_at,
      expires_at: payment.expires_at,
      closed_at: payment.closed_at,
      status: payment.status,
      is_test: this.options.secretKey.startsWith('sk_test_'),
      amount: decimal(payment.amount),
      currency: payment.currency,
      description: payment.description,
      buyer: payment.buyer,
      order: payment.order,
      captures: payment.captures.map((capture) => ({ ...capture, amount: decimal(capture.amount) })),
      refunds: payment.refunds.map((refund) => ({ ...refund, amount: decimal(refund.amount) })),
      meta: payment.meta,
    };
  }

  /** Sends the payment to every registered webhook with its header (statuses in lower case, as Tabby's webhooks have them); switches apply. */
  private async notify(payment: StoredPayment): Promise<void> {
    if (this.dropped > 0) {
      this.dropped--;
      return;
    }
    const view = this.paymentView(payment);
    const body = { ...view, status: payment.status.toLowerCase(), is_expired: payment.status === 'EXPIRED', token: null };
    for (const webhook of this.webhooks.values()) {
      for (let copy = 0; copy < (this.twice ? 2 : 1); copy++) {
        // Listed when sent: a webhook answered after the ones its handling caused stays first.
        const delivery: TabbyWebhookDelivery = { paymentId: payment.id, status: body.status, outcome: 'network error' };
        this.deliveries.push(delivery);
        delivery.outcome = await post(webhook.url, body, webhook.header);
      }
    }
  }

  // ---- The hosted payment page ----

  private pages(): express.Router {
    const router = express.Router();
    router.use(express.urlencoded({ extended: false }));
    router.get('/', (req, res) => {
      const session = this.sessions.get(String(req.query.sessionId ?? ''));
      if (!session || req.query.apiKey !== this.options.publicKey) {
        return void res
          .status(404)
          .type('html')
          .send(page('en', 'Not found', '<h1>This checkout does not exist</h1>'));
      }
      res.type('html').send(this.checkoutPage(session, req.query.error === 'otp'));
    });
    router.post('/', async (req, res) => {
      const form = req.body as Record<string, string | undefined>;
      const session = this.sessions.get(form.sessionId ?? '');
      if (!session)
        return void res
          .status(404)
          .type('html')
          .send(page('en', 'Not found', '<h1>This checkout does not exist</h1>'));
      const next = await this.decide(session, form.decision === 'cancel' ? 'cancel' : 'approve', form.otp ?? '');
      res.redirect(303, next);
    });
    return router;
  }

  private here(session: StoredSession, error?: 'otp'): string {
    const url = new URL(this.webUrl(session));
    if (error) url.searchParams.set('error', error);
    return url.toString();
  }

  /** The buyer's choice on the page: approved with the code (or rejected, for Tabby's rejected test buyer), or cancelled. */
  private async decide(session: StoredSession, decision: 'approve' | 'cancel', otp: string): Promise<string> {
    const payment = this.payment(session.paymentId);
    if (payment.status !== 'CREATED') return this.here(session);
    const back = (which: 'success' | 'cancel' | 'failure') => {
      const url = session.merchant_urls?.[which];
      if (!url) return this.here(session);
      const target = new URL(url);
      target.searchParams.set('payment_id', payment.id);
      return target.toString();
    };
    if (decision === 'cancel') {
      payment.status = 'EXPIRED';
      await this.notify(payment);
      return back('cancel');
    }
    if (otp.trim() !== TABBY_TEST_OTP) return this.here(session, 'otp');
    if (payment.buyer.email === TABBY_TEST_BUYERS.paymentRejected.email) {
      payment.status = 'REJECTED';
      await this.notify(payment);
      return back('failure');
    }
    if (this.amountOverride !== undefined) payment.amount = this.amountOverride;
    payment.status = 'AUTHORIZED';
    await this.notify(payment);
    return back('success');
  }

  private checkoutPage(session: StoredSession, wrongCode = false): string {
    const payment = this.payment(session.paymentId);
    const t = TEXTS[session.lang];
    if (payment.status !== 'CREATED') {
      return page(session.lang, t.title, `<h1>${escape(t.closed)}</h1><p>${escape(payment.status)}</p>`);
    }
    // Four payments: a quarter rounded down, the last taking the remainder.
    const share = Math.floor(payment.amount / 4);
    const schedule = [share, share, share, payment.amount - 3 * share];
    const cancelUrl = session.merchant_urls?.cancel;
    return page(
      session.lang,
      t.title,
      `<h1>${escape(t.title)}</h1>
<p>${escape(t.total)}: <bdi dir="ltr">${decimal(payment.amount)} ${escape(payment.currency)}</bdi></p>
<ol>${schedule.map((amount, index) => `<li>${escape(index === 0 ? t.today : t.month(index))}: <bdi dir="ltr">${decimal(amount)} ${escape(payment.currency)}</bdi></li>`).join('')}</ol>
<form method="post" action="/">
<input type="hidden" name="sessionId" value="${escape(session.id)}">
${wrongCode ? `<p role="alert">${escape(t.wrongCode)}</p>` : ''}
<label for="otp">${escape(t.otp)} <bdi dir="ltr">${escape(payment.buyer.phone)}</bdi></label>
<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code">
<p class="hint">${escape(t.hint)}</p>
<button type="submit" name="decision" value="approve">${escape(t.pay)}</button>
${cancelUrl ? `<button type="submit" name="decision" value="cancel" class="secondary">${escape(t.cancel)}</button>` : ''}
</form>`,
    );
  }
}

function toHalalas(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

async function post(url: string, body: unknown, header: StoredWebhook['header']): Promise<number | 'network error'> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(header ? { [header.title]: header.value } : {}) },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'network error';
  }
}

// ---- Pages: plain HTML, no script ----

const TEXTS = {
  en: {
    title: 'Pay in 4 with Tabby',
    total: 'Order total',
    today: 'Today',
    month: (count: number) => `In ${count} month${count === 1 ? '' : 's'}`,
    otp: 'Code sent to',
    hint: `Test buyers: code ${TABBY_TEST_OTP}.`,
    pay: 'Confirm and pay',
    cancel: 'Cancel and return to the store',
    closed: 'This checkout is over',
    wrongCode: 'That code is not right.',
  },
  ar: {
    title: 'قسّمها على 4 مع تابي',
    total: 'إجمالي الطلب',
    today: 'اليوم',
    month: (count: number) => `بعد ${count} ${count === 1 ? 'شهر' : 'أشهر'}`,
    otp: 'الرمز المرسل إلى',
    hint: `المشترون التجريبيون: الرمز ${TABBY_TEST_OTP}.`,
    pay: 'تأكيد والدفع',
    cancel: 'إلغاء والعودة إلى المتجر',
    closed: 'انتهت عملية الدفع هذه',
    wrongCode: 'هذا الرمز غير صحيح.',
  },
} as const;

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(lang: 'en' | 'ar', title: string, body: string): string {
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Tabby (emulated)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:420px;margin:24px auto;padding:0 12px}label{display:block;margin-top:12px}input{width:100%;box-sizing:border-box;padding:10px;font-size:17px}button{margin-top:16px;width:100%;padding:12px;font-size:17px}.secondary{background:none}.badge{background:#3effa8;padding:2px 8px;font-weight:700}</style>
</head><body><p><span class="badge">TABBY EMULATOR</span> Test buyers only.</p>${body}</body></html>`;
}
