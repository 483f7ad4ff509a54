import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { TravelPackagesPage, type TravelPackagesPageData } from '#views/pages/travel/TravelPackagesPage.tsx';
import { notFound, type PageModule } from '../../page.ts';
import { PAGE_BLOCK_FIELDS } from '../blocks/page-block-fields.ts';
import { CONTENT_PAGE_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';
import { TRAVEL_PACKAGE_CARD_FIELDS, TRAVEL_PARTNER_FIELDS } from './travel-fields.ts';

type TravelQuery = {
  travelOverviewPage: TravelPackagesPageData['page'] | null;
  travelPackagesConfig: { enabled: boolean; partners: TravelPackagesPageData['partners'] } | null;
  travelPackages: TravelPackagesPageData['packages'];
};

const TRAVEL_QUERY: TypedDocumentNode<TravelQuery, { locale: Locale }> = gql`
  query TravelPackages($locale: Locale!) {
    travelOverviewPage(locale: $locale) {
      ...ContentPageFields
      blocks {
        ...PageBlockFields
      }
    }
    travelPackagesConfig(locale: $locale) {
      enabled
      partners {
        ...TravelPartnerFields
      }
    }
    travelPackages(locale: $locale) {
      ...TravelPackageCardFields
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${PAGE_BLOCK_FIELDS}
  ${TRAVEL_PACKAGE_CARD_FIELDS}
  ${TRAVEL_PARTNER_FIELDS}
`;

/**
 * SPEC 2.1 /travel-packages: the packages, cheapest first, and the partners behind them. When the
 * travel packages config says they are off sale, the page says so instead of listing them.
 */
const travelPackagesPage: PageModule<TravelPackagesPageData> = {
  async load({ services, locale }) {
    const {
      travelOverviewPage: page,
      travelPackagesConfig: config,
      travelPackages,
    } = await services.content.query(TRAVEL_QUERY, { locale });
    if (!page) return notFound();
    const onSale = config?.enabled ?? false;
    return contentPage({ page, onSale, packages: onSale ? travelPackages : [], partners: config?.partners ?? [] }, page);
  },
  View: TravelPackagesPage,
};

export default travelPackagesPage;
