import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { RadioPage, type RadioPageData } from '#views/pages/music/RadioPage.tsx';
import { notFound, type PageModule } from '../../page.ts';
import { PAGE_BLOCK_FIELDS } from '../blocks/page-block-fields.ts';
import { ASSET_FIELDS, CONTENT_PAGE_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';

type RadioQuery = Omit<RadioPageData, 'podcasts'> & { page: RadioPageData['page'] | null; podcasts: { items: RadioPageData['podcasts'] } };

/**
 * One round trip: the page, every station with its week (today and the show on air marked by the
 * content service's clock, in Riyadh time) and the podcasts.
 */
const RADIO_QUERY: TypedDocumentNode<RadioQuery, { locale: Locale }> = gql`
  query RadioPage($locale: Locale!) {
    page: radioOverviewPage(locale: $locale) {
      ...ContentPageFields
      blocks {
        ...PageBlockFields
      }
    }
    stations(locale: $locale) {
      id
      name
      description
      streamUrl
      schedule {
        day
        today
        shows {
          id
          startTime
          endTime
          onAir
          show {
            title
            description
            cover {
              ...AssetFields
            }
            presenters {
              name
            }
          }
        }
      }
    }
    podcasts(locale: $locale) {
      items {
        slug
        title
        description
        categories
        cover {
          ...AssetFields
        }
        episodes {
          id
        }
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${ASSET_FIELDS}
  ${PAGE_BLOCK_FIELDS}
`;

/** SPEC 2.1 /radio: the stations live, their week, and the podcasts. */
const radioPage: PageModule<RadioPageData> = {
  async load({ services, locale }) {
    const { page, stations, podcasts } = await services.content.query(RADIO_QUERY, { locale });
    if (!page) return notFound();
    return contentPage({ page, stations, podcasts: podcasts.items }, page);
  },
  View: RadioPage,
};

export default radioPage;
