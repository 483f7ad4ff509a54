import { gql } from '@apollo/client';
import { ASSET_FIELDS } from '../content-fragments.ts';

/** A travel package in a list (views/pages/travel/TravelPackageCard.tsx). */
export const TRAVEL_PACKAGE_CARD_FIELDS = gql`
  fragment TravelPackageCardFields on TravelPackage {
    slug
    title
    description
    priceFrom
    nights
    image {
      ...AssetFields
    }
    event {
      title
      slug
      config {
        startDatetime
        endDatetime
        city
        colourAccent
      }
    }
    partner {
      slug
      name
    }
  }
  ${ASSET_FIELDS}
`;

/** A travel partner as the overview and the package pages show it. */
export const TRAVEL_PARTNER_FIELDS = gql`
  fragment TravelPartnerFields on TravelPartner {
    slug
    name
    description
    url
    logo {
      ...AssetFields
    }
  }
  ${ASSET_FIELDS}
`;
