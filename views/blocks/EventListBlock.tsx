import { EventGrid } from '../components/EventCard.tsx';
import { Icon } from '../components/Icon.tsx';
import { useSite } from '../site-context.tsx';
import { BlockSection } from './BlockSection.tsx';
import type { EventListBlockContent } from './types.ts';

/** The next (or latest) events, as the content service lists them, with the way to all of them. */
export function EventListBlock({ block }: { block: EventListBlockContent }) {
  const { t, urls } = useSite();
  const upcoming = block.timeframe === 'upcoming';
  const more = (
    <a className="section__more" href={urls.route(upcoming ? 'eventsCalendar' : 'events')}>
      {t(upcoming ? 'blocks:eventList.upcoming' : 'blocks:eventList.past')}
      <Icon name="arrow" />
    </a>
  );
  return (
    <BlockSection id={block.id} name="block-event-list" title={block.title} aside={more}>
      {block.events.length ? (
        <EventGrid events={block.events} />
      ) : (
        <p className="empty-state">{t(upcoming ? 'blocks:eventList.noneUpcoming' : 'blocks:eventList.nonePast')}</p>
      )}
    </BlockSection>
  );
}
