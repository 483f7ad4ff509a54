import { randomBytes } from 'node:crypto';
import express, { type Router } from 'express';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type DatabaseHandle } from '#platform/database.ts';
import { jobsTableSql, JobQueue, scheduleBackoff } from '#platform/job-queue.ts';
import type { Logger } from '#platform/logger.ts';
import { migrate } from '#platform/migrations.ts';
import { refuseUnstorableText } from '#platform/unstorable-text.ts';
import { amountRejection, splitInstalments } from './instalments.ts';
import type {
  CallbackStatus,
  HostedPayment,
  HostedPaymentRequest,
  InstalmentProvider,
  PaymentCallback,
  PaymentGateway,
  PaymentProvider,
  PaymentProviders,
  PrescoringAnswer,
  PrescoringRequest,
  ProviderPayment,
  WalletCharge,
  WalletProvider,
} from './payment-gateway.ts';
import sandboxPayments from './migrations/0001_sandbox_payments.sql';
import sandboxCallbacks from './migrations/0002_sandbox_callbacks.sql';
import sandboxAuthenticationFailed from './migrations/0003_sandbox_authentication_failed.sql';
import {
  cardPage,
  type CardForm,
  challengePage,
  closedPage,
  instalmentsPage,
  notFoundPage,
  PAGE_POLICY,
  walletPage,
} from './sandbox-pages.ts';
import { SIGNATURE_HEADER, signCallback } from './signature.ts';

/**
 * SANDBOX payment providers (decision 0028): a card gateway, a mobile wallet and an instalment
 * provider that behave like the real ones: hosted pages the visitor is sent to, test cards, a
 * 3-D Secure step, signed server-to-server callbacks retried for hours, "fetch payment", voids.
 * They keep their own state (and queue) in their own schema, as an outside party would; the commerce
 * service learns outcomes only from callbacks and by asking, as it would from the real providers.
 * Never configured in production with real money: there is nothing real behind them.
 */

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  challenge: '4000000000003220',
} as const;

/** Test customers the instalment provider turns down, like the real provider's sandbox. */
export const REJECTED_EMAIL_DOMAIN = '@rejected.example';

const SCHEMA = 'payment_sandbox';

/**
 * How a gateway retries a webhook that was not taken (network error or not 2xx): at once, then
 * after 10 s, 30 s, 1 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h and 8 h, about 16 hours in all
 * (decision 0032). Any process's sandbox queue delivers it.
 */
export const CALLBACK_RETRY_DELAYS_MS = [10, 30, 60, 300, 900, 1800, 3600, 7200, 14_400, 28_800].map((seconds) => seconds * 1000);
export const CALLBACK_ATTEMPTS = CALLBACK_RETRY_DELAYS_MS.length + 1;
const DELIVER_CALLBACK = 'deliver-callback';

export interface SandboxOptions {
  database: DatabaseHandle;
  /** The site's origin: the hosted pages are at `<baseUrl>/sandbox/...`. */
  baseUrl: string;
  /** The shared callback secret (`callbackSecret(COMMERCE_SECRET)`). */
  secret: Buffer;
  /** How callbacks reach the commerce service; `fetch` over the network by default. */
  deliver?: typeof fetch;
  clock?: () => Date;
  logger: Logger;
  /** The lease of the sandbox's queued deliveries (platform/job-queue.ts). */
  jobLeaseMs?: number;
}

type Row = {
  id: string;
  provider: PaymentProvider;
  order_id: string;
  amount: number;
  currency: 'SAR';
  description: string;
  locale: 'en' | 'ar';
  return_url: string;
  callback_url: string;
  email: string | null;
  state: 'OPEN' | 'CHALLENGE' | 'SUCCEEDED' | 'DECLINED' | 'INSUFFICIENT_FUNDS' | 'AUTHENTICATION_FAILED' | 'VOIDED';
  wallet_token: string | null;
  wallet_funded: boolean | null;
  succeeded_at: Date | string | null;
};

const randomId = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url')}`;

export class PaymentSandbox {
  readonly card: PaymentGateway;
  readonly wallet: WalletProvider;
  readonly instalments: InstalmentProvider;
  readonly router: Router;
  /** The callbacks still to deliver; the service runs it beside its own queue. */
  readonly callbacks: JobQueue;
  private readonly clock: () => Date;
  private readonly deliver: typeof fetch;

