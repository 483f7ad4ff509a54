/**
 * The outside payment parties the commerce service talks to (decision 0028): a card gateway with a
 * hosted payment page, a mobile wallet and an instalment provider. `sandbox.ts` has sandboxes that
 * behave like them, clearly labelled; `moyasar.ts` is the real card gateway (decision 0036) and
 * `tabby.ts` the real instalment provider (decision 0042).
 * Amounts are integer halalas; the sandboxes report outcomes through signed callbacks
 * (`signature.ts`) of the shape `PaymentCallback`, Moyasar through webhooks that are only a hint to
 * ask it; every provider answers "fetch payment" with its own view of a payment, which the
 * reconciler asks when a callback may have been lost (decision 0032).
 */

export type PaymentProvider = 'card' | 'wallet' | 'instalments';

export interface HostedPaymentRequest {
  orderId: string;
  /** Halalas, VAT included. */
  amount: number;
  currency: 'SAR';
  description: string;
  locale: 'en' | 'ar';
  /** Where the provider's page sends the browser afterwards. */
  returnUrl: string;
  /** Where the provider posts its signed callbacks, server to server. */
  callbackUrl: string;
}

export interface HostedPayment {
  paymentId: string;
  /** The provider's page the visitor is sent to. */
  paymentLink: string;
}

/** Where a payment stands at the provider, in words every gateway has. */
export const PROVIDER_PAYMENT_STATUSES = [
  'OPEN',
  'CHALLENGE',
  'SUCCEEDED',
  'DECLINED',
  'INSUFFICIENT_FUNDS',
  'AUTHENTICATION_FAILED',
  'VOIDED',
] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];

/** The provider's own view of one payment ("fetch payment"). */
export interface ProviderPayment {
  status: ProviderPaymentStatus;
  /** Halalas. */
  amount: number;
  currency: 'SAR';
  /** When it succeeded, if it did and the provider says. */
  succeededAt?: Date | undefined;
}

/**
 * Asks the provider about a payment: its view, or undefined when it does not know the payment.
 * Network errors and the provider's own failures (5xx) throw: ask again later.
 */
export type FetchPayment = (paymentId: string) => Promise<ProviderPayment | undefined>;

/** The card gateway: a hosted card page, then callbacks; a payment can be voided before capture settles. */
export interface PaymentGateway {
  createPayment(request: HostedPaymentRequest): Promise<HostedPayment>;
  fetchPayment: FetchPayment;
  /** Gives the money back (voided, or refunded once settled), or closes an open payment so it can no longer be paid; callbacks stop. */
  voidPayment(paymentId: string): Promise<void>;
  /**
   * The buyer's return from the hosted page carries nothing signed, so the service asks the gateway
   * when a pending order is read (decision 0036): a redirect whose webhook never came still pays.
   */
  readonly asksOnReturn?: boolean;
}

/** The mobile wallet: its sheet hands the browser a payment token, which the service charges. */
export interface WalletProvider {
  /** The wallet sheet for this order; the token it gives back is tied to the payment. */
  createPayment(request: HostedPaymentRequest): Promise<HostedPayment>;
  /**
   * Charges the token for this payment: a token handed out for another payment (another order's
   * sheet) is not valid here, and nothing is charged.
   */
  charge(paymentId: string, paymentToken: string, amount: number): Promise<WalletCharge>;
  fetchPayment: FetchPayment;
  voidPayment(paymentId: string): Promise<void>;
}

export type WalletCharge =
  { outcome: 'SUCCEEDED'; paymentId: string } | { outcome: 'INSUFFICIENT_FUNDS'; paymentId: string } | { outcome: 'INVALID_TOKEN' };

export type InstalmentRejection = 'NOT_AVAILABLE' | 'ORDER_AMOUNT_TOO_HIGH' | 'ORDER_AMOUNT_TOO_LOW';

export interface PrescoringRequest {
  /** Halalas. */
  amount: number;
  email?: string | undefined;
  phoneNumber?: string | undefined;
}

export type PrescoringAnswer = { eligible: true; instalments: number[] } | { eligible: false; reason: InstalmentRejection };

/** An instalment payment: the provider scores the buyer and the order, so it is told about both. */
export interface InstalmentPaymentRequest extends HostedPaymentRequest {
  email: string;
  /** The buyer as the order has them (a real provider's page texts the phone a code). */
  buyer?: { name: string; phoneNumber: string; city: string; address: string; postalCode?: string | undefined } | undefined;
  /** The order's lines, prices in halalas VAT included, and its VAT and coupon discount. */
  lines?: { reference: string; title: string; quantity: number; unitPrice: number }[] | undefined;
  vat?: number | undefined;
  discount?: number | undefined;
}

/** The instalment provider: pre-scoring, then a hosted approval page and callbacks like the card gateway's. */
export interface InstalmentProvider {
  prescore(request: PrescoringRequest): Promise<PrescoringAnswer>;
  createPayment(request: InstalmentPaymentRequest): Promise<HostedPayment>;
  fetchPayment: FetchPayment;
  voidPayment(paymentId: string): Promise<void>;
  /** As `PaymentGateway.asksOnReturn`: the buyer's return carries nothing signed (Tabby, decision 0042). */
  readonly asksOnReturn?: boolean;
  /**
   * A provider that only authorizes when the buyer approves (Tabby) is told to take the money once
   * the order is paid: the `capture-payment` job queued with the payment (decision 0042). Idempotent.
   */
  capturePayment?(paymentId: string, amount: number): Promise<void>;
}

export const CALLBACK_STATUSES = [
  'PENDING',
  'CHALLENGE',
  'SUCCEEDED',
  'DECLINED',
  'INSUFFICIENT_FUNDS',
  'AUTHENTICATION_FAILED',
  'VOIDED',
] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

/** What every provider posts to `POST /commerce/payments/callback`, signed over the raw body. */
export interface PaymentCallback {
  /** Unique per event: a replay carries the same id. */
  eventId: string;
  paymentId: string;
  orderId: string;
  provider: PaymentProvider;
  status: CallbackStatus;
  /** The provider's order of events for one payment, from 1. */
  sequence: number;
  amount: number;
  currency: 'SAR';
}

/**
 * The providers in use. The card gateway is always there; a wallet or an instalment provider may
 * not be (Moyasar's hosted page takes Apple Pay and STC Pay itself, decision 0036): the method is
 * then not offered.
 */
export interface PaymentProviders {
  card: PaymentGateway;
  wallet?: WalletProvider | undefined;
  instalments?: InstalmentProvider | undefined;
}

/** The provider of `name`; throws for one that is not in use (a payment of it cannot exist). */
export function providerOf(providers: PaymentProviders, name: PaymentProvider): PaymentGateway | WalletProvider | InstalmentProvider {
  const provider = providers[name];
  if (!provider) throw new Error(`No ${name} payment provider is in use`);
  return provider;
}
