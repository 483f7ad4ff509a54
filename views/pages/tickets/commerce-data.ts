/**
 * The commerce service's answers as the checkout, confirmation, assignment and account ticket
 * screens show them (graphql/commerce/schema.graphql): amounts are the API's decimal strings.
 */

export type PaymentMethod = 'CREDIT_CARD' | 'MOBILE_WALLET' | 'INSTALMENTS' | 'LOYALTY_POINTS';
export type OrderState = 'PENDING_PAYMENT' | 'PAID' | 'PAYMENT_FAILED' | 'EXPIRED' | 'CANCELLED';

export interface Money {
  amount: string;
  currency: string;
}

export interface LocalizedText {
  en: string;
  ar: string;
}

/** The prices every cart and order shows (SPEC 3.4: VAT included, excluded amount and VAT shown). */
export interface Totals {
  subtotalPrice: Money;
  totalPrice: Money;
  totalPriceExcluding: Money;
  vatAmount: Money;
  cartDiscountPrice: Money;
  /** Decision 0039: what loyalty points took off (part of cartDiscountPrice), absent before points existed. */
  loyaltyDiscountValue?: Money;
}

/** The loyalty points a cart or an order spends (decision 0039). */
export interface PointsSpent {
  points: number;
  value: Money;
}

export interface SummaryLine {
  id: string;
  name: LocalizedText;
  quantity: number;
  total: Money;
  subItems: { id: string; name: LocalizedText; quantity: number; total: Money }[];
}

export interface CheckoutCart extends Totals {
  id: string;
  customerEmail: string | null;
  items: (SummaryLine & { catalogueItemId: string; state: 'AVAILABLE' | 'OUT_OF_STOCK' | 'NOT_ON_SALE' })[];
  ticketQuantity: number;
  isShippingRequired: boolean;
  canCheckout: boolean;
  version: number;
  /** Decision 0039: the cart's loyalty points, null without. */
  loyaltyDiscount?: { points: number; pointsUsed: number; discountValue: Money } | null;
}

/** The cart's points pay its whole total: the order needs no card (decision 0039). */
export const paidWithPoints = (cart: Pick<CheckoutCart, 'loyaltyDiscount' | 'totalPrice'>): boolean =>
  Boolean(cart.loyaltyDiscount) && /^0+(\.0+)?$/.test(cart.totalPrice.amount);

export interface TabbyResult {
  isCustomerEligible: boolean;
  rejectionReason: 'NOT_AVAILABLE' | 'ORDER_AMOUNT_TOO_HIGH' | 'ORDER_AMOUNT_TOO_LOW' | null;
  instalmentAmount: Money | null;
}

export interface PdfTicket {
  id: string;
  orderItemId: string;
  name: LocalizedText;
  holder?: { firstName: string; lastName: string; email: string } | null;
}

export interface OrderView extends Totals {
  id: string;
  eventId: string;
  state: OrderState;
  paymentMethod: PaymentMethod;
  customer: { firstName: string; lastName: string; email: string };
  items: SummaryLine[];
  pdfTickets: PdfTicket[];
  /** False between the payment and the issuing of the tickets (decision 0032). */
  ticketsIssued: boolean;
  ticketsAssigned: boolean;
  completedAt: string | null;
  paymentLink: string | null;
  /** Why the provider refused the payment of a PAYMENT_FAILED order (decision 0048). */
  paymentFailure: 'DECLINED' | 'INSUFFICIENT_FUNDS' | 'AUTHENTICATION_FAILED' | null;
  /** Decision 0039: points spent, and where they stand; what the paid order earns. */
  loyaltyPoints: number;
  loyaltyBurnState: 'PENDING' | 'BURNED' | 'REVERSED' | null;
  loyaltyEarning: { points: number; pointsState: 'ON_THE_WAY' | 'POSTED' | 'REFUSED'; pointsPostAt: string | null } | null;
}

/** An order's tickets that have a holder, for "3 of 4 assigned". */
export const assignedCount = (order: Pick<OrderView, 'pdfTickets'>): number => order.pdfTickets.filter((ticket) => ticket.holder).length;
