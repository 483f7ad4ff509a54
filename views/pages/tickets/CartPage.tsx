import { Island } from '../../components/Island.tsx';
import { LOYALTY_POINTS_STEP } from '#platform/loyalty/loyalty-programme.ts';
import {
  CART_FRAGMENT_ID,
  CART_ISLAND,
  CartLines,
  type CartIslandLine,
  type CartIslandProps,
  type CartPointsPanel,
} from '../../islands/CartLines.tsx';
import { usePoints, usePointsValue } from '../../components/loyalty-points.ts';
import { useFormState, useSite } from '../../site-context.tsx';
import { VAT_RATE_PERCENT, type TotalsCoupon } from './cart-totals.ts';
import { ShopMessage } from './ShopMessage.tsx';
import { ADD_FORM } from './TicketsPage.tsx';
import { TicketShopFrame, useCartSummaryText, type ShopCartSummary, type ShopFrameEvent } from './TicketShopFrame.tsx';

export interface CartView {
  lines: CartIslandLine[];
  coupon: TotalsCoupon | null;
  coupons: { code: string; discount: string }[];
  /** The points chosen for the cart (decision 0039); 0 without. */
  loyaltyPoints: number;
  totals: CartIslandProps['totals'];
  canCheckout: boolean;
  /** Instalments are offered for this cart (every ticket allows them). */
  instalments: boolean;
}

/** Where the visitor stands with loyalty points for this cart (decision 0039). */
export type CartLoyalty =
  | { state: 'guest'; signUpHref: string }
  | { state: 'notLinked'; linkHref: string }
  | { state: 'unavailable' }
  | {
      state: 'linked';
      /** Null while the balance needs the PIN (the programme's verification ran out). */
      balance: number | null;
      applied: { points: number; pointsUsed: number; value: string } | null;
      /** The most points the cart takes. */
      limit: number;
      /** The total is 0: the points cover it. */
      coversAll: boolean;
    };

export interface CartPageData {
  event: ShopFrameEvent;
  summary: ShopCartSummary | null;
  /** Null when the visitor has no cart for this event or it is empty. */
  cart: CartView | null;
  /** Guests go to the ticket login step first, users straight to checkout (SPEC 2.4). */
  checkoutHref: string;
  loyalty: CartLoyalty;
}

/** The form whose outcome the lines show (quantity, remove, extras). */
export const CART_FORM = 'cart';
export const COUPON_FORM = 'cart-coupon';
export const POINTS_FORM = 'cart-points';

/** SPEC 2.4, 4.3: the cart, with its lines, extras, coupon and totals. */
export function CartPage({ data }: { data: CartPageData }) {
  const { t } = useSite();
  return (
    <TicketShopFrame event={data.event} step="cart" cart={data.summary}>
      <div className="shop-cart">
        <h1 className="shop__title">{t('shop:cart.title')}</h1>
        <CartFragment data={data} />
      </div>
    </TicketShopFrame>
  );
}

