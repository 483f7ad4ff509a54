import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { TravelPartnerPage, type TravelPartnerPageData } from '#views/pages/travel/TravelPartnerPage.tsx';
import { notFound, page, type PageModule } from '../../page.ts';
import { headFromSeo } from '../content-fragments.ts';
import { TRAVEL_PACKAGE_CARD_FIELDS, TRAVEL_PARTNER_FIELDS } from './travel-fields.ts';

type TravelPartnerQuery = {
  travelPartner:
    | (TravelPartnerPageData['partner'] & {
        seo: { title?: string | null; description?: string | null; noIndex: boolean };
        packages: TravelPartnerPageData['packages'];
      })
    | null;
  travelPackagesConfig: { enabled: boolean } | null;
};

const TRAVEL_PARTNER_QUERY: TypedDocumentNode<TravelPartnerQuery, { locale: Locale; slug: string }> = gql`
  query TravelPartner($locale: Locale!, $slug: String!) {
    travelPartner(locale: $locale, slug: $slug) {
      ...TravelPartnerFields
      seo {
        title
        description
        noIndex
      }
      packages {
        ...TravelPackageCardFields
      }
    }
    travelPackagesConfig(locale: $locale) {
      enabled
    }
  }
  ${TRAVEL_PARTNER_FIELDS}
  ${TRAVEL_PACKAGE_CARD_FIELDS}
`;

/**
 * SPEC 2.1 /travel-packages/partners/{slug}: who the partner is, their website, and their packages.
 * A partner record is not a page record: its page type and module names are the travel section's.
 */
const travelPartnerPage: PageModule<TravelPartnerPageData> = {
  async load({ services, locale, params }) {
    const { travelPartner, travelPackagesConfig } = await services.content.query(TRAVEL_PARTNER_QUERY, { locale, slug: params.slug! });
    if (!travelPartner) return notFound();
    const { seo, packages, ...partner } = travelPartner;
    const onSale = travelPackagesConfig?.enabled ?? false;
    return page(
      { partner, onSale, packages: onSale ? packages : [] },
      headFromSeo(seo, { title: partner.name, description: partner.description, image: partner.logo?.url }),
      { page_type: 'travelPartner', module_name: 'travel', submodule_name: 'partner', category: partner.slug, category_name: partner.name },
    );
  },
  View: TravelPartnerPage,
};

export default travelPartnerPage;
