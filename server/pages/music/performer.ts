import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { PerformerPage, type PerformerPageData } from '#views/pages/music/PerformerPage.tsx';
import { notFound, page, type PageModule } from '../../page.ts';
import { ASSET_FIELDS, EVENT_CARD_FIELDS, headFromSeo, SEO_FIELDS } from '../content-fragments.ts';

type PerformerQuery = { performer: PerformerPageData['performer'] | null };

/**
 * One round trip: the performer, the associated performers and the upcoming events. The service
 * applies SPEC 7.1's performer-events rule from the start of today in Riyadh by its own clock.
 */
const PERFORMER_QUERY: TypedDocumentNode<PerformerQuery, { locale: Locale; slug: string }> = gql`
  query PerformerPage($locale: Locale!, $slug: String!) {
    performer(locale: $locale, slug: $slug) {
      id
      slug
      name
      biography
      externalVideo
      enableBooking
      cover {
        ...AssetFields
      }
      background {
        ...AssetFields
      }
      socials {
        links {
          network
          url
        }
      }
      associatedPerformers {
        slug
        name
        cover {
          ...AssetFields
        }
      }
      upcomingEvents {
        ...EventCardFields
      }
      seo {
        ...SeoFields
      }
    }
  }
  ${ASSET_FIELDS}
  ${EVENT_CARD_FIELDS}
  ${SEO_FIELDS}
`;

/** SPEC 2.1 /performers/{performerSlug}: who they are, where to catch them next, where to follow them. */
const performerPage: PageModule<PerformerPageData> = {
  async load({ services, locale, params, t }) {
    const { performer } = await services.content.query(PERFORMER_QUERY, { locale, slug: params.performerSlug! });
    if (!performer) return notFound();
    return page(
      { performer },
      headFromSeo(performer.seo, {
        title: performer.name,
        description: t('music:performer.seoDescription', { name: performer.name }),
        image: performer.cover?.url ?? performer.background?.url,
      }),
      {
        page_type: 'performer',
        module_name: 'music',
        submodule_name: 'performer',
        category: performer.slug,
        category_name: performer.name,
      },
    );
  },
  View: PerformerPage,
};

export default performerPage;
