import { useSite } from '../../site-context.tsx';
import { toHalalas, fromHalalas, VAT_RATE_PERCENT } from './cart-totals.ts';
import type { PointsSpent, SummaryLine, Totals } from './commerce-data.ts';

/**
 * The lines and totals of a cart or an order (SPEC 3.4): subtotal, discounts, the total without
 * VAT, the VAT and the total paid. Amounts are the API's exact decimals, only formatted here.
 */
export function OrderSummary({
  lines,
  totals,
  points = null,
  headingLevel = 2,
}: {
  lines: SummaryLine[];
  totals: Totals;
  /** Loyalty points spent (decision 0039): their own line, out of the discounts. */
  points?: PointsSpent | null;
  headingLevel?: 2 | 3;
}) {
  const { t, format, locale } = useSite();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const pointsValue = points ? toHalalas(points.value.amount) : 0;
  const discount = fromHalalas(toHalalas(totals.cartDiscountPrice.amount) - pointsValue);
  const hasDiscount = Number(discount) > 0;
  return (
    <section className="order-summary" aria-labelledby="order-summary-heading">
      <Heading className="order-summary__heading" id="order-summary-heading">
        {t('checkout:summary.heading')}
      </Heading>
      {/* What the total is made of: each ticket line, then each of its extras on a line of its own. */}
      <ul className="order-summary__lines">
        {lines.flatMap((line) => [
          <li key={line.id} className="order-summary__line">
            <span>
              {t('checkout:summary.quantity', { count: line.quantity })} {line.name[locale]}
            </span>
            <span className="order-summary__amount">{format.money(line.total.amount, line.total.currency)}</span>
          </li>,
          ...line.subItems
            .filter((sub) => sub.quantity > 0)
            .map((sub) => (
              <li key={sub.id} className="order-summary__line order-summary__line--extra">
                <span>
                  {t('checkout:summary.quantity', { count: sub.quantity })} {sub.name[locale]}
                </span>
                <span className="order-summary__amount">{format.money(sub.total.amount, sub.total.currency)}</span>
              </li>
            )),
        ])}
      </ul>
      <dl className="order-summary__totals">
        <dt>{t('checkout:summary.subtotal')}</dt>
        <dd>{format.money(totals.subtotalPrice.amount, totals.subtotalPrice.currency)}</dd>
        {hasDiscount ? (
          <>
            <dt>{t('checkout:summary.discounts')}</dt>
            <dd>−{format.money(discount, totals.cartDiscountPrice.currency)}</dd>
          </>
        ) : null}
        {points && pointsValue > 0 ? (
          <>
            <dt>{t('loyalty:checkout.pointsLine', { points: format.number(points.points) })}</dt>
            <dd>−{format.money(points.value.amount, points.value.currency)}</dd>
          </>
        ) : null}
        <dt>{t('checkout:summary.excludingVat')}</dt>
        <dd>{format.money(totals.totalPriceExcluding.amount, totals.totalPriceExcluding.currency)}</dd>
        <dt>{t('checkout:summary.vat', { rate: format.percent(VAT_RATE_PERCENT) })}</dt>
        <dd>{format.money(totals.vatAmount.amount, totals.vatAmount.currency)}</dd>
        <dt className="order-summary__total">{t('checkout:summary.total')}</dt>
        <dd className="order-summary__total">{format.money(totals.totalPrice.amount, totals.totalPrice.currency)}</dd>
      </dl>
    </section>
  );
}
