import type { ReactNode } from 'react';
import type { Asset } from '../../content.ts';
import { CART_HEADER_COUNT } from '../../islands/CartLines.tsx';
import { useSite } from '../../site-context.tsx';

/** The shop's steps, in order (SPEC 2.4: tickets, cart, checkout, confirmation). */
export const SHOP_STEPS = ['tickets', 'cart', 'checkout', 'confirmation'] as const;
export type ShopStep = (typeof SHOP_STEPS)[number];

/** What the frame needs of the event: its name, logo and slug for the links. */
export interface ShopFrameEvent {
  slug: string;
  title: string;
  logo?: Asset | null;
  startDatetime?: string;
  endDatetime?: string;
  venue?: { name: string } | null;
}

/** The cart at a glance, for the summary link; null when the visitor has no cart for this event. */
export interface ShopCartSummary {
  ticketQuantity: number;
  /** The total as the API gives it, e.g. "1150.00". */
  total: string;
}

const STEP_ROUTES = {
  tickets: 'tickets',
  cart: 'ticketsCart',
  checkout: 'ticketsCheckout',
  confirmation: 'ticketsConfirmation',
} as const;

/**
 * Every ticket screen's frame: the event's name and logo, where the visitor is among the shop's
 * steps, and a link to the cart with its size and total where the page read the cart (`cart`
 * given, null for none). Steps already passed are links back (except from the confirmation, when
 * the order is placed); later ones are plain text.
 */
export function TicketShopFrame({
  event,
  step,
  cart,
  children,
}: {
  event: ShopFrameEvent;
  step: ShopStep;
  cart?: ShopCartSummary | null;
  children: ReactNode;
}) {
  const { t, urls, format, shopWindowEndsAt } = useSite();
  const cartSummaryText = useCartSummaryText();
  const current = SHOP_STEPS.indexOf(step);
  const params = { eventSlug: event.slug };
  return (
    <div className="shop">
      <header className="shop-header">
        <div className="shop-header__event">
          {event.logo ? <img className="shop-header__logo" src={event.logo.url} alt="" width={48} height={48} /> : null}
          <div>
            <p className="eyebrow">{t('shop:frame.eyebrow')}</p>
            <p className="shop-header__title">
              <a href={urls.route('event', { slug: event.slug })}>{event.title}</a>
            </p>
            {event.startDatetime && event.endDatetime ? (
              <p className="shop-header__meta">
                {format.dateRange(event.startDatetime, event.endDatetime)}
                {event.venue ? ` · ${event.venue.name}` : ''}
              </p>
            ) : null}
          </div>
        </div>
        {/* Only a page that read the cart says what is in it (an order's pages do not). */}
        {cart !== undefined ? (
          <a className="shop-header__cart" href={urls.route('ticketsCart', params)} data-shop-cart-summary="">
            <span className="shop-header__cart-label">{t('shop:frame.cart')}</span>
            <span className="shop-header__cart-count" {...{ [CART_HEADER_COUNT]: '' }}>
              {cartSummaryText(cart)}
            </span>
          </a>
        ) : null}
      </header>
      {shopWindowEndsAt && step !== 'confirmation' ? (
        <p className="shop-window" role="status">
          <span className="shop-window__dot" aria-hidden="true" />
          <span>
            {t('shop:waitingRoom.heldUntil')}{' '}
            <time className="shop-window__time" dateTime={shopWindowEndsAt}>
              {format.time(shopWindowEndsAt)}
            </time>
          </span>
          <span className="shop-window__note">{t('shop:waitingRoom.heldUntilNote')}</span>
        </p>
      ) : null}
      <nav className="shop-steps" aria-label={t('shop:frame.stepsLabel')}>
        <ol>
          {SHOP_STEPS.map((name, index) => {
            const label = t(`shop:frame.steps.${name}`);
            const state = index < current ? 'done' : index === current ? 'current' : 'next';
            const linked = state === 'done' && step !== 'confirmation';
            return (
              <li key={name} className="shop-steps__step" data-state={state}>
                {linked ? (
                  <a className="shop-steps__link" href={urls.route(STEP_ROUTES[name], params)}>
                    <StepLabel number={index + 1} label={label} />
                  </a>
                ) : (
                  <span className="shop-steps__link" aria-current={state === 'current' ? 'step' : undefined}>
                    <StepLabel number={index + 1} label={label} />
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="shop__body">{children}</div>
    </div>
  );
}

/**
 * The header's words for the cart ("2 tickets · SAR 1,190.00"): the frame shows them, and the cart
 * island writes its own into the header after each change, so both always say the same.
 */
export function useCartSummaryText(): (cart: ShopCartSummary | null | undefined) => string {
  const { t, format } = useSite();
  return (cart) =>
    cart && cart.ticketQuantity > 0
      ? `${t('shop:frame.cartCount', { count: cart.ticketQuantity })} · ${format.money(cart.total)}`
      : t('shop:frame.cartEmpty');
}

/** A step's number and name; on a phone only the current step shows its name (the others keep it for screen readers). */
function StepLabel({ number, label }: { number: number; label: string }) {
  return (
    <>
      <span className="shop-steps__number" aria-hidden="true">
        {number}
      </span>
      <span className="shop-steps__label">{label}</span>
    </>
  );
}
