import type { PageBlockContent } from '#views/blocks/types.ts';
import type { EventCardContent } from '#views/content.ts';
import { showEachEventOnce } from './home-events.ts';

const card = (slug: string): EventCardContent => ({
  title: slug,
  slug,
  config: {
    startDatetime: '2026-12-10T12:00:00Z',
    endDatetime: '2026-12-12T20:59:00Z',
    city: 'Riyadh',
    colourAccent: '#C8FF2E',
    eventType: 'festival',
    enableTickets: true,
  },
});
const list = (id: string, ...slugs: string[]): PageBlockContent => ({
  __typename: 'EventListBlock',
  id,
  timeframe: 'upcoming',
  limit: 6,
  events: slugs.map(card),
});
const grid = (id: string, ...items: ({ event: string } | { article: string })[]): PageBlockContent => ({
  __typename: 'ContentGridBlock',
  id,
  items: items.map((item) =>
    'event' in item
      ? { __typename: 'EventCard' as const, ...card(item.event) }
      : {
          __typename: 'Article' as const,
          id: item.article,
          slug: item.article,
          title: item.article,
          firstPublishedAt: '2026-11-01T00:00:00Z',
          category: { slug: 'guides', title: 'Guides' },
        },
  ),
});
const slugsOf = (block: PageBlockContent) =>
  block.__typename === 'EventListBlock'
    ? block.events.map((event) => event.slug)
    : block.__typename === 'ContentGridBlock'
      ? block.items.map((item) => item.slug)
      : [];

describe('each event once on the home (decision 0053)', () => {
  test('featured events are not repeated below, and a later block leaves out what an earlier one shows', () => {
    const blocks = showEachEventOnce(
      [card('festival'), card('dunes')],
      [
        list('coming-up', 'dunes', 'nights', 'forum'),
        grid('highlights', { event: 'festival' }, { event: 'nights' }, { article: 'guide' }, { event: 'sahab' }),
      ],
    );
    expect(blocks.map(slugsOf)).toEqual([
      ['nights', 'forum'],
      ['guide', 'sahab'],
    ]);
  });

  test('a grid left with nothing is dropped; other blocks pass as they are', () => {
    const countdown: PageBlockContent = { __typename: 'CountdownBlock', id: 'countdown', endDatetime: '2026-12-10T12:00:00Z' };
    const blocks = showEachEventOnce([card('festival')], [countdown, grid('highlights', { event: 'festival' })]);
    expect(blocks).toEqual([countdown]);
  });
});
