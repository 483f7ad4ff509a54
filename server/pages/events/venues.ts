import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { VenuesPage, type VenueContent, type VenuesPageData } from '#views/pages/events/VenuesPage.tsx';
import { notFound, type PageModule } from '../../page.ts';
import { PAGE_BLOCK_FIELDS } from '../blocks/page-block-fields.ts';
import { ASSET_FIELDS, CONTENT_PAGE_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';
import { EVENT_ROW_FIELDS } from './event-row-fields.ts';

type VenuesQuery = { venuesOverviewPage: VenuesPageData['page'] | null; venues: VenueContent[] };

const VENUES_QUERY: TypedDocumentNode<VenuesQuery, { locale: Locale }> = gql`
  query Venues($locale: Locale!) {
    venuesOverviewPage(locale: $locale) {
      ...ContentPageFields
      blocks {
        ...PageBlockFields
      }
    }
    venues(locale: $locale) {
      slug
      name
      city
      cityKey
      address
      description
      capacity
      mapUrl
      image {
        ...AssetFields
      }
      upcomingEvents {
        ...EventRowFields
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${ASSET_FIELDS}
  ${PAGE_BLOCK_FIELDS}
  ${EVENT_ROW_FIELDS}
`;

/**
 * SPEC 2.1 /venues: every venue under its city (cities and venues A to Z in the visitor's
 * language), each at its own anchor (`/venues#<venue slug>`, where event pages link), with what
 * is coming up there.
 */
const venuesPage: PageModule<VenuesPageData> = {
  async load({ services, locale }) {
    const { venuesOverviewPage: page, venues } = await services.content.query(VENUES_QUERY, { locale });
    if (!page) return notFound();
    const byName = (a: string, b: string) => a.localeCompare(b, locale);
    const cities = new Map<string, { key: string; name: string; venues: VenueContent[] }>();
    for (const venue of [...venues].sort((a, b) => byName(a.name, b.name))) {
      const city = cities.get(venue.cityKey) ?? { key: venue.cityKey, name: venue.city, venues: [] };
      city.venues.push(venue);
      cities.set(venue.cityKey, city);
    }
    return contentPage({ page, cities: [...cities.values()].sort((a, b) => byName(a.name, b.name)) }, page);
  },
  View: VenuesPage,
};

export default venuesPage;