  private constructor(private readonly options: SandboxOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.deliver = options.deliver ?? fetch;
    const fetchPayment = (id: string) => this.fetchPayment(id);
    this.card = { createPayment: (request) => this.create('card', request), fetchPayment, voidPayment: (id) => this.void(id) };
    this.wallet = {
      createPayment: (request) => this.create('wallet', request),
      charge: (paymentId, token, amount) => this.charge(paymentId, token, amount),
      fetchPayment,
      voidPayment: (id) => this.void(id),
    };
    this.instalments = {
      prescore: async (request) => prescore(request),
      createPayment: (request) => this.create('instalments', request),
      fetchPayment,
      voidPayment: (id) => this.void(id),
    };
    this.callbacks = new JobQueue({
      db: options.database.db,
      schema: SCHEMA,
      clock: this.clock,
      logger: options.logger,
      ...(options.jobLeaseMs ? { leaseMs: options.jobLeaseMs } : {}),
    });
    this.callbacks.define<{ url: string; callback: PaymentCallback }>(DELIVER_CALLBACK, ({ url, callback }) => this.send(url, callback), {
      backoff: scheduleBackoff(CALLBACK_RETRY_DELAYS_MS),
      maxAttempts: CALLBACK_ATTEMPTS,
    });
    this.router = this.pages();
  }

  static async create(options: SandboxOptions): Promise<PaymentSandbox> {
    await migrate(options.database, SCHEMA, [
      { name: '0001_sandbox_payments', sql: sandboxPayments },
      { name: '0002_sandbox_callbacks', sql: sandboxCallbacks },
      { name: '0003_sandbox_authentication_failed', sql: sandboxAuthenticationFailed },
      // The sandbox's own queue: its callbacks are delivered and retried from here, for hours, like a gateway's webhooks.
      { name: '0003_jobs', sql: jobsTableSql(SCHEMA) },
    ]);
    return new PaymentSandbox(options);
  }

  get providers(): PaymentProviders {
    return { card: this.card, wallet: this.wallet, instalments: this.instalments };
  }

  private get db() {
    return this.options.database.db;
  }

  private async create(provider: PaymentProvider, request: HostedPaymentRequest & { email?: string }): Promise<HostedPayment> {
    const id = randomId('pay');
    await this.db.execute(sql`
      insert into payment_sandbox.payments (id, provider, order_id, amount, currency, description, locale, return_url, callback_url, email, created_at)
      values (${id}, ${provider}, ${request.orderId}, ${request.amount}, ${request.currency}, ${request.description}, ${request.locale},
              ${request.returnUrl}, ${request.callbackUrl}, ${request.email ?? null}, ${this.clock().toISOString()})`);
    const page = provider === 'card' ? 'payments' : provider;
    return { paymentId: id, paymentLink: `${this.options.baseUrl}/sandbox/${page}/${id}` };
  }

  private async find(id: string): Promise<Row | undefined> {
    const [row] = await queryRows<Row>(this.db, sql`select * from payment_sandbox.payments where id = ${id}`);
    return row;
  }

  /** An open payment is closed (nobody can pay it any more); a successful one is given back. */
  private async void(id: string): Promise<void> {
    await this.db.execute(
      sql`update payment_sandbox.payments set state = 'VOIDED', voided_at = ${this.clock().toISOString()}
          where id = ${id} and state in ('OPEN', 'CHALLENGE', 'SUCCEEDED')`,
    );
  }

  /** The gateway's "fetch payment": its own state of the payment, undefined for an id it never issued. */
  private async fetchPayment(id: string): Promise<ProviderPayment | undefined> {
    const row = await this.find(id);
    if (!row) return undefined;
    return {
      status: row.state,
      amount: row.amount,
      currency: row.currency,
      succeededAt: row.succeeded_at ? new Date(row.succeeded_at) : undefined,
    };
  }

  private async charge(paymentId: string, token: string, amount: number): Promise<WalletCharge> {
    // A token is spent once, on its own payment: the update only matches that open wallet payment,
    // with its token and its amount.
    const [row] = await queryRows<Row>(
      this.db,
      sql`update payment_sandbox.payments set state = case when wallet_funded then 'SUCCEEDED' else 'INSUFFICIENT_FUNDS' end,
            succeeded_at = case when wallet_funded then ${this.clock().toISOString()}::timestamptz end
          where id = ${paymentId} and wallet_token = ${token} and provider = 'wallet' and state = 'OPEN' and amount = ${amount}
          returning *`,
    );
    if (!row) return { outcome: 'INVALID_TOKEN' };
    return { outcome: row.state === 'SUCCEEDED' ? 'SUCCEEDED' : 'INSUFFICIENT_FUNDS', paymentId: row.id };
  }

