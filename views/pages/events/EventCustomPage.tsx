import type { ContentPageFields } from '../../content.ts';
import { PageBlocks } from '../../blocks/PageBlocks.tsx';
import type { PageBlockContent } from '../../blocks/types.ts';
import { EventNavigation, type EventNavigationContent } from '../../components/EventNavigation.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { RichText } from '../../components/RichText.tsx';

export interface EventCustomPageData {
  navigation: EventNavigationContent;
  page: ContentPageFields & { blocks: PageBlockContent[] };
}

/** An event's custom page (getting there, good to know...): under the event's navigation, in its colour. */
export function EventCustomPage({ data }: { data: EventCustomPageData }) {
  const { page, navigation } = data;
  const accent = navigation.event.config.colourAccent;
  return (
    <article className="event-custom-page" style={{ '--accent': accent } as object}>
      <EventNavigation navigation={navigation} />
      <PageHero header={page.header ?? { title: page.title }} accent={accent} />
      {page.body?.length ? (
        <div className="section section--narrow event-custom-page__body">
          <RichText document={page.body} />
        </div>
      ) : null}
      <PageBlocks blocks={page.blocks} />
    </article>
  );
}
