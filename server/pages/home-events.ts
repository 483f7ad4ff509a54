import type { EventCardContent } from '#views/content.ts';
import type { PageBlockContent } from '#views/blocks/types.ts';

/**
 * Each event once on the home (decision 0053): the featured section keeps its events, and every
 * later section (the editors' blocks, in page order) leaves out an event already shown above it.
 * The editors' "coming up" list already skips featured events at the source, so it stays full;
 * this pass is what guarantees it whatever the blocks hold. An emptied grid is dropped.
 */
export function showEachEventOnce(featured: EventCardContent[], blocks: PageBlockContent[]): PageBlockContent[] {
  const shown = new Set(featured.map((event) => event.slug));
  const firstTime = (event: EventCardContent) => !shown.has(event.slug) && Boolean(shown.add(event.slug));
  return blocks.flatMap((block): PageBlockContent[] => {
    if (block.__typename === 'EventListBlock') return [{ ...block, events: block.events.filter(firstTime) }];
    if (block.__typename === 'ContentGridBlock') {
      const items = block.items.filter((item) => item.__typename !== 'EventCard' || firstTime(item));
      return items.length ? [{ ...block, items }] : [];
    }
    return [block];
  });
}

/** The event cards of the editors' blocks, wherever they sit. */
export function blockEventCards(blocks: PageBlockContent[]): EventCardContent[] {
  return blocks.flatMap((block) => {
    if (block.__typename === 'EventListBlock') return block.events;
    if (block.__typename === 'ContentGridBlock') return block.items.filter((item) => item.__typename === 'EventCard');
    return [];
  });
}

/** The blocks with `change` applied to every event card in them. */
export function mapBlockEventCards(
  blocks: PageBlockContent[],
  change: <Card extends EventCardContent>(card: Card) => Card,
): PageBlockContent[] {
  return blocks.map((block) => {
    if (block.__typename === 'EventListBlock') return { ...block, events: block.events.map(change) };
    if (block.__typename === 'ContentGridBlock') {
      return { ...block, items: block.items.map((item) => (item.__typename === 'EventCard' ? change(item) : item)) };
    }
    return block;
  });
}
