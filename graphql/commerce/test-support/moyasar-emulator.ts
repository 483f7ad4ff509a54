import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import express from 'express';
import type { MoyasarInvoice, MoyasarPaymentObject } from '../payments/moyasar.ts';

/**
 * An emulator of Moyasar's API for tests (decision 0036), never shipped or mounted by the site: the
 * invoice and payment endpoints our client calls, HTTP Basic checked against one secret key, the
 * hosted invoice page as a plain HTML form with Moyasar's own test cards, a 3-D Secure step,
 * webhooks posted with the dashboard's `secret_token`, the invoice's `callback_url`, and the
 * redirects to `success_url` and `back_url`. Switches let a test make Moyasar fail, slow, forget a
 * webhook, send one twice, or report another amount.
 */

/** Moyasar's test cards (https://docs.moyasar.com/testing-cards): numbers the hosted page knows. */
export const MOYASAR_TEST_CARDS = {
  /** Visa, APPROVED. */
  success: '4111111111111111',
  /** mada, APPROVED after a 3-D Secure step (mada always asks for one). */
  threeDSecure: '4201320111111010',
  /** Visa, DECLINED (response code 05). */
  declined: '4123120001090109',
  /** Visa, INSUFFICIENT FUNDS (response code 51). */
  insufficientFunds: '4123120001090000',
} as const;

type CardOutcome = { status: 'paid' } | { status: 'failed'; message: string; code: string } | { status: '3ds' };

const OUTCOMES: Record<string, CardOutcome> = {
  [MOYASAR_TEST_CARDS.success]: { status: 'paid' },
  [MOYASAR_TEST_CARDS.threeDSecure]: { status: '3ds' },
  [MOYASAR_TEST_CARDS.declined]: { status: 'failed', message: 'DECLINED', code: '05' },
  [MOYASAR_TEST_CARDS.insufficientFunds]: { status: 'failed', message: 'INSUFFICIENT FUNDS', code: '51' },
};

interface StoredInvoice extends MoyasarInvoice {
  description: string;
  callback_url: string | null;
  success_url: string | null;
  back_url: string | null;
  payments: MoyasarPaymentObject[];
  created_at: string;
  updated_at: string;
}

export interface MoyasarEmulatorOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go (the dashboard's endpoint); can be set once the site listens. */
  webhookUrl?: string;
  clock?: () => Date;
}

export interface WebhookDelivery {
  type: string;
  paymentId: string;
  status: number | 'network error';
}

export class MoyasarEmulator {
  readonly invoices = new Map<string, StoredInvoice>();
  /** Every API call: method, path and whether its credentials were right. */
  readonly calls: { method: string; path: string; authorized: boolean }[] = [];
  readonly webhooks: WebhookDelivery[] = [];
  webhookUrl: string | undefined;
  private server: Server | undefined;
  private failures = 0;
  private delayMs = 0;
  private dropped = 0;
  private twice = false;
  private amountOverride: number | undefined;
  private readonly clock: () => Date;

  constructor(private readonly options: MoyasarEmulatorOptions) {
    this.webhookUrl = options.webhookUrl;
    this.clock = options.clock ?? (() => new Date());
  }

