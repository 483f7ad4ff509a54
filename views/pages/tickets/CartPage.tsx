import { Island } from '../../components/Island.tsx';
import { CART_FRAGMENT_ID, CART_ISLAND, CartLines, type CartIslandLine, type CartIslandProps } from '../../islands/CartLines.tsx';
import { useFormState, useSite } from '../../site-context.tsx';
import type { TotalsCoupon } from './cart-totals.ts';
import { ShopMessage } from './ShopMessage.tsx';
import { ADD_FORM } from './TicketsPage.tsx';
import { TicketShopFrame, type ShopCartSummary, type ShopFrameEvent } from './TicketShopFrame.tsx';

export interface CartView {
  lines: CartIslandLine[];
  coupon: TotalsCoupon | null;
  coupons: { code: string; discount: string }[];
  totals: CartIslandProps['totals'];
  canCheckout: boolean;
  /** Instalments are offered for this cart (every ticket allows them). */
  instalments: boolean;
}

export interface CartPageData {
  event: ShopFrameEvent;
  summary: ShopCartSummary | null;
  /** Null when the visitor has no cart for this event or it is empty. */
  cart: CartView | null;
  /** Guests go to the ticket login step first, users straight to checkout (SPEC 2.4). */
  checkoutHref: string;
}

/** The form whose outcome the lines show (quantity, remove, extras). */
export const CART_FORM = 'cart';
export const COUPON_FORM = 'cart-coupon';

/** SPEC 2.4, 4.3: the cart, with its lines, extras, coupon and totals. */
export function CartPage({ data }: { data: CartPageData }) {
  const { t } = useSite();
  return (
    <TicketShopFrame event={data.event} step="cart" cart={data.summary}>
      <div className="shop-cart">
        <h1 className="shop__title">{t('shop:cart.title')}</h1>
        <ShopMessage form={ADD_FORM} />
        <CartFragment data={data} />
      </div>
    </TicketShopFrame>
  );
}

/** The part of the page htmx replaces after a coupon or a removal (decision 0009). */
export function CartFragment({ data }: { data: CartPageData }) {
  const { t, urls, locale, csrfToken, assets } = useSite();
  const state = useFormState(CART_FORM);
  const couponState = useFormState(COUPON_FORM);
  assets.use('htmx');
  if (!data.cart) {
    return (
      <div id={CART_FRAGMENT_ID} className="cart cart--empty">
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
  const message: CartIslandProps['message'] = state?.message
    ? {
        kind: state.status === 'succeeded' ? 'success' : 'error',
        text: t(state.message, { ...state.values, count: Number(state.values.max ?? 0) }),
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
      vat: t('shop:cart.vat'),
      total: t('shop:cart.total'),
      checkout: t('shop:cart.checkout'),
      pending: t('shop:cart.pending'),
      failed: t('shop:errors.cartUpdateFailed'),
      coupon: t('shop:cart.coupon'),
      applyCoupon: t('shop:cart.applyCoupon'),
      removeCoupon: t('shop:cart.removeCoupon', { code: '__CODE__' }),
      instalments: t('shop:tickets.instalments', { amount: '__AMOUNT__' }),
    },
  };
  return (
    <div id={CART_FRAGMENT_ID} className="cart">
      <Island name={CART_ISLAND} component={CartLines} props={props} />
      <a className="cart__more" href={urls.route('tickets', { eventSlug: data.event.slug })}>
        {t('shop:cart.continueShopping')}
      </a>
    </div>
  );
}
