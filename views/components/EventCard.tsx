import type { EventCardContent, EventSale } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';

/** An event in a list: cover, dates in Riyadh time, city, in the event's accent colour. */
export function EventCard({ event, headingLevel = 3 }: { event: EventCardContent; headingLevel?: 2 | 3 }) {
  const { urls, format, t } = useSite();
  const Heading = `h${headingLevel}` as 'h3';
  const { config } = event;
  return (
    <article className="event-card" style={{ '--accent': config.colourAccent } as object}>
      <a className="event-card__link" href={urls.route('event', { slug: event.slug })}>
        {config.cover ? (
          <div className="event-card__media">
            <ResponsiveImage
              className="event-card__cover"
              asset={config.cover}
              alt=""
              sizes="(min-width: 75em) 22rem, (min-width: 40em) 45vw, 92vw"
            />
            {event.sale && SALE_BADGES.has(event.sale.status) ? (
              <span className={`event-card__badge event-card__badge--${event.sale.status.toLowerCase().replaceAll('_', '-')}`}>
                {t(`eventCard.sale.${event.sale.status}`)}
              </span>
            ) : null}
          </div>
        ) : null}
        <div className="event-card__body">
          <p className="event-card__type">{t(`eventType.${config.eventType}`, { defaultValue: config.eventType })}</p>
          <Heading className="event-card__title">{event.title}</Heading>
          <p className="event-card__meta">
            <time dateTime={config.startDatetime}>{format.dateRange(config.startDatetime, config.endDatetime)}</time>
            <span aria-hidden="true"> · </span>
            {config.city}
          </p>
          {event.sale ? <SaleLine sale={event.sale} /> : null}
        </div>
      </a>
    </article>
  );
}

/** The states a card calls out on its cover; "on sale" goes without saying, an ended sale is not news. */
const SALE_BADGES = new Set<EventSale['status']>(['SELLING_FAST', 'SOLD_OUT', 'ON_SALE_SOON']);

/**
 * The price to expect (decision 0053): "From SAR 249.00", or where the sale stands when nothing is
 * on sale ("Sold out"); the cover's badge says "Selling fast", "Sold out" or "On sale soon".
 */
function SaleLine({ sale }: { sale: EventSale }) {
  const { t, format } = useSite();
  if (sale.fromPrice) {
    return (
      <p className="event-card__sale">{t('eventCard.from', { price: format.money(sale.fromPrice.amount, sale.fromPrice.currency) })}</p>
    );
  }
  return SALE_BADGES.has(sale.status) ? <p className="event-card__sale">{t(`eventCard.sale.${sale.status}`)}</p> : null;
}

export function EventGrid({ events, headingLevel }: { events: EventCardContent[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="event-grid">
      {events.map((event) => (
        <li key={event.slug}>
          <EventCard event={event} {...(headingLevel ? { headingLevel } : {})} />
        </li>
      ))}
    </ul>
  );
}
