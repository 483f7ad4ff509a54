import { useSite } from '../../site-context.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { NotOnSale, TravelPackageGrid, type TravelPackageCardContent } from './TravelPackageCard.tsx';
import { PartnerLink } from './PartnerLink.tsx';
import type { TravelPartnerContent } from './TravelPackagesPage.tsx';

export interface TravelPartnerPageData {
  partner: TravelPartnerContent;
  onSale: boolean;
  /** Cheapest first; none while packages are off sale. */
  packages: TravelPackageCardContent[];
}

/** SPEC 2.1 /travel-packages/partners/{slug}. */
export function TravelPartnerPage({ data }: { data: TravelPartnerPageData }) {
  const { t, urls } = useSite();
  const { partner } = data;
  return (
    <div className="travel-partner-page">
      <div className="section travel-partner">
        <a className="travel-partner__back link" href={urls.route('travelPackages')}>
          <Icon name="arrow" />
          {t('events:travel.allPackages')}
        </a>
        <div className="travel-partner__intro">
          {partner.logo ? (
            <div className="travel-partner__logo">
              <ResponsiveImage asset={partner.logo} sizes="12rem" priority />
            </div>
          ) : null}
          <div className="travel-partner__text">
            <p className="eyebrow">{t('events:travel.partner')}</p>
            <h1 className="travel-partner__name">{partner.name}</h1>
            {partner.description ? <p className="lead">{partner.description}</p> : null}
            {partner.url ? (
              <PartnerLink className="button button--ghost" href={partner.url} label={partner.name}>
                <Icon name="website" />
                {t('events:travel.website', { partner: partner.name })}
              </PartnerLink>
            ) : null}
          </div>
        </div>
      </div>
      <section className="section travel-partner__packages" aria-labelledby="partner-packages-title">
        <h2 id="partner-packages-title" className="section__title">
          {t('events:travel.partnerPackagesOf', { partner: partner.name })}
        </h2>
        {!data.onSale ? (
          <NotOnSale />
        ) : data.packages.length ? (
          <TravelPackageGrid packages={data.packages} />
        ) : (
          <p className="empty-state">{t('events:travel.partnerNone', { partner: partner.name })}</p>
        )}
      </section>
    </div>
  );
}
