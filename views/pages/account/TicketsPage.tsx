import { Pagination } from '../../components/Pagination.tsx';
import { useSite } from '../../site-context.tsx';
import { VAT_RATE_PERCENT } from '../tickets/cart-totals.ts';
import { assignedCount, type OrderView } from '../tickets/commerce-data.ts';
import { AccountSectionHeader } from './AccountSectionHeader.tsx';

/** An order with the content event it belongs to (null when the event is no longer published). */
export interface AccountOrder {
  order: OrderView;
  event: { slug: string; title: string; startDatetime: string; endDatetime: string } | null;
}

export interface TicketsPageData {
  orders: AccountOrder[];
  page: number;
  pages: number;
  totalCount: number;
}

/** SPEC 2.4: the user's orders, newest first, with their tickets and who holds them. */
export function TicketsPage({ data }: { data: TicketsPageData }) {
  const { t, urls } = useSite();
  return (
    <section className="account-section stack">
      <AccountSectionHeader title={t('checkout:accountTickets.title')} lead={t('checkout:accountTickets.lead')} />
      {data.orders.length === 0 ? (
        <div className="account-panel stack">
          <p>{t('checkout:accountTickets.empty')}</p>
          <p>
            <a className="button button--primary" href={urls.route('events')}>
              {t('checkout:accountTickets.findEvents')}
            </a>
          </p>
        </div>
      ) : (
        <ul className="account-orders stack">
          {data.orders.map((entry) => (
            <li key={entry.order.id}>
              <OrderCard entry={entry} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        current={data.page}
        pages={data.pages}
        href={(page) => (page === 1 ? urls.route('accountTickets') : `${urls.route('accountTickets')}?page=${page}`)}
        name="account_tickets"
        labels={{
          navigation: t('checkout:accountTickets.pagination'),
          previous: t('checkout:accountTickets.previous'),
          next: t('checkout:accountTickets.next'),
          page: t('checkout:accountTickets.page'),
        }}
      />
    </section>
  );
}

function OrderCard({ entry }: { entry: AccountOrder }) {
  const { t, urls, format, locale } = useSite();
  const { order, event } = entry;
  const query = `?order=${encodeURIComponent(order.id)}`;
  const tickets = order.pdfTickets.length;
  return (
    <article className="account-panel account-order stack" aria-labelledby={`order-${order.id}`}>
      <header className="account-order__header">
        <h2 className="account-panel__title" id={`order-${order.id}`}>
          {event ? (
            <a href={urls.route('event', { slug: event.slug })}>{event.title}</a>
          ) : (
            t('checkout:accountTickets.order', { id: order.id })
          )}
        </h2>
        {event ? <p className="account-order__meta">{format.dateRange(event.startDatetime, event.endDatetime)}</p> : null}
        <p className="account-order__meta">
          {t('checkout:confirmation.orderId')}: <bdi dir="ltr">{order.id}</bdi>
          {order.completedAt ? ` · ${t('checkout:accountTickets.paidOn', { date: format.date(order.completedAt) })}` : null}
        </p>
      </header>
      <p className="account-order__total">
        {t('checkout:accountTickets.total')}: {format.money(order.totalPrice.amount, order.totalPrice.currency)}{' '}
        <span className="account-order__vat">
          ({t('checkout:summary.vat', { rate: format.percent(VAT_RATE_PERCENT) })}:{' '}
          {format.money(order.vatAmount.amount, order.vatAmount.currency)})
        </span>
      </p>
      {order.state === 'PAID' && !order.ticketsIssued ? (
        <p className="account-order__issuing" role="status">
          {t('checkout:accountTickets.issuing')}
        </p>
      ) : null}
      {event && tickets > 0 ? (
        <ul className="ticket-downloads">
          {order.pdfTickets.map((ticket, index) => (
            <li key={ticket.id}>
              <a
                className="ticket-downloads__link"
                href={`${urls.route('ticketsConfirmation', { eventSlug: event.slug })}${query}&ticket=${encodeURIComponent(ticket.id)}`}
                download
              >
                {t('checkout:confirmation.download', { number: index + 1, name: ticket.name[locale] })}
              </a>
              {ticket.holder ? (
                <span className="ticket-downloads__holder">
                  {' · '}
                  {ticket.holder.firstName} {ticket.holder.lastName}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {tickets > 0 ? (
        <p className="account-order__assignment">
          {t('checkout:accountTickets.assigned', { count: assignedCount(order), total: tickets })}
          {event ? (
            <>
              {' · '}
              <a href={`${urls.route('ticketsAssign', { eventSlug: event.slug })}${query}`}>{t('checkout:accountTickets.assign')}</a>
            </>
          ) : null}
        </p>
      ) : null}
    </article>
  );
}
