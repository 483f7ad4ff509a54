import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Logger } from '#platform/logger.ts';
import type { EventCardContent, EventSale } from '#views/content.ts';
import { QueryCache } from '../services/query-cache.ts';
import type { ServiceClient } from '../services/service-client.ts';

const SALE_SUMMARIES: TypedDocumentNode<{ saleSummaries: ({ eventId: string } & EventSale)[] }, { eventIds: string[] }> = gql`
  query EventSaleSummaries($eventIds: [ID!]!) {
    saleSummaries(eventIds: $eventIds) {
      eventId
      status
      fromPrice {
        amount
        currency
      }
    }
  }
`;

/**
 * How long a card's price and availability may lag behind the shop (decision 0053): served as
 * they are for 30 s, then once more while one call refreshes them, never older than a minute.
 */
const FRESH_MS = 30_000;
const KEPT_MS = 60_000;

/**
 * The sale of the events a page lists, for their cards: one commerce call per page whatever the
 * number of cards, its answer shared by every request for the same events for up to a minute.
 * A commerce service that cannot answer leaves the cards without a price rather than the page down.
 */
export class EventSales {
  readonly #cache = new QueryCache({ maxEntries: 500, keepMs: KEPT_MS });

  constructor(
    private readonly commerce: ServiceClient,
    private readonly logger: Logger,
  ) {}

  /**
   * Asks once for every card of a page, and answers with what puts a card's `sale` on it (left as
   * it is when the shop does not offer the event), for the loader to apply wherever the card sits.
   */
  async forCards(cards: EventCardContent[]): Promise<<Card extends EventCardContent>(card: Card) => Card> {
    const eventIds = [
      ...new Set(
        cards.flatMap((card) => (card.config.enableTickets && card.config.ticketsExternalId ? [card.config.ticketsExternalId] : [])),
      ),
    ];
    const sales = eventIds.length ? await this.summaries(eventIds.sort()) : new Map<string, EventSale>();
    return (card) => {
      const sale = card.config.enableTickets && card.config.ticketsExternalId ? sales.get(card.config.ticketsExternalId) : undefined;
      return sale ? { ...card, sale } : card;
    };
  }

  private async summaries(eventIds: string[]): Promise<Map<string, EventSale>> {
    try {
      const { saleSummaries } = await this.#cache.get(eventIds.join(' '), FRESH_MS, () =>
        this.commerce.query(SALE_SUMMARIES, { eventIds }),
      );
      return new Map(saleSummaries.map(({ eventId, status, fromPrice }) => [eventId, { status, fromPrice }]));
    } catch (error) {
      this.logger.warn({ err: error }, 'Event cards shown without their sale: the commerce service did not answer');
      return new Map();
    }
  }
}
