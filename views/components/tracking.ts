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
     * For a list whose every link sends the same event (decision 0054): the event, the properties
     * its links share, and those each link's event reads from the link itself, its `href` or its
     * text. A link in it adds only what it says beyond that, with `track.inList`.
     */
    links: (name: string, properties: TrackedProperties, fromLink: Record<string, 'href' | 'text'> = {}) => ({
      'data-track-links': name,
      'data-track-shared': Object.entries(fromLink)
        .map(([property, source]) => `${property}=${source}`)
        .join(' '),
      ...propertyAttributes(properties),
    }),
    /** A link in a list marked by `track.links`: its own properties, which win over the list's. */
    inList: (properties: TrackedProperties = {}) => propertyAttributes(properties),
  });
}
