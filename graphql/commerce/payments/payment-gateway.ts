/**
 * The outside payment parties the commerce service talks to (decision 0028): a card gateway with a
 * hosted payment page, a mobile wallet and an instalment provider. Production plugs real clients in
 * here; this repository ships sandboxes that behave like them (`sandbox-*.ts`), clearly labelled.
 * Amounts are integer halalas; every provider reports outcomes through signed callbacks
 * (`signature.ts`) of the shape `PaymentCallback`.
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

/** The card gateway: a hosted card page, then callbacks; a payment can be voided before capture settles. */
export interface PaymentGateway {
  createPayment(request: HostedPaymentRequest): Promise<HostedPayment>;
  /** Gives the money back (authorisation voided); callbacks for the payment stop. */
  voidPayment(paymentId: string): Promise<void>;
}

/** The mobile wallet: its sheet hands the browser a payment token, which the service charges. */
export interface WalletProvider {
  /** The wallet sheet for this order; the token it gives back is tied to the payment. */
  createPayment(request: HostedPaymentRequest): Promise<HostedPayment>;
  /** Charges the token: the payment it belongs to and the outcome. */
  charge(paymentToken: string, amount: number): Promise<WalletCharge>;
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

/** The instalment provider: pre-scoring, then a hosted approval page and callbacks like the card gateway's. */
export interface InstalmentProvider {
  prescore(request: PrescoringRequest): Promise<PrescoringAnswer>;
  createPayment(request: HostedPaymentRequest & { email: string }): Promise<HostedPayment>;
  voidPayment(paymentId: string): Promise<void>;
}

export const CALLBACK_STATUSES = ['PENDING', 'CHALLENGE', 'SUCCEEDED', 'DECLINED', 'INSUFFICIENT_FUNDS', 'VOIDED'] as const;
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

export interface PaymentProviders {
  card: PaymentGateway;
  wallet: WalletProvider;
  instalments: InstalmentProvider;
}
