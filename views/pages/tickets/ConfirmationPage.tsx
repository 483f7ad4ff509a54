import { FormToken } from '../../components/FormToken.tsx';
import { FieldError, FormMessage, TextField, useFieldError } from '../../components/FormField.tsx';
import { useFormState, useSite } from '../../site-context.tsx';
import type { OrderView } from './commerce-data.ts';
import { usePoints } from '../../components/loyalty-points.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { TicketShopFrame, type ShopFrameEvent } from './TicketShopFrame.tsx';

export const WHATSAPP_FORM = 'whatsapp-optin';

export interface ConfirmationPageData {
  event: ShopFrameEvent;
  order: OrderView;
  /** The guest's secret, carried on to the download, assignment and WhatsApp links (SPEC 2.4). */
  secret: string | null;
  /** SPEC 8: a message from the wallet hand-back or a failed ticket download. */
  notice: 'insufficientFunds' | 'walletTokenInvalid' | 'downloadFailed' | null;
  /** The phone the order was placed with, offered for WhatsApp. */
  phoneNumber: string | null;
}

/** The query that names this order on our own links: the id, and the guest's secret when there is one. */
export function orderQuery(order: { id: string }, secret: string | null): string {
  const query = new URLSearchParams({ order: order.id });
  if (secret) query.set('secret', secret);
  return `?${query.toString()}`;
}

/**
 * SPEC 2.4: the order after payment: processing, paid with its tickets, or what went wrong. An order
 * that was not completed leaves the buyer on the checkout step, where trying again starts.
 */
export function ConfirmationPage({ data }: { data: ConfirmationPageData }) {
  const { t } = useSite();
  const { event, order, notice } = data;
  const completed = order.state === 'PAID' || order.state === 'PENDING_PAYMENT';
  return (
    <TicketShopFrame event={event} step={completed ? 'confirmation' : 'checkout'}>
      <div className="confirmation stack">
        {notice ? (
          <p className="form-error" role="alert">
            {t(`checkout:confirmation.${notice}`)}
          </p>
        ) : null}
        {order.state === 'PAID' ? (
          <Paid data={data} />
        ) : order.state === 'PENDING_PAYMENT' ? (
          <Processing data={data} />
        ) : (
          <NotCompleted data={data} />
        )}
      </div>
    </TicketShopFrame>
  );
}

function OrderNumber({ order, inline = false }: { order: OrderView; inline?: boolean }) {
  const { t } = useSite();
  const Element = inline ? 'span' : 'p';
  return (
    <Element className="confirmation__order-id">
      {t('checkout:confirmation.orderId')}: <bdi dir="ltr">{order.id}</bdi>
    </Element>
  );
}

function Processing({ data }: { data: ConfirmationPageData }) {
  const { t } = useSite();
  return (
    <section className="confirmation__state" aria-live="polite">
      <h1 className="checkout__title">{t('checkout:confirmation.processingHeading')}</h1>
      <OrderNumber order={data.order} />
      <p>{t('checkout:confirmation.processingText')}</p>
      {data.order.paymentLink ? (
        <p>
          <a className="button button--ghost" href={data.order.paymentLink}>
            {t('checkout:confirmation.backToPayment')}
          </a>
        </p>
      ) : null}
    </section>
  );
}

/**
 * A declined payment, a hold that ran out, a cancelled order. A decline gives the provider's reason
 * (decision 0048); trying again places a new order, and the page says so before the buyer does.
 */
function NotCompleted({ data }: { data: ConfirmationPageData }) {
  const { t, urls } = useSite();
  const { order } = data;
  const declined = order.state === 'PAYMENT_FAILED';
  return (
    <section className="confirmation__state">
      <h1 className="checkout__title">{t(declined ? 'checkout:confirmation.declinedHeading' : 'checkout:confirmation.failedHeading')}</h1>
      {declined ? (
        <p className="form-error confirmation__reason" role="alert">
          {t(`checkout:confirmation.paymentFailure.${order.paymentFailure ?? 'UNKNOWN'}`)}
        </p>
      ) : null}
      <p>{t(`checkout:confirmation.${order.state}`)}</p>
      <OrderPoints order={order} />
      <p className="confirmation__retry-note">
        {t('checkout:confirmation.retryNewOrder')} <OrderNumber order={order} inline />
      </p>
      <p>
        <a className="button button--primary" href={urls.route('ticketsCheckout', { eventSlug: data.event.slug })}>
          {t('checkout:confirmation.tryAgain')}
        </a>
      </p>
    </section>
  );
}

/**
 * Paid: the tickets to download, or, in the moments between the payment and their issuing (a
 * queued job, decision 0032), a word that they are on their way while the page refreshes itself.
 */
function Paid({ data }: { data: ConfirmationPageData }) {
  const { t } = useSite();
  const { order } = data;
  if (!order.ticketsIssued) {
    return (
      <>
        <section className="confirmation__state" aria-live="polite">
          <h1 className="checkout__title">{t('checkout:confirmation.issuingHeading')}</h1>
          <OrderNumber order={order} />
          <p>
            <strong>{t('checkout:confirmation.issuing')}</strong>
          </p>
          <p>{t('checkout:confirmation.issuingText', { email: order.customer.email })}</p>
        </section>
        <OrderPoints order={order} />
        <OrderSummary lines={order.items} totals={order} points={pointsOf(order)} />
      </>
    );
  }
  return <PaidWithTickets data={data} />;
}

