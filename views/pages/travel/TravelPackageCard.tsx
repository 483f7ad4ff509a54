import type { Asset } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';

/** A travel package as `TravelPackageCardFields` (server/pages/travel/travel-fields.ts) brings it. */
export interface TravelPackageCardContent {
  slug: string;
  title: string;
  description?: string | null;
  /** Exact decimal string in SAR. */
  priceFrom: string;
  nights: number;
  image?: Asset | null;
  event?: {
    title: string;
    slug: string;
    config: { startDatetime: string; endDatetime: string; city: string; colourAccent: string };
  } | null;
  partner?: { slug: string; name: string } | null;
}

/** The packages in a grid, each card a link to its page. */
export function TravelPackageGrid({ packages, headingLevel = 3 }: { packages: TravelPackageCardContent[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="travel-grid">
      {packages.map((travelPackage) => (
        <li key={travelPackage.slug}>
          <TravelPackageCard travelPackage={travelPackage} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

function TravelPackageCard({ travelPackage, headingLevel }: { travelPackage: TravelPackageCardContent; headingLevel: 2 | 3 }) {
  const { t, format, urls } = useSite();
  const Heading = `h${headingLevel}` as 'h3';
  const { event } = travelPackage;
  return (
    <article className="travel-card" style={event ? ({ '--accent': event.config.colourAccent } as object) : undefined}>
      <a className="travel-card__link" href={urls.route('travelPackage', { slug: travelPackage.slug })}>
        {travelPackage.image ? (
          <div className="travel-card__media">
            <ResponsiveImage
              className="travel-card__image"
              asset={travelPackage.image}
              alt=""
              sizes="(min-width: 75em) 28rem, (min-width: 40em) 45vw, 92vw"
            />
          </div>
        ) : null}
        <div className="travel-card__body">
          {event ? (
            <p className="travel-card__event">
              {event.title}
              <span aria-hidden="true"> · </span>
              <time dateTime={event.config.startDatetime}>{format.dateRange(event.config.startDatetime, event.config.endDatetime)}</time>
            </p>
          ) : null}
          <Heading className="travel-card__title">{travelPackage.title}</Heading>
          {travelPackage.description ? <p className="travel-card__description">{travelPackage.description}</p> : null}
          <p className="travel-card__facts">
            <span className="travel-card__nights">{t('events:travel.nights', { count: travelPackage.nights })}</span>
            <span className="travel-card__price">{t('events:travel.priceFrom', { price: format.money(travelPackage.priceFrom) })}</span>
          </p>
          {travelPackage.partner ? (
            <p className="travel-card__partner">{t('events:travel.soldBy', { partner: travelPackage.partner.name })}</p>
          ) : null}
        </div>
      </a>
    </article>
  );
}

/** SPEC 3.2 travel packages config `enabled: false`: said plainly, with somewhere to go next. */
export function NotOnSale() {
  const { t, urls } = useSite();
  return (
    <div className="empty-state travel-off-sale">
      <p className="travel-off-sale__title">{t('events:travel.offSale.title')}</p>
      <p>{t('events:travel.offSale.text')}</p>
      <a className="button button--ghost" href={urls.route('eventsCalendar')}>
        <Icon name="calendar" />
        {t('events:travel.offSale.calendar')}
      </a>
    </div>
  );
}
