import { useSite } from '../site-context.tsx';

/** Scalars, or (SPEC 5: a promotion's items) a list of objects, which travels as JSON. */
type TrackedProperties = Record<string, string | number | boolean | Record<string, string>[]>;

const propertyAttributes = (properties: TrackedProperties) =>
  Object.fromEntries(
    Object.entries(properties).map(([property, value]) => [
      `data-track-${property}`,
      Array.isArray(value) ? JSON.stringify(value) : String(value),
    ]),
  );

/**
 * Marks an element so that a click on it sends an analytics event (SPEC 9.4) through the site's
 * tracking module: `<a {...track('link_clicked', { link_label, link_url })}>`. `track.onView` marks
 * a section reported once when it first comes into view, `track.onOpen` a `<details>` reported
 * each time it is opened. Using it links the small script that does the sending; pages without
 * tracked elements load none.
 */
export function useTrack() {
  const { assets } = useSite();
  assets.use('analytics');
  return Object.assign((name: string, properties: TrackedProperties = {}) => ({ 'data-track': name, ...propertyAttributes(properties) }), {
    onView: (name: string, properties: TrackedProperties = {}) => ({ 'data-track-view': name, ...propertyAttributes(properties) }),
    onOpen: (name: string, properties: TrackedProperties = {}) => ({ 'data-track-open': name, ...propertyAttributes(properties) }),
    /**
     * For a container of many tracked links: the properties they all share, and those each one's
     * event reads from the link itself, its `href` or its text (a link's own attributes win).
     */
    shared: (properties: TrackedProperties, fromLink: Record<string, 'href' | 'text'> = {}) => ({
      'data-track-shared': Object.entries(fromLink)
        .map(([property, source]) => `${property}=${source}`)
        .join(' '),
      ...propertyAttributes(properties),
    }),
  });
}
