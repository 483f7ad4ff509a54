import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { propsOfIsland } from '../components/island-props.ts';
import { createFormatter, type Locale } from '../format.ts';
import { cartTotals, fromHalalas, instalmentOf, type TotalsCoupon } from '../pages/tickets/cart-totals.ts';

export type CartLineState = 'AVAILABLE' | 'OUT_OF_STOCK' | 'NOT_ON_SALE';

export interface CartIslandLine {
  id: string;
  name: string;
  /** The time slot, formatted on the server; null when the ticket has none. */
  timeslot: string | null;
  quantity: number;
  /** The most this line may hold (maxAmountPerOrder, never above 34). */
  maxQuantity: number;
  /** One unit in halalas. */
  originalPrice: number;
  discountedPrice: number;
  state: CartLineState;
  subItems: { catalogueItemId: string; name: string; quantity: number; originalPrice: number; discountedPrice: number }[];
  /** Extras the ticket offers, for the line's extras form (SPEC 3.4). */
  extras: { catalogueItemId: string; name: string; price: number; quantity: number; maxQuantity: number }[];
  freeItems: { name: string; quantity: number }[];
}

/**
 * The cart's points panel (decision 0039), every text already in the visitor's language: how a
 * guest or an unlinked visitor gets there, or the form (points in steps of 50 and the PIN).
 */
export type CartPointsPanel =
  | { state: 'invite'; text: string; linkText: string; href: string }
  | { state: 'unavailable'; text: string }
  | {
      state: 'linked';
      /** The balance while the programme's verification lasts; null when only the PIN will tell. */
      balanceText: string | null;
      rateText: string;
      /** The most points the form offers: what the cart needs and the balance holds, in steps of 50. */
      max: number;
      /** The points the form shows: the visitor's last try, else those applied. */
      value: string;
      applied: { text: string; valueText: string } | null;
      /** The points cover the whole total. */
      coversAll: string | null;
      /** Fewer than 50 points to spend. */
      notEnough: string | null;
      message: { kind: 'error' | 'success'; text: string } | null;
      errors: { points?: string; memberPin?: string };
      labels: { points: string; pointsHint: string; pin: string; pinHint: string; apply: string; remove: string };
    };

export interface CartIslandProps {
  locale: Locale;
  /** The cart page's own URL: every form posts back to it. */
  action: string;
  csrfToken: string;
  lines: CartIslandLine[];
  coupon: TotalsCoupon | null;
  /** The service's totals in halalas: the truth the page shows until the visitor changes something. */
  totals: {
    subtotal: number;
    /** Products and coupons. */
    discount: number;
    /** What the cart's loyalty points take off, and how many it uses (decision 0039). */
    loyalty: number;
    loyaltyPoints: number;
    totalExcludingVat: number;
    vat: number;
    total: number;
  };
  /** The points chosen for the cart, for the totals recomputed while a change is on its way. */
  loyaltyPoints: number;
  /** Null where points are not offered. */
  points: CartPointsPanel | null;
  canCheckout: boolean;
  checkoutHref: string;
  /** Coupon codes applied to the cart (the service allows one). */
  coupons: string[];
  /** What the visitor typed in the coupon field, when it came back refused. */
  couponValue: string;
  couponMessage: { kind: 'error' | 'success'; text: string } | null;
  /** Every ticket of the cart may be paid in four instalments (SPEC 9.2). */
  instalments: boolean;
  /** The cart at a glance as the shop's header says it ("2 tickets · SAR 1,190.00"), from the same answer. */
  headerSummary: string;
  /** The last cart form's outcome, in the visitor's language. */
  message: { kind: 'error' | 'success'; text: string } | null;
  labels: {
    unitPrice: string;
    quantity: string;
    /** With __NAME__ for the line's name. */
    decrease: string;
    increase: string;
    remove: string;
    removeLabel: string;
    extras: string;
    /** With __NAME__ and __PRICE__. */
    extraQuantity: string;
    saveExtras: string;
    free: string;
    outOfStock: string;
    notOnSale: string;
    blocked: string;
    summary: string;
    subtotal: string;
    discounts: string;
    excludingVat: string;
    vat: string;
    total: string;
    checkout: string;
    pending: string;
    failed: string;
    coupon: string;
    applyCoupon: string;
    /** With __CODE__. */
    removeCoupon: string;
    /** With __AMOUNT__. */
    instalments: string;
    /** With __POINTS__. */
    pointsLine: string;
    pointsTitle: string;
  };
}