  /** Listens on a free port of this machine; answers the API's base URL (`…/v1`). */
  async start(): Promise<string> {
    const app = this.app();
    this.server = await new Promise<Server>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve(server));
    });
    return `${this.origin}/v1`;
  }

  get origin(): string {
    const address = this.server?.address();
    if (!address || typeof address === 'string') throw new Error('The Moyasar emulator is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  // ---- Switches ----

  /** The next `count` API calls answer 503. */
  failNext(count: number): void {
    this.failures = count;
  }

  /** Every API call waits `ms` before answering (0 to stop). */
  answerSlowly(ms: number): void {
    this.delayMs = ms;
  }

  /** The next `count` webhooks are never sent (and so neither is the invoice's callback). */
  dropWebhooks(count: number): void {
    this.dropped = count;
  }

  /** Each webhook is sent twice, as a gateway retrying one it thinks was lost. */
  sendWebhooksTwice(on = true): void {
    this.twice = on;
  }

  /** Payments are created for `amount` halalas whatever the invoice says (a tampered or wrong amount). */
  chargeAmount(amount: number | undefined): void {
    this.amountOverride = amount;
  }

  // ---- What a test does as the buyer, without a browser ----

  /** Pays the invoice with a test card as its hosted page would; answers where the browser goes next. */
  async pay(invoiceId: string, card: string): Promise<string> {
    return this.submitCard(invoiceId, { number: card, name: 'Layla Haddad', month: '12', year: '2030', cvc: '123' });
  }

  /** The 3-D Secure step's answer. */
  async completeThreeDSecure(paymentId: string, approve: boolean): Promise<string> {
    return this.finishThreeDSecure(paymentId, approve);
  }

  invoice(invoiceId: string): StoredInvoice {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw new Error(`No invoice ${invoiceId}`);
    return invoice;
  }

  // ---- The API ----

  private app(): express.Express {
    const app = express();
    const api = express.Router();
    api.use(express.json());
    api.use(async (req, res, next) => {
      const authorized = req.get('authorization') === `Basic ${Buffer.from(`${this.options.secretKey}:`).toString('base64')}`;
      this.calls.push({ method: req.method, path: req.path, authorized });
      if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      // The client gave up meanwhile: nothing is done for it (nor a failure spent on it).
      if (res.closed) return;
      if (this.failures > 0) {
        this.failures--;
        return void res.status(503).json({ type: 'api_error', message: 'Service unavailable' });
      }
      if (!authorized) return void res.status(401).json({ type: 'authentication_error', message: 'Invalid authorization credentials' });
      next();
    });

    api.post('/invoices', (req, res) => {
      const body = req.body as Record<string, unknown>;
      const problems: string[] = [];
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100) problems.push('amount');
      if (typeof body.description !== 'string' || !body.description) problems.push('description');
      for (const url of ['callback_url', 'success_url', 'back_url'])
        if (body[url] !== undefined && !URL.canParse(String(body[url]))) problems.push(url);
      if (problems.length)
        return void res.status(400).json({ type: 'invalid_request_error', message: 'Validation Failed', errors: problems });
      const id = randomUUID();
      const now = this.clock().toISOString();
      const invoice: StoredInvoice = {
        id,
        status: 'initiated',
        amount: body.amount as number,
        currency: typeof body.currency === 'string' ? body.currency : 'SAR',
        description: body.description as string,
        url: `${this.origin}/invoices/${id}`,
        callback_url: (body.callback_url as string | undefined) ?? null,
        success_url: (body.success_url as string | undefined) ?? null,
        back_url: (body.back_url as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? null,
        payments: [],
        created_at: now,
        updated_at: now,
      };
      this.invoices.set(id, invoice);
      res.status(201).json(invoice);
    });

    api.get('/invoices/:id', (req, res) => {
      const invoice = this.invoices.get(req.params.id);
      if (!invoice) return void res.status(404).json({ type: 'record_not_found', message: 'Object not found' });
      res.json(invoice);
    });

    api.put('/invoices/:id/cancel', (req, res) => {
      const invoice = this.invoices.get(req.params.id);
      if (!invoice) return void res.status(404).json({ type: 'record_not_found', message: 'Object not found' });
      if (invoice.status !== 'initiated')
        return void res.status(400).json({ type: 'invalid_request_error', message: 'Invoice cannot be canceled' });
      invoice.status = 'canceled';
      invoice.updated_at = this.clock().toISOString();
      res.json(invoice);
    });

    api.get('/payments/:id', (req, res) => {
      const found = this.findPayment(req.params.id);
      if (!found) return void res.status(404).json({ type: 'record_not_found', message: 'Object not found' });
      res.json(found.payment);
    });

    api.post('/payments/:id/void', async (req, res) => {
      const found = this.findPayment(req.params.id);
      if (!found) return void res.status(404).json({ type: 'record_not_found', message: 'Object not found' });
      if (!['paid', 'authorized', 'captured'].includes(found.payment.status)) {
        return void res.status(400).json({ type: 'invalid_request_error', message: 'Payment cannot be voided' });
      }
      this.movePayment(found.invoice, found.payment, 'voided');
      found.invoice.status = 'voided';
      await this.notify('payment_voided', found.invoice, found.payment);
      res.json(found.payment);
    });

    api.post('/payments/:id/refund', async (req, res) => {
      const found = this.findPayment(req.params.id);
      if (!found) return void res.status(404).json({ type: 'record_not_found', message: 'Object not found' });
      if (!['paid', 'captured'].includes(found.payment.status)) {
        return void res.status(400).json({ type: 'invalid_request_error', message: 'Payment cannot be refunded' });
      }
      this.movePayment(found.invoice, found.payment, 'refunded');
      found.invoice.status = 'refunded';
      await this.notify('payment_refunded', found.invoice, found.payment);
      res.json(found.payment);
    });

    app.use('/v1', api);
    app.use(this.pages());
    return app;
  }

  private findPayment(paymentId: string): { invoice: StoredInvoice; payment: MoyasarPaymentObject } | undefined {
    for (const invoice of this.invoices.values()) {
      const payment = invoice.payments.find((candidate) => candidate.id === paymentId);
      if (payment) return { invoice, payment };
    }
    return undefined;
  }

  private movePayment(invoice: StoredInvoice, payment: MoyasarPaymentObject, status: MoyasarPaymentObject['status']): void {
    const now = this.clock().toISOString();
    payment.status = status;
    payment.updated_at = now;
    invoice.updated_at = now;
  }

  /** Posts the webhook (with the secret token) and, for a paid invoice, its callback; switches apply. */
  private async notify(type: string, invoice: StoredInvoice, payment: MoyasarPaymentObject): Promise<void> {
    if (this.dropped > 0) {
      this.dropped--;
      return;
    }
    const event = {
      id: randomUUID(),
      type,
      created_at: this.clock().toISOString(),
      secret_token: this.options.webhookSecret,
      account_name: 'Nabd',
      live: false,
      data: payment,
    };
    for (let copy = 0; copy < (this.twice ? 2 : 1); copy++) {
      if (this.webhookUrl) this.webhooks.push({ type, paymentId: payment.id, status: await post(this.webhookUrl, event) });
    }
    if (type === 'payment_paid' && invoice.callback_url) await post(invoice.callback_url, invoice);
  }

  // ---- The hosted invoice page ----

  private pages(): express.Router {
    const router = express.Router();
    router.use(express.urlencoded({ extended: false }));
    router.get('/invoices/:id', (req, res) => {
      const invoice = this.invoices.get(req.params.id);
      if (!invoice) return void res.status(404).type('html').send(page('Not found', '<h1>Invoice not found</h1>'));
      res.type('html').send(invoice.status === 'initiated' ? invoicePage(invoice) : closedPage(invoice));
    });
    router.post('/invoices/:id', async (req, res) => {
      const invoice = this.invoices.get(req.params.id);
      if (!invoice) return void res.status(404).type('html').send(page('Not found', '<h1>Invoice not found</h1>'));
      const next = await this.submitCard(invoice.id, req.body as Record<string, string>);
      res.redirect(303, next);
    });
    router.get('/3ds/:paymentId', (req, res) => {
      const found = this.findPayment(req.params.paymentId);
      if (!found || found.payment.status !== 'initiated')
        return void res.status(404).type('html').send(page('Not found', '<h1>Not found</h1>'));
      res.type('html').send(threeDSecurePage(found.invoice, found.payment));
    });
    router.post('/3ds/:paymentId', async (req, res) => {
      res.redirect(303, await this.finishThreeDSecure(req.params.paymentId, (req.body as Record<string, string>).decision === 'approve'));
    });
    return router;
  }

  private async submitCard(invoiceId: string, form: Record<string, string | undefined>): Promise<string> {
    const invoice = this.invoice(invoiceId);
    const here = `${this.origin}/invoices/${invoice.id}`;
    if (invoice.status !== 'initiated') return here;
    const number = (form.number ?? '').replace(/[\s-]/g, '');
    const outcome = OUTCOMES[number];
    const now = this.clock().toISOString();
    // Any other number fails, as Moyasar's test environment says of unlisted cards.
    const payment: MoyasarPaymentObject = {
      id: randomUUID(),
      status: 'initiated',
      amount: this.amountOverride ?? invoice.amount,
      currency: invoice.currency,
      invoice_id: invoice.id,
      created_at: now,
      updated_at: now,
      source: { message: null, response_code: null },
    };
    invoice.payments.push(payment);
    if (outcome?.status === '3ds') return `${this.origin}/3ds/${payment.id}`;
    return this.settle(invoice, payment, outcome ?? { status: 'failed', message: 'UNSPECIFIED FAILURE', code: '99' });
  }

  private async finishThreeDSecure(paymentId: string, approve: boolean): Promise<string> {
    const found = this.findPayment(paymentId);
    if (!found || found.payment.status !== 'initiated') throw new Error(`No payment ${paymentId} waits for 3-D Secure`);
    return this.settle(
      found.invoice,
      found.payment,
      approve ? { status: 'paid' } : { status: 'failed', message: '3-D Secure transaction attempt failed', code: '05' },
    );
  }

  /** The payment's outcome, the invoice's with it, the webhook; then the browser goes back to the shop. */
  private async settle(invoice: StoredInvoice, payment: MoyasarPaymentObject, outcome: CardOutcome): Promise<string> {
    if (outcome.status === 'paid') {
      payment.source = { message: 'APPROVED', response_code: '00' };
      this.movePayment(invoice, payment, 'paid');
      invoice.status = 'paid';
      await this.notify('payment_paid', invoice, payment);
      return invoice.success_url ?? `${this.origin}/invoices/${invoice.id}`;
    }
    if (outcome.status === 'failed') {
      payment.source = { message: outcome.message, response_code: outcome.code };
      this.movePayment(invoice, payment, 'failed');
      invoice.status = 'failed';
      await this.notify('payment_failed', invoice, payment);
    }
    // A failed payment shows its message on the invoice page, whose "back" link leads to back_url.
    return `${this.origin}/invoices/${invoice.id}`;
  }
}

async function post(url: string, body: unknown): Promise<number | 'network error'> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'network error';
  }
}