  /**
   * Moves an open payment to `state` once (a second submit of the same form changes nothing) and
   * records its signed callback in the same transaction, then tries to deliver it at once; a
   * delivery that fails is retried by the sandbox's queue, from any process. Answers undefined
   * when the payment was no longer open.
   */
  private async settle(id: string, from: Row['state'][], state: Row['state'], status: CallbackStatus): Promise<Row | undefined> {
    const now = this.clock();
    const settled = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [row] = await queryRows<Row & { sequence: number }>(
        tx,
        sql`update payment_sandbox.payments set state = ${state}, sequence = sequence + 1,
              succeeded_at = ${state === 'SUCCEEDED' ? now.toISOString() : null}
            where id = ${id} and state in ${from} returning *`,
      );
      if (!row) return undefined;
      const callback: PaymentCallback = {
        eventId: randomId('evt'),
        paymentId: row.id,
        orderId: row.order_id,
        provider: row.provider,
        status,
        sequence: row.sequence,
        amount: row.amount,
        currency: row.currency,
      };
      const key = `callback:${callback.eventId}`;
      await this.callbacks.enqueueIn(tx, DELIVER_CALLBACK, { url: row.callback_url, callback }, { key });
      return { row, key };
    });
    if (!settled) return undefined;
    await this.callbacks.runNow(settled.key);
    return settled.row;
  }

  /**
   * Posts one callback, signed at the moment it is sent (the service refuses stale signatures).
   * Throws when it was not taken, network error or not 2xx, so that the queue tries again.
   */
  async send(url: string, callback: PaymentCallback): Promise<void> {
    const body = JSON.stringify(callback);
    const response = await this.deliver(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(this.options.secret, body, this.clock()) },
      body,
    });
    // The answer is read to the end, so the connection is free again.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`The callback of ${callback.paymentId} was refused with ${response.status}`);
  }

  private returnTo(row: Row, extra: Record<string, string> = {}): string {
    const url = new URL(row.return_url);
    url.searchParams.set('orderId', row.order_id);
    for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
    return url.toString();
  }

  private pages(): Router {
    const router = express.Router();
    router.use(express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 }), refuseUnstorableText);
    router.use((_req, res, next) => {
      // The hosted pages are a payment form: never cached, never framed.
      res.set({
        'Cache-Control': 'no-store',
        'X-Frame-Options': 'DENY',
        'Referrer-Policy': 'no-referrer',
        'Content-Security-Policy': PAGE_POLICY,
      });
      next();
    });

    const load = async (id: string, provider: PaymentProvider) => {
      const row = await this.find(id);
      return row && row.provider === provider ? row : undefined;
    };

    router.get('/payments/:id', async (req, res) => {
      const row = await load(req.params.id, 'card');
      if (!row)
        return void res
          .status(404)
          .type('html')
          .send(notFoundPage(req.query.lang === 'ar' ? 'ar' : 'en'));
      if (row.state === 'CHALLENGE') return void res.redirect(303, `${req.baseUrl}/payments/${row.id}/challenge`);
      res.type('html').send(row.state === 'OPEN' ? cardPage(row, {}, {}) : closedPage(row, this.returnTo(row)));
    });

    router.post('/payments/:id', async (req, res) => {
      const row = await load(req.params.id, 'card');
      if (!row) return void res.status(404).type('html').send(notFoundPage('en'));
      if (row.state !== 'OPEN')
        return void res
          .status(409)
          .type('html')
          .send(closedPage(row, this.returnTo(row)));
      const form = {
        cardNumber: String(req.body?.cardNumber ?? ''),
        expiry: String(req.body?.expiry ?? ''),
        cvc: String(req.body?.cvc ?? ''),
      };
      const problems = checkCard(form, this.clock());
      if (Object.keys(problems).length > 0)
        return void res
          .status(422)
          .type('html')
          .send(cardPage(row, form, problems));
      const number = form.cardNumber.replace(/[\s-]/g, '');
      if (number === TEST_CARDS.challenge) {
        await this.settle(row.id, ['OPEN'], 'CHALLENGE', 'CHALLENGE');
        return void res.redirect(303, `${req.baseUrl}/payments/${row.id}/challenge`);
      }
      const [state, status]: [Row['state'], CallbackStatus] =
        number === TEST_CARDS.success
          ? ['SUCCEEDED', 'SUCCEEDED']
          : number === TEST_CARDS.insufficientFunds
            ? ['INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS']
            : ['DECLINED', 'DECLINED'];
      await this.settle(row.id, ['OPEN'], state, status);
      res.redirect(303, this.returnTo(row));
    });

    router.get('/payments/:id/challenge', async (req, res) => {
      const row = await load(req.params.id, 'card');
      if (!row) return void res.status(404).type('html').send(notFoundPage('en'));
      res.type('html').send(row.state === 'CHALLENGE' ? challengePage(row) : closedPage(row, this.returnTo(row)));
    });

    router.post('/payments/:id/challenge', async (req, res) => {
      const row = await load(req.params.id, 'card');
      if (!row) return void res.status(404).type('html').send(notFoundPage('en'));
      const approved = req.body?.decision === 'approve';
      // A failed 3-D Secure step is its own answer, as real gateways give it (decision 0048).
      const outcome = approved ? 'SUCCEEDED' : 'AUTHENTICATION_FAILED';
      await this.settle(row.id, ['CHALLENGE'], outcome, outcome);
      res.redirect(303, this.returnTo(row));
    });

    router.get('/wallet/:id', async (req, res) => {
      const row = await load(req.params.id, 'wallet');
      if (!row) return void res.status(404).type('html').send(notFoundPage('en'));
      res.type('html').send(row.state === 'OPEN' && !row.wallet_token ? walletPage(row) : closedPage(row, this.returnTo(row)));
    });

    router.post('/wallet/:id', async (req, res) => {
      const row = await load(req.params.id, 'wallet');
      if (!row) return void res.status(404).type('html').send(notFoundPage('en'));
      const token = randomId('wtok');
      // The sheet hands out one token per payment; the funded flag is what the test wallet "holds".
      const [issued] = await queryRows<Row>(
        this.db,
        sql`update payment_sandbox.payments set wallet_token = ${token}, wallet_funded = ${req.body?.wallet === 'funded'}
            where id = ${row.id} and state = 'OPEN' and wallet_token is null returning *`,
      );
      res.redirect(303, issued ? this.returnTo(row, { walletToken: token }) : this.returnTo(row));
    });

    router.get('/instalments/:id', async (req, res) => {
      const row = await load(req.params.id, 'instalments');
      if (!row) return void res.status(404).type('html').send(notFoundPage('en'));
      res.type('html').send(row.state === 'OPEN' ? instalmentsPage(row) : closedPage(row, this.returnTo(row)));
    });

    router.post('/instalments/:id', async (req, res) => {
      const row = await load(req.params.id, 'instalments');
      if (!row) return void res.status(404).type('html').send(notFoundPage('en'));
      const approved = req.body?.decision === 'approve';
      await this.settle(row.id, ['OPEN'], approved ? 'SUCCEEDED' : 'DECLINED', approved ? 'SUCCEEDED' : 'DECLINED');
      res.redirect(303, this.returnTo(row));
    });
    return router;
  }
}

function prescore(request: PrescoringRequest): PrescoringAnswer {
  if (request.email?.trim().toLowerCase().endsWith(REJECTED_EMAIL_DOMAIN)) return { eligible: false, reason: 'NOT_AVAILABLE' };
  const rejection = amountRejection(request.amount);
  return rejection ? { eligible: false, reason: rejection } : { eligible: true, instalments: splitInstalments(request.amount) };
}

/** The card form's rules: a listed test card, an expiry month not yet over, three digits of CVC. */
export function checkCard(form: CardForm, now: Date): Record<string, string> {
  const problems: Record<string, string> = {};
  const number = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!(Object.values(TEST_CARDS) as string[]).includes(number)) problems.cardNumber = 'cardNumberInvalid';
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(form.expiry ?? '');
  const month = expiry ? Number(expiry[1]) : 0;
  const lastDay = expiry ? Date.UTC(2000 + Number(expiry[2]), month, 1) : 0;
  if (!expiry || month < 1 || month > 12 || lastDay <= now.getTime()) problems.expiry = 'expiryInvalid';
  if (!/^\d{3}$/.test((form.cvc ?? '').trim())) problems.cvc = 'cvcInvalid';
  return problems;
}
