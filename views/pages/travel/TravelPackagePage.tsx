import type { Asset, ContentPageFields, EventCardContent } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { PageBlocks } from '../../blocks/PageBlocks.tsx';
import type { PageBlockContent } from '../../blocks/types.ts';
import { EventCard } from '../../components/EventCard.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { RichText } from '../../components/RichText.tsx';
import { NotOnSale } from './TravelPackageCard.tsx';
import { PartnerLink } from './PartnerLink.tsx';
import type { TravelPartnerContent } from './TravelPackagesPage.tsx';

export interface TravelPackagePageData {
  travelPackage: ContentPageFields & {
    blocks: PageBlockContent[];
    description?: string | null;
    /** Exact decimal string in SAR. */
    priceFrom: string;
    nights: number;
    inclusions: string[];
    image?: Asset | null;
    event?: EventCardContent | null;
    partner?: TravelPartnerContent | null;
  };
  onSale: boolean;
}

/** SPEC 2.1 /travel-packages/{slug}: the package, its price and the partner to book it with. */
export function TravelPackagePage({ data }: { data: TravelPackagePageData }) {
  const { t } = useSite();
  const { travelPackage } = data;
  const { event, partner } = travelPackage;
  const header = travelPackage.header ?? { title: travelPackage.title, cover: travelPackage.image ?? null };
  return (
    <article className="travel-package" style={event ? ({ '--accent': event.config.colourAccent } as object) : undefined}>
      {/* The booking box carries the call to action, tracked; the hero does not repeat it. */}
      <PageHero header={{ ...header, callToAction: null }} {...(event ? { accent: event.config.colourAccent } : {})} />
      {/* Phones read the booking box first, then the package, then its event; desktops keep both boxes beside the text. */}
      <div className="section travel-package__layout">
        <div className="travel-package__booking">
          <BookingBox data={data} />
        </div>
        <div className="travel-package__main">
          {travelPackage.description ? <p className="lead">{travelPackage.description}</p> : null}
          {travelPackage.inclusions.length ? (
            <section className="inclusions" aria-labelledby="inclusions-title">
              <h2 id="inclusions-title" className="inclusions__title">
                {t('events:travel.included')}
              </h2>
              <ul className="inclusions__list">
                {travelPackage.inclusions.map((inclusion) => (
                  <li key={inclusion}>{inclusion}</li>
                ))}
              </ul>
            </section>
          ) : null}
          <RichText document={travelPackage.body} />
          {partner ? <PartnerNote partner={partner} /> : null}
        </div>
        {event ? (
          <div className="travel-package__event">
            <h2 className="label">{t('events:travel.theEvent')}</h2>
            <EventCard event={event} />
          </div>
        ) : null}
      </div>
      <PageBlocks blocks={travelPackage.blocks} />
    </article>
  );
}

function BookingBox({ data }: { data: TravelPackagePageData }) {
  const { t, format } = useSite();
  const { travelPackage, onSale } = data;
  const { partner } = travelPackage;
  const booking = travelPackage.header?.callToAction;
  const bookingUrl = booking?.url ?? partner?.url;
  return (
    <div className="booking-box">
      <p className="booking-box__label">{t('events:travel.priceFromLabel')}</p>
      <p className="booking-box__price">{format.money(travelPackage.priceFrom)}</p>
      <p className="booking-box__nights">{t('events:travel.nights', { count: travelPackage.nights })}</p>
      {!onSale ? (
        <NotOnSale />
      ) : bookingUrl ? (
        <PartnerLink className="button button--primary booking-box__cta" href={bookingUrl} label={partner?.name ?? travelPackage.title}>
          {booking?.title ?? t('events:travel.bookWith', { partner: partner?.name })}
          <Icon name="external" />
        </PartnerLink>
      ) : null}
      {partner ? <p className="booking-box__partner">{t('events:travel.soldBy', { partner: partner.name })}</p> : null}
    </div>
  );
}

function PartnerNote({ partner }: { partner: TravelPartnerContent }) {
  const { t, urls } = useSite();
  return (
    <section className="partner-note" aria-labelledby="partner-note-title">
      <h2 id="partner-note-title" className="partner-note__title">
        {t('events:travel.aboutPartner', { partner: partner.name })}
      </h2>
      {partner.description ? <p>{partner.description}</p> : null}
      <a className="link" href={urls.route('travelPartner', { slug: partner.slug })}>
        {t('events:travel.partnerPackagesOf', { partner: partner.name })}
      </a>
    </section>
  );
}