function PaidWithTickets({ data }: { data: ConfirmationPageData }) {
  const { t, urls, locale } = useSite();
  const { order, event, secret } = data;
  const query = orderQuery(order, secret);
  const params = { eventSlug: event.slug };
  return (
    <>
      <section className="confirmation__state">
        <h1 className="checkout__title">{t('checkout:confirmation.paidHeading')}</h1>
        <OrderNumber order={order} />
        <p>{t('checkout:confirmation.paidText', { email: order.customer.email })}</p>
      </section>
      <section className="confirmation__tickets stack" aria-labelledby="confirmation-tickets">
        <h2 id="confirmation-tickets">{t('checkout:confirmation.tickets')}</h2>
        <ul className="ticket-downloads">
          {order.pdfTickets.map((ticket, index) => (
            <li key={ticket.id}>
              <a
                className="ticket-downloads__link"
                href={`${urls.route('ticketsConfirmation', params)}${query}&ticket=${encodeURIComponent(ticket.id)}`}
                download
              >
                {t('checkout:confirmation.download', { number: index + 1, name: ticket.name[locale] })}
              </a>
            </li>
          ))}
        </ul>
        <p>
          <a className="button button--ghost" href={`${urls.route('ticketsAssign', params)}${query}`}>
            {t('checkout:confirmation.assign')}
          </a>
        </p>
      </section>
      <OrderPoints order={order} />
      <OrderSummary lines={order.items} totals={order} points={pointsOf(order)} />
      <WhatsappForm data={data} />
    </>
  );
}

/** Decision 0039: the points an order spent (given back when it ended unpaid) and what it earns. */
function OrderPoints({ order }: { order: ConfirmationPageData['order'] }) {
  const { t, format } = useSite();
  const points = usePoints();
  const lines: string[] = [];
  if (order.loyaltyPoints > 0 && order.loyaltyDiscountValue) {
    lines.push(
      order.loyaltyBurnState === 'REVERSED'
        ? t('loyalty:confirmation.returned', { points: points(order.loyaltyPoints) })
        : t('loyalty:confirmation.spent', {
            points: points(order.loyaltyPoints),
            amount: format.money(order.loyaltyDiscountValue.amount, order.loyaltyDiscountValue.currency),
          }),
    );
  }
  if (order.loyaltyEarning && order.loyaltyEarning.pointsState !== 'REFUSED') {
    lines.push(
      order.loyaltyEarning.pointsState === 'POSTED'
        ? t('loyalty:confirmation.earnedPosted', { points: points(order.loyaltyEarning.points) })
        : t('loyalty:confirmation.earned', { points: points(order.loyaltyEarning.points) }),
    );
  }
  if (lines.length === 0) return null;
  return (
    <section className="confirmation__points loyalty-panel" aria-labelledby="confirmation-points">
      <h2 id="confirmation-points">{t('loyalty:account.title')}</h2>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}

const pointsOf = (order: ConfirmationPageData['order']) =>
  order.loyaltyPoints > 0 && order.loyaltyDiscountValue ? { points: order.loyaltyPoints, value: order.loyaltyDiscountValue } : null;

/** SPEC 7.2, 8: the tickets on WhatsApp (whatsappOptin). */
function WhatsappForm({ data }: { data: ConfirmationPageData }) {
  const { t, urls, locale } = useSite();
  const state = useFormState(WHATSAPP_FORM);
  const consentError = useFieldError(WHATSAPP_FORM, 'whatsappConsent');
  return (
    <form className="account-panel stack" method="post" action={urls.current(locale)} noValidate>
      <h2 className="account-panel__title">{t('checkout:confirmation.whatsappHeading')}</h2>
      <FormToken />
      <input type="hidden" name="intent" value={WHATSAPP_FORM} />
      <FormMessage form={WHATSAPP_FORM} />
      {state?.status === 'succeeded' ? null : (
        <>
          <TextField
            form={WHATSAPP_FORM}
            name="phoneNumber"
            type="tel"
            inputMode="tel"
            dir="ltr"
            label={t('checkout:confirmation.whatsappPhone')}
            hint={t('checkout:details.phoneHint')}
            value={data.phoneNumber}
            autoComplete="tel"
            required
          />
          <label className="check-option">
            <input
              type="checkbox"
              name="whatsappConsent"
              required
              defaultChecked={state?.values.whatsappConsent === 'on'}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? `${WHATSAPP_FORM}-whatsappConsent-error` : undefined}
            />
            <span>{t('checkout:confirmation.whatsappConsent')}</span>
          </label>
          <FieldError form={WHATSAPP_FORM} name="whatsappConsent" />
          <div className="account-form__actions">
            <button type="submit" className="button button--primary">
              {t('checkout:confirmation.whatsappSubmit')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