/** The element the cart's htmx and island updates replace (the cart page's fragment). */
export const CART_FRAGMENT_ID = 'cart';
export const CART_ISLAND = 'cart';
/** The attribute of the shop header's cart count (views/pages/tickets/TicketShopFrame.tsx). */
export const CART_HEADER_COUNT = 'data-shop-cart-count';

/** Writes the cart's size and total into the shop's header, which no cart update replaces. */
export function showCartInHeader(text: string | undefined) {
  const headerCount = document.querySelector(`[${CART_HEADER_COUNT}]`);
  if (headerCount && text && headerCount.textContent !== text) headerCount.textContent = text;
}

const named = (label: string, name: string, price = '') => label.replace('__NAME__', name).replace('__PRICE__', price);

/**
 * The cart's lines and totals (SPEC 2.4, 4.3). On the server and without JavaScript: plain forms,
 * one per action, that post to the cart page. Hydrated, the − and + buttons change the quantity
 * and the totals at once (the same exact-money rules as the service, views/pages/tickets/
 * cart-totals.ts), then send the same form; the server's answer (the cart fragment) replaces the
 * island's state: its cart when accepted, its message and the unchanged cart when refused.
 */
export function CartLines(initial: CartIslandProps) {
  const [props, setProps] = useState(initial);
  const [pending, setPending] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const format = createFormatter(props.locale);
  const money = (halalas: number) => format.money(fromHalalas(halalas));
  const { labels } = props;

  // Forms rendered anew after an update are handed to htmx like the server-rendered ones.
  useEffect(() => {
    const htmx = (window as { htmx?: { process(element: Element): void } }).htmx;
    if (root.current && htmx) htmx.process(root.current);
  }, [props]);

  // The shop's header lies outside the island: it says what the server's last answer says.
  useEffect(() => showCartInHeader(props.headerSummary), [props.headerSummary]);

  const totals = pending ? cartTotals(props.lines, props.coupon, props.loyaltyPoints) : null;
  const shown = totals
    ? {
        subtotal: totals.subtotal,
        discount: totals.discount,
        loyalty: totals.loyaltyDiscount,
        loyaltyPoints: totals.loyaltyPointsUsed,
        totalExcludingVat: totals.totalExcludingVat,
        vat: totals.vat,
        total: totals.total,
      }
    : props.totals;
  const blocked = props.lines.some((line) => line.state !== 'AVAILABLE');
  // Removals and coupons go through htmx: the answer's cart replaces this one (decision 0030).
  const htmx = {
    'hx-post': props.action,
    'hx-target': `#${CART_FRAGMENT_ID}`,
    'hx-select': `#${CART_FRAGMENT_ID}`,
    'hx-swap': 'outerHTML',
  };

  async function changeQuantity(event: MouseEvent<HTMLButtonElement>, line: CartIslandLine, quantity: number) {
    event.preventDefault();
    if (pending || quantity < 1 || quantity > line.maxQuantity) return;
    const before = props;
    setProps({ ...props, message: null, lines: props.lines.map((other) => (other.id === line.id ? { ...other, quantity } : other)) });
    setPending(true);
    try {
      const body = new URLSearchParams({ intent: 'quantity', itemId: line.id, quantity: String(quantity) });
      if (props.csrfToken) body.set('_csrf', props.csrfToken);
      const response = await fetch(props.action, {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { 'HX-Request': 'true', 'HX-Target': CART_FRAGMENT_ID },
      });
      const next = islandPropsIn(await response.text());
      setProps(next ?? { ...before, message: { kind: 'error', text: labels.failed } });
    } catch {
      setProps({ ...before, message: { kind: 'error', text: labels.failed } });
    } finally {
      setPending(false);
    }
  }

  return (
    <div ref={root} className="cart-island" aria-busy={pending || undefined}>
      <div className="cart-status" role="status" aria-live="polite">
        {props.message ? <p className={props.message.kind === 'error' ? 'form-error' : 'form-success'}>{props.message.text}</p> : null}
      </div>
      <div className="cart-island__main">
        <ul className="cart-lines">
          {props.lines.map((line) => {
            const discounted = line.discountedPrice !== line.originalPrice;
            const inputId = `quantity-${line.id}`;
            return (
              <li key={line.id} className="cart-line" data-state={line.state} data-line={line.id}>
                <div className="cart-line__main">
                  <h2 className="cart-line__name">{line.name}</h2>
                  {line.timeslot ? <p className="cart-line__timeslot">{line.timeslot}</p> : null}
                  <p className="cart-line__price">
                    <span className="visually-hidden">{labels.unitPrice}: </span>
                    {discounted ? <del className="price price--original">{money(line.originalPrice)}</del> : null}{' '}
                    <span className="price">{money(line.discountedPrice)}</span>
                  </p>
                  {line.state !== 'AVAILABLE' ? (
                    <p className="cart-line__problem" role="alert">
                      {line.state === 'OUT_OF_STOCK' ? labels.outOfStock : labels.notOnSale}
                    </p>
                  ) : null}
                  {line.freeItems.length > 0 ? (
                    <ul className="cart-line__free">
                      {line.freeItems.map((free) => (
                        <li key={free.name}>
                          {free.quantity} × {free.name} <span className="badge">{labels.free}</span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
                <div className="cart-line__controls">
                  <form className="stepper" method="post" action={props.action}>
                    {props.csrfToken ? <input type="hidden" name="_csrf" value={props.csrfToken} /> : null}
                    <input type="hidden" name="intent" value="quantity" />
                    <input type="hidden" name="itemId" value={line.id} />
                    <button
                      className="stepper__button"
                      type="submit"
                      name="quantity"
                      value={line.quantity - 1}
                      disabled={line.quantity <= 1 || pending || line.state !== 'AVAILABLE'}
                      aria-label={named(labels.decrease, line.name)}
                      onClick={(event) => changeQuantity(event, line, line.quantity - 1)}
                    >
                      −
                    </button>
                    <output className="stepper__value" id={inputId} aria-label={labels.quantity}>
                      {line.quantity}
                    </output>
                    <button
                      className="stepper__button"
                      type="submit"
                      name="quantity"
                      value={line.quantity + 1}
                      disabled={line.quantity >= line.maxQuantity || pending || line.state !== 'AVAILABLE'}
                      aria-label={named(labels.increase, line.name)}
                      onClick={(event) => changeQuantity(event, line, line.quantity + 1)}
                    >
                      +
                    </button>
                  </form>
                  <p className="cart-line__total">{money(line.discountedPrice * line.quantity)}</p>
                  <form method="post" action={props.action} {...htmx}>
                    {props.csrfToken ? <input type="hidden" name="_csrf" value={props.csrfToken} /> : null}
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="itemId" value={line.id} />
                    <button className="button button--ghost button--small" type="submit" aria-label={named(labels.removeLabel, line.name)}>
                      {labels.remove}
                    </button>
                  </form>
                </div>
                {line.extras.length > 0 && line.state === 'AVAILABLE' ? (
                  <form className="cart-line__extras" method="post" action={props.action}>
                    {props.csrfToken ? <input type="hidden" name="_csrf" value={props.csrfToken} /> : null}
                    <input type="hidden" name="intent" value="extras" />
                    <input type="hidden" name="itemId" value={line.id} />
                    <fieldset>
                      <legend>{labels.extras}</legend>
                      {line.extras.map((extra) => (
                        <label key={extra.catalogueItemId} className="cart-extra">
                          <span>{named(labels.extraQuantity, extra.name, money(extra.price))}</span>
                          <input
                            className="field__input cart-extra__quantity"
                            type="number"
                            inputMode="numeric"
                            name={`extra-${extra.catalogueItemId}`}
                            min={0}
                            max={extra.maxQuantity}
                            defaultValue={extra.quantity}
                          />
                        </label>
                      ))}
                    </fieldset>
                    <button className="button button--ghost button--small" type="submit">
                      {labels.saveExtras}
                    </button>
                  </form>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
      <div className="cart-island__side">
        <section className="cart-summary" aria-labelledby="cart-summary-title">
          <h2 className="cart-summary__title" id="cart-summary-title">
            {labels.summary}
          </h2>
          {/* What the total is made of, each ticket and each extra on its own line. */}
          <ul className="cart-summary__items">
            {props.lines.flatMap((line) => [
              <li key={line.id} className="cart-summary__item">
                <span>{`${format.number(line.quantity)} × ${line.name}`}</span>
                <span className="cart-summary__amount">{money(line.discountedPrice * line.quantity)}</span>
              </li>,
              ...line.subItems
                .filter((sub) => sub.quantity > 0)
                .map((sub) => (
                  <li key={`${line.id}-${sub.catalogueItemId}`} className="cart-summary__item cart-summary__item--extra">
                    <span>{`${format.number(sub.quantity)} × ${sub.name}`}</span>
                    <span className="cart-summary__amount">{money(sub.discountedPrice * sub.quantity)}</span>
                  </li>
                )),
            ])}
          </ul>
          <dl className="cart-summary__rows">
            <div>
              <dt>{labels.subtotal}</dt>
              <dd data-total="subtotal">{money(shown.subtotal)}</dd>
            </div>
            {shown.discount > 0 ? (
              <div>
                <dt>{labels.discounts}</dt>
                <dd data-total="discount">−{money(shown.discount)}</dd>
              </div>
            ) : null}
            {shown.loyalty > 0 ? (
              <div>
                <dt>{labels.pointsLine.replace('__POINTS__', format.number(shown.loyaltyPoints))}</dt>
                <dd data-total="points">−{money(shown.loyalty)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{labels.excludingVat}</dt>
              <dd data-total="excluding">{money(shown.totalExcludingVat)}</dd>
            </div>
            <div>
              <dt>{labels.vat}</dt>
              <dd data-total="vat">{money(shown.vat)}</dd>
            </div>
            <div className="cart-summary__total">
              <dt>{labels.total}</dt>
              <dd data-total="total">{money(shown.total)}</dd>
            </div>
          </dl>
          {blocked ? <p className="cart-summary__blocked">{labels.blocked}</p> : null}
          {props.canCheckout && !blocked && !pending ? (
            <a className="button button--primary cart-summary__checkout" href={props.checkoutHref}>
              {labels.checkout}
            </a>
          ) : (
            <span className="button button--primary cart-summary__checkout" aria-disabled="true" role="link">
              {pending ? labels.pending : labels.checkout}
            </span>
          )}
        </section>
        <section className="cart-coupon" aria-labelledby="cart-coupon-title">
          <h2 className="cart-coupon__title" id="cart-coupon-title">
            {labels.coupon}
          </h2>
          {props.couponMessage ? (
            <p
              className={props.couponMessage.kind === 'error' ? 'form-error' : 'form-success'}
              role={props.couponMessage.kind === 'error' ? 'alert' : 'status'}
            >
              {props.couponMessage.text}
            </p>
          ) : null}
          {props.coupons.length > 0 ? (
            <ul className="cart-coupon__applied">
              {props.coupons.map((code) => (
                <li key={code}>
                  <form method="post" action={props.action} {...htmx}>
                    {props.csrfToken ? <input type="hidden" name="_csrf" value={props.csrfToken} /> : null}
                    <input type="hidden" name="intent" value="coupon-remove" />
                    <input type="hidden" name="code" value={code} />
                    <span className="badge">{code}</span>{' '}
                    <button
                      className="button button--ghost button--small"
                      type="submit"
                      aria-label={labels.removeCoupon.replace('__CODE__', code)}
                    >
                      {labels.remove}
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          ) : (
            <form className="cart-coupon__form" method="post" action={props.action} noValidate {...htmx}>
              {props.csrfToken ? <input type="hidden" name="_csrf" value={props.csrfToken} /> : null}
              <input type="hidden" name="intent" value="coupon-apply" />
              <label className="visually-hidden" htmlFor="coupon-code">
                {labels.coupon}
              </label>
              <input
                className="field__input"
                id="coupon-code"
                name="code"
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={40}
                defaultValue={props.couponValue}
              />
              <button className="button button--ghost" type="submit">
                {labels.applyCoupon}
              </button>
            </form>
          )}
        </section>
        {props.points ? (
          <PointsPanel panel={props.points} action={props.action} csrfToken={props.csrfToken} title={labels.pointsTitle} htmx={htmx} />
        ) : null}
        {props.instalments && shown.total > 0 ? (
          <p className="cart__instalments">{labels.instalments.replace('__AMOUNT__', money(instalmentOf(shown.total)))}</p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Decision 0039: points in steps of 50 and the PIN, asked every time points are used. Plain forms
 * that post to the cart page; with JavaScript, htmx swaps the cart like a coupon does.
 */
function PointsPanel({
  panel,
  action,
  csrfToken,
  title,
  htmx,
}: {
  panel: CartPointsPanel;
  action: string;
  csrfToken: string;
  title: string;
  htmx: Record<string, string>;
}) {
  return (
    <section className="cart-points loyalty-panel" aria-labelledby="cart-points-title">
      <h2 className="cart-points__title" id="cart-points-title">
        {title}
      </h2>
      {panel.state === 'invite' ? (
        <p>
          {panel.text}{' '}
          <a href={panel.href} className="cart-points__link">
            {panel.linkText}
          </a>
        </p>
      ) : null}
      {panel.state === 'unavailable' ? <p className="cart-points__note">{panel.text}</p> : null}
      {panel.state === 'linked' ? <PointsForm panel={panel} action={action} csrfToken={csrfToken} htmx={htmx} /> : null}
    </section>
  );
}

function PointsForm({
  panel,
  action,
  csrfToken,
  htmx,
}: {
  panel: Extract<CartPointsPanel, { state: 'linked' }>;
  action: string;
  csrfToken: string;
  htmx: Record<string, string>;
}) {
  const { labels, errors } = panel;
  const describedBy = (name: 'points' | 'memberPin', hint: string) =>
    [`cart-points-${name}-hint`, errors[name] ? `cart-points-${name}-error` : null].filter(Boolean).join(' ') || hint;
  return (
    <>
      {panel.message ? (
        <p
          className={panel.message.kind === 'error' ? 'form-error' : 'form-success'}
          role={panel.message.kind === 'error' ? 'alert' : 'status'}
        >
          {panel.message.text}
        </p>
      ) : null}
      {panel.balanceText ? <p className="cart-points__balance">{panel.balanceText}</p> : null}
      <p className="cart-points__note">{panel.rateText}</p>
      {panel.applied ? (
        <form className="cart-points__applied" method="post" action={action} {...htmx}>
          {csrfToken ? <input type="hidden" name="_csrf" value={csrfToken} /> : null}
          <input type="hidden" name="intent" value="points-remove" />
          <span>
            <strong>{panel.applied.text}</strong> <span className="cart-points__value">{panel.applied.valueText}</span>
          </span>
          <button className="button button--ghost button--small" type="submit">
            {labels.remove}
          </button>
        </form>
      ) : null}
      {panel.coversAll ? <p className="cart-points__note">{panel.coversAll}</p> : null}
      {panel.notEnough ? (
        <p className="cart-points__note">{panel.notEnough}</p>
      ) : (
        <form className="cart-points__form" method="post" action={action} noValidate {...htmx}>
          {csrfToken ? <input type="hidden" name="_csrf" value={csrfToken} /> : null}
          <input type="hidden" name="intent" value="points-apply" />
          <div className="field">
            <label className="field__label" htmlFor="cart-points-points">
              {labels.points}
            </label>
            <p className="field__hint" id="cart-points-points-hint">
              {labels.pointsHint}
            </p>
            <input
              className="field__input"
              id="cart-points-points"
              name="points"
              type="number"
              inputMode="numeric"
              min={50}
              step={50}
              max={panel.max}
              defaultValue={panel.value}
              aria-invalid={errors.points ? true : undefined}
              aria-describedby={describedBy('points', '')}
            />
            {errors.points ? (
              <p className="field__error" id="cart-points-points-error">
                {errors.points}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label className="field__label" htmlFor="cart-points-pin">
              {labels.pin}
            </label>
            <p className="field__hint" id="cart-points-memberPin-hint">
              {labels.pinHint}
            </p>
            <input
              className="field__input"
              id="cart-points-pin"
              name="memberPin"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              aria-invalid={errors.memberPin ? true : undefined}
              aria-describedby={describedBy('memberPin', '')}
            />
            {errors.memberPin ? (
              <p className="field__error" id="cart-points-memberPin-error">
                {errors.memberPin}
              </p>
            ) : null}
          </div>
          <button className="button button--ghost" type="submit">
            {labels.apply}
          </button>
        </form>
      )}
    </>
  );
}

/** The island's props in a cart page or fragment the server sent back, or null when there is none. */
function islandPropsIn(html: string): CartIslandProps | null {
  return propsOfIsland<CartIslandProps>(new DOMParser().parseFromString(html, 'text/html').querySelector(`[data-island="${CART_ISLAND}"]`));
}
