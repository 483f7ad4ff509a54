import type { NavigationLink } from '#views/content.ts';
import type { EventNavigationContent } from '#views/components/EventNavigation.tsx';

/** The event navigation as the events' own pages ask for it: with whether the event is over or unlisted. */
export type EventNavigationWithStatus = EventNavigationContent & {
  event: EventNavigationContent['event'] & { config: { ended: boolean; unlistedEvent: boolean } };
};

/** A link to an event's ticket shop (SPEC 2.1 tickets route), as editors set it on calls to action. */
export const isTicketLink = (link: Pick<NavigationLink, 'page'> | null | undefined): boolean =>
  Boolean(link?.page?.some((reference) => reference.entityType === 'tickets'));

/** A call to action, unless it sells tickets for an event that is over. */
export const unlessTicketsOfEnded = <Link extends Pick<NavigationLink, 'page'>>(
  link: Link | null | undefined,
  ended: boolean,
): Link | null => (link && !(ended && isTicketLink(link)) ? link : null);

/** An ended event's navigation offers no tickets any more; its other tabs stay. */
export function navigationForStatus(navigation: EventNavigationWithStatus): EventNavigationContent {
  return { ...navigation, callToAction: unlessTicketsOfEnded(navigation.callToAction, navigation.event.config.ended) };
}