/** The part of the page htmx replaces after a coupon or a removal (decision 0009). */
export function CartFragment({ data }: { data: CartPageData }) {
  const { t, urls, locale, csrfToken, assets, format } = useSite();
  const state = useFormState(CART_FORM);
  const couponState = useFormState(COUPON_FORM);
  const addState = useFormState(ADD_FORM);
  const headerSummary = useCartSummaryText()(data.summary);
  assets.use('htmx');
  if (!data.cart) {
    // An emptied cart has no island: the cart script reads the header's words from here.
    return (
      <div id={CART_FRAGMENT_ID} className="cart cart--empty" data-header-summary={headerSummary}>
        <ShopMessage form={CART_FORM} />
        <div className="empty-state stack">
          <p className="cart__empty-title">{t('shop:cart.empty')}</p>
          <p>{t('shop:cart.emptyText')}</p>
          <a className="button button--primary" href={urls.route('tickets', { eventSlug: data.event.slug })}>
            {t('shop:cart.backToTickets')}
          </a>
        </div>
      </div>
    );
  }
  const cart = data.cart;
  // The last outcome the cart shows: of its own forms, else the add that led here ("Added to your
  // cart."). The island holds it and drops it at the visitor's next change, so it shows once.
  const outcome = state?.message ? state : addState?.message ? addState : undefined;
  const message: CartIslandProps['message'] = outcome?.message
    ? {
        kind: outcome.status === 'succeeded' ? 'success' : 'error',
        text: t(outcome.message, { ...outcome.values, count: Number(outcome.values.max ?? 0) }),
      }
    : null;
  const action = urls.current(locale);
  const props: CartIslandProps = {
    locale,
    action,
    csrfToken,
    lines: cart.lines,
    coupon: cart.coupon,
    totals: cart.totals,
    canCheckout: cart.canCheckout,
    checkoutHref: data.checkoutHref,
    message,
    coupons: cart.coupons.map((coupon) => coupon.code),
    couponValue: couponState && couponState.status !== 'succeeded' ? (couponState.values.code ?? '') : '',
    couponMessage: couponState?.message
      ? { kind: couponState.status === 'succeeded' ? 'success' : 'error', text: t(couponState.message) }
      : null,
    instalments: cart.instalments,
    headerSummary,
    labels: {
      unitPrice: t('shop:cart.unitPrice'),
      quantity: t('shop:cart.quantity'),
      decrease: t('shop:cart.decrease', { name: '__NAME__' }),
      increase: t('shop:cart.increase', { name: '__NAME__' }),
      remove: t('shop:cart.remove'),
      removeLabel: t('shop:cart.removeLabel', { name: '__NAME__' }),
      extras: t('shop:cart.extras'),
      extraQuantity: t('shop:cart.extraQuantity', { name: '__NAME__', price: '__PRICE__' }),
      saveExtras: t('shop:cart.saveExtras'),
      free: t('shop:cart.free'),
      outOfStock: t('shop:cart.outOfStock'),
      notOnSale: t('shop:cart.notOnSale'),
      blocked: t('shop:cart.blocked'),
      summary: t('shop:cart.summary'),
      subtotal: t('shop:cart.subtotal'),
      discounts: t('shop:cart.discounts'),
      excludingVat: t('shop:cart.excludingVat'),
      vat: t('shop:cart.vat', { rate: format.percent(VAT_RATE_PERCENT) }),
      total: t('shop:cart.total'),
      checkout: t('shop:cart.checkout'),
      pending: t('shop:cart.pending'),
      failed: t('shop:errors.cartUpdateFailed'),
      coupon: t('shop:cart.coupon'),
      applyCoupon: t('shop:cart.applyCoupon'),
      removeCoupon: t('shop:cart.removeCoupon', { code: '__CODE__' }),
      instalments: t('shop:tickets.instalments', { amount: '__AMOUNT__' }),
      pointsLine: t('loyalty:cart.summaryLine', { points: '__POINTS__' }),
      pointsTitle: t('loyalty:cart.title'),
    },
    loyaltyPoints: cart.loyaltyPoints,
    points: usePointsPanel(data.loyalty),
  };
  return (
    <div id={CART_FRAGMENT_ID} className="cart" data-header-summary={headerSummary}>
      <Island name={CART_ISLAND} component={CartLines} props={props} />
      <a className="cart__more" href={urls.route('tickets', { eventSlug: data.event.slug })}>
        {t('shop:cart.continueShopping')}
      </a>
    </div>
  );
}

/** The points panel's texts and state, in the visitor's language (decision 0039). */
function usePointsPanel(loyalty: CartLoyalty): CartPointsPanel | null {
  const { t } = useSite();
  const points = usePoints();
  const value = usePointsValue();
  const state = useFormState(POINTS_FORM);
  if (loyalty.state === 'guest') {
    return { state: 'invite', text: t('loyalty:cart.guestText'), linkText: t('loyalty:cart.signUp'), href: loyalty.signUpHref };
  }
  if (loyalty.state === 'notLinked') {
    return { state: 'invite', text: t('loyalty:cart.linkText'), linkText: t('loyalty:cart.link'), href: loyalty.linkHref };
  }
  if (loyalty.state === 'unavailable') return { state: 'unavailable', text: t('loyalty:cart.unavailable') };
  const affordable = loyalty.balance === null ? loyalty.limit : Math.floor(loyalty.balance / LOYALTY_POINTS_STEP) * LOYALTY_POINTS_STEP;
  const max = Math.max(0, Math.min(loyalty.limit, affordable));
  const failed = state && state.status !== 'succeeded' ? state : undefined;
  return {
    state: 'linked',
    balanceText: loyalty.balance === null ? null : t('loyalty:cart.balance', { points: points(loyalty.balance) }),
    rateText: t('loyalty:cart.rate', { amount: value(LOYALTY_POINTS_STEP) }),
    max,
    value: failed?.values.points ?? (loyalty.applied ? String(loyalty.applied.points) : ''),
    applied: loyalty.applied
      ? {
          text: t('loyalty:cart.using', { points: points(loyalty.applied.pointsUsed) }),
          valueText: t('loyalty:cart.value', { amount: value(loyalty.applied.pointsUsed) }),
        }
      : null,
    coversAll: loyalty.coversAll ? t('loyalty:cart.coversAll') : null,
    notEnough: max < LOYALTY_POINTS_STEP && !loyalty.applied ? t('loyalty:cart.notEnough') : null,
    message: state?.message
      ? { kind: state.status === 'succeeded' ? 'success' : 'error', text: t(state.message, { ...state.values }) }
      : null,
    errors: Object.fromEntries(
      Object.entries(failed?.errors ?? {})
        .filter(([name]) => name === 'points' || name === 'memberPin')
        .map(([name, key]) => [name, t(key, { ...failed?.values })]),
    ),
    labels: {
      points: t('loyalty:cart.points'),
      pointsHint: t('loyalty:cart.pointsHint', { points: points(max) }),
      pin: t('loyalty:cart.pin'),
      pinHint: t('loyalty:cart.pinHint'),
      apply: t('loyalty:cart.apply'),
      remove: t('loyalty:cart.remove'),
    },
  };
}
