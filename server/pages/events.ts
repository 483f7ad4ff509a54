import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { EventsPage, type EventsPageData } from '#views/pages/EventsPage.tsx';
import { notFound, page, type PageModule } from '../page.ts';
import { EVENT_CARD_FIELDS, PAGE_HEADER_FIELDS, SEO_FIELDS } from './content-fragments.ts';

const EVENTS_QUERY: TypedDocumentNode<EventsPageData, { locale: Locale }> = gql`
  query EventsOverview($locale: Locale!) {
    eventsOverviewPage(locale: $locale) {
      title
      pageType
      moduleName
      submoduleName
      seo {
        ...SeoFields
      }
      header {
        ...PageHeaderFields
      }
    }
    upcomingEvents: eventCards(locale: $locale, filter: { timeframe: upcoming }, orderBy: startDatetime_ASC) {
      total
      items {
        ...EventCardFields
      }
    }
    pastEvents: eventCards(locale: $locale, filter: { timeframe: past }, orderBy: startDatetime_DESC, first: 12) {
      total
      items {
        ...EventCardFields
      }
    }
  }
  ${SEO_FIELDS}
  ${PAGE_HEADER_FIELDS}
  ${EVENT_CARD_FIELDS}
`;

const eventsPage: PageModule<EventsPageData> = {
  async load({ services, locale }) {
    const data = await services.content.query(EVENTS_QUERY, { locale });
    const overview = data.eventsOverviewPage;
    if (!overview) return notFound();
    return page(
      data,
      { title: overview.seo.title ?? overview.title, description: overview.seo.description },
      { page_type: overview.pageType, module_name: overview.moduleName, submodule_name: overview.submoduleName },
    );
  },
  View: EventsPage,
};

export default eventsPage;