// ---- Pages: plain HTML, no script ----

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const amountText = (invoice: MoyasarInvoice) => `${(invoice.amount / 100).toFixed(2)} ${invoice.currency}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Moyasar (emulated)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:420px;margin:24px auto;padding:0 12px}label{display:block;margin-top:12px}input{width:100%;box-sizing:border-box;padding:10px;font-size:17px}button{margin-top:16px;width:100%;padding:12px;font-size:17px}.badge{background:#ffcc00;padding:2px 8px;font-weight:700}</style>
</head><body><p><span class="badge">MOYASAR EMULATOR</span> Test cards only.</p>${body}</body></html>`;
}

function invoicePage(invoice: StoredInvoice): string {
  const failed = invoice.payments.at(-1)?.status === 'failed' ? invoice.payments.at(-1)!.source?.message : undefined;
  return page(
    'Pay invoice',
    `<h1>Pay ${escape(amountText(invoice))}</h1><p>${escape(invoice.description)}</p>${failed ? `<p role="alert">${escape(failed)}</p>` : ''}
<form method="post" action="/invoices/${escape(invoice.id)}">
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required>
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="month">Month</label><input id="month" name="month" inputmode="numeric" required>
<label for="year">Year</label><input id="year" name="year" inputmode="numeric" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" required>
<button type="submit">Pay ${escape(amountText(invoice))}</button>
</form>
<h2>Test cards</h2><ul>${Object.entries(MOYASAR_TEST_CARDS)
      .map(([name, number]) => `<li><code>${number}</code> ${name}</li>`)
      .join('')}</ul>
${invoice.back_url ? `<p><a href="${escape(invoice.back_url)}">Back to the shop</a></p>` : ''}`,
  );
}

function threeDSecurePage(invoice: StoredInvoice, payment: MoyasarPaymentObject): string {
  return page(
    '3-D Secure',
    `<h1>3-D Secure</h1><p>Confirm ${escape(amountText(invoice))} with your bank.</p>
<form method="post" action="/3ds/${escape(payment.id)}">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="fail">Fail</button>
</form>`,
  );
}

function closedPage(invoice: StoredInvoice): string {
  const last = invoice.payments.at(-1);
  return page(
    'Invoice',
    `<h1>Invoice ${escape(invoice.status)}</h1>${last?.source?.message ? `<p role="alert">${escape(last.source.message)}</p>` : ''}
${invoice.back_url ? `<p><a href="${escape(invoice.back_url)}">Back to the shop</a></p>` : ''}`,
  );
}
