import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { TravelPackagePage, type TravelPackagePageData } from '#views/pages/travel/TravelPackagePage.tsx';
import { notFound, type PageModule } from '../../page.ts';
import { PAGE_BLOCK_FIELDS } from '../blocks/page-block-fields.ts';
import { ASSET_FIELDS, CONTENT_PAGE_FIELDS, EVENT_CARD_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';
import { TRAVEL_PARTNER_FIELDS } from './travel-fields.ts';

type TravelPackageQuery = {
  travelPackage: TravelPackagePageData['travelPackage'] | null;
  travelPackagesConfig: { enabled: boolean } | null;
};

const TRAVEL_PACKAGE_QUERY: TypedDocumentNode<TravelPackageQuery, { locale: Locale; slug: string }> = gql`
  query TravelPackage($locale: Locale!, $slug: String!) {
    travelPackage(locale: $locale, slug: $slug) {
      ...ContentPageFields
      blocks {
        ...PageBlockFields
      }
      description
      priceFrom
      nights
      inclusions
      image {
        ...AssetFields
      }
      event {
        ...EventCardFields
      }
      partner {
        ...TravelPartnerFields
      }
    }
    travelPackagesConfig(locale: $locale) {
      enabled
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${ASSET_FIELDS}
  ${EVENT_CARD_FIELDS}
  ${PAGE_BLOCK_FIELDS}
  ${TRAVEL_PARTNER_FIELDS}
`;

/**
 * SPEC 2.1 /travel-packages/{slug}: what the package includes, its price from, its event and the
 * partner who sells it, with the way to book there (an outbound link, tracked).
 */
const travelPackagePage: PageModule<TravelPackagePageData> = {
  async load({ services, locale, params }) {
    const { travelPackage, travelPackagesConfig } = await services.content.query(TRAVEL_PACKAGE_QUERY, { locale, slug: params.slug! });
    if (!travelPackage) return notFound();
    const { event } = travelPackage;
    // The page shows its event's card itself; a content grid holding only that event would repeat it.
    const blocks = travelPackage.blocks.filter(
      (block) =>
        !(
          event &&
          block.__typename === 'ContentGridBlock' &&
          block.items.every((item) => item.__typename === 'EventCard' && item.slug === event.slug)
        ),
    );
    return contentPage({ travelPackage: { ...travelPackage, blocks }, onSale: travelPackagesConfig?.enabled ?? false }, travelPackage, {
      head: {
        description: travelPackage.seo.description ?? travelPackage.description,
        image: travelPackage.seo.image?.url ?? travelPackage.image?.url,
      },
      analytics: { category: travelPackage.slug, category_name: travelPackage.title },
    });
  },
  View: TravelPackagePage,
};

export default travelPackagePage;
