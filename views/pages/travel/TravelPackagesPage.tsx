import type { Asset, ContentPageFields } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { PageBlocks } from '../../blocks/PageBlocks.tsx';
import type { PageBlockContent } from '../../blocks/types.ts';
import { Icon } from '../../components/Icon.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { RichText } from '../../components/RichText.tsx';
import { NotOnSale, TravelPackageGrid, type TravelPackageCardContent } from './TravelPackageCard.tsx';

export interface TravelPartnerContent {
  slug: string;
  name: string;
  description?: string | null;
  url?: string | null;
  logo?: Asset | null;
}

export interface TravelPackagesPageData {
  page: ContentPageFields & { blocks: PageBlockContent[] };
  /** The travel packages config's `enabled`. */
  onSale: boolean;
  /** Cheapest first; none while off sale. */
  packages: TravelPackageCardContent[];
  partners: TravelPartnerContent[];
}

/** SPEC 2.1 /travel-packages. */
export function TravelPackagesPage({ data }: { data: TravelPackagesPageData }) {
  const { t } = useSite();
  const { page } = data;
  return (
    <div className="travel-page">
      <PageHero header={page.header ?? { title: page.title }} />
      <div className="section travel">
        <RichText className="travel__intro" document={page.body} />
        <section className="travel__packages" aria-labelledby="travel-packages-title">
          <h2 id="travel-packages-title" className="section__title">
            {t('events:travel.packages')}
          </h2>
          {!data.onSale ? (
            <NotOnSale />
          ) : data.packages.length ? (
            <TravelPackageGrid packages={data.packages} />
          ) : (
            <p className="empty-state">{t('events:travel.none')}</p>
          )}
        </section>
      </div>
      {data.partners.length ? <TravelPartners partners={data.partners} /> : null}
      <PageBlocks blocks={page.blocks} />
    </div>
  );
}

function TravelPartners({ partners }: { partners: TravelPartnerContent[] }) {
  const { t, urls } = useSite();
  return (
    <section className="section section--muted travel-partners" aria-labelledby="travel-partners-title">
      <h2 id="travel-partners-title" className="section__title">
        {t('events:travel.partners')}
      </h2>
      <ul className="travel-partners__list">
        {partners.map((partner) => (
          <li key={partner.slug} className="travel-partner-tile">
            <a className="travel-partner-tile__link" href={urls.route('travelPartner', { slug: partner.slug })}>
              {partner.logo ? (
                <span className="travel-partner-tile__logo">
                  <ResponsiveImage asset={partner.logo} alt="" sizes="10rem" />
                </span>
              ) : null}
              <span className="travel-partner-tile__name">{partner.name}</span>
              {partner.description ? <span className="travel-partner-tile__description">{partner.description}</span> : null}
              <span className="travel-partner-tile__more">
                {t('events:travel.partnerPackages')}
                <Icon name="arrow" />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
