import { track } from '../track.ts';

/**
 * Tracks clicks on elements the server marked with `data-track="<event>"`; the event's properties
 * are their `data-track-<property>` attributes (views/components/tracking.ts writes both).
 */
document.addEventListener(
  'click',
  (event) => {
    const element = (event.target as Element | null)?.closest<HTMLElement>('[data-track]');
    if (!element) return;
    const properties: Record<string, string> = {};
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('data-track-')) properties[attribute.name.slice('data-track-'.length)] = attribute.value;
    }
    track(element.dataset.track!, properties);
  },
  { capture: true },
);
