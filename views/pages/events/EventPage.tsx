import type { Asset, ContentPageFields } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { PageBlocks } from '../blocks/PageBlocks.tsx';
import type { PageBlockContent } from '../blocks/types.ts';
import { EventNavigation, type EventNavigationContent } from '../components/EventNavigation.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { RichText } from '../components/RichText.tsx';

export interface EventPageData {
  navigation: EventNavigationContent;
  event: ContentPageFields & {
    blocks: PageBlockContent[];
    config: {
      startDatetime: string;
      endDatetime: string;
      timezone: string;
      colourAccent: string;
      city: string;
      eventType: string;
      description?: string | null;
      unlistedEvent: boolean;
      logo?: Asset | null;
      cover?: Asset | null;
    };
  };
}

export function EventPage({ data }: { data: EventPageData }) {
  const { t, format } = useSite();
  const { event } = data;
  const { config } = event;
  const header = event.header ?? { title: event.title, cover: config.cover ?? null };
  return (
    <article className="event-page" style={{ '--accent': config.colourAccent } as object}>
      <EventNavigation navigation={data.navigation} />
      <PageHero header={header} accent={config.colourAccent} />
      <div className="event-page__layout section">
        <dl className="event-facts">
          <div className="event-facts__item">
            <dt>
              <Icon name="calendar" />
              {t('event.dates')}
            </dt>
            <dd>
              <time dateTime={config.startDatetime}>{format.dateRange(config.startDatetime, config.endDatetime)}</time>
            </dd>
          </div>
          <div className="event-facts__item">
            <dt>
              <Icon name="clock" />
              {t('event.opens')}
            </dt>
            <dd>
              <time dateTime={config.startDatetime}>{format.time(config.startDatetime)}</time>{' '}
              <span className="event-facts__zone">{t('event.riyadhTime')}</span>
            </dd>
          </div>
          <div className="event-facts__item">
            <dt>
              <Icon name="pin" />
              {t('event.city')}
            </dt>
            <dd>{config.city}</dd>
          </div>
          <div className="event-facts__item">
            <dt>
              <Icon name="tag" />
              {t('event.type')}
            </dt>
            <dd>{t(`eventType.${config.eventType}`, { defaultValue: config.eventType })}</dd>
          </div>
        </dl>
        <div className="event-page__about">
          {config.description ? <p className="lead">{config.description}</p> : null}
          <RichText document={event.body} />
        </div>
      </div>
      <PageBlocks blocks={event.blocks} />
    </article>
  );
}
