import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { EventPage, type EventPageData } from '#views/pages/EventPage.tsx';
import { notFound, page, type PageModule } from '../page.ts';
import { ASSET_FIELDS, PAGE_HEADER_FIELDS, SEO_FIELDS } from './content-fragments.ts';

const EVENT_QUERY: TypedDocumentNode<EventPageData, { locale: Locale; slug: string }> = gql`
  query EventPage($locale: Locale!, $slug: String!) {
    event(locale: $locale, slug: $slug) {
      title
      slug
      pageType
      moduleName
      submoduleName
      seo {
        ...SeoFields
      }
      header {
        ...PageHeaderFields
      }
      body
      config {
        startDatetime
        endDatetime
        timezone
        colourAccent
        city
        eventType
        description
        unlistedEvent
        logo {
          ...AssetFields
        }
        cover {
          ...AssetFields
        }
      }
    }
  }
  ${SEO_FIELDS}
  ${PAGE_HEADER_FIELDS}
  ${ASSET_FIELDS}
`;

const eventPage: PageModule<EventPageData> = {
  async load({ services, locale, params }) {
    const data = await services.content.query(EVENT_QUERY, { locale, slug: params.slug! });
    const event = data.event;
    if (!event) return notFound();
    return page(
      data,
      {
        title: event.seo.title ?? event.title,
        description: event.seo.description ?? event.config.description,
        image: event.seo.image?.url ?? event.config.cover?.url,
        // SPEC 6: unlisted events stay out of search engines.
        noIndex: event.seo.noIndex || event.config.unlistedEvent,
      },
      { page_type: event.pageType, module_name: event.moduleName, submodule_name: event.submoduleName, category: event.slug, category_name: event.title },
    );
  },
  View: EventPage,
};

export default eventPage;
