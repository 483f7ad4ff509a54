import { useSite } from '../site-context.tsx';

type TrackedProperties = Record<string, string | number | boolean>;

/**
 * Marks an element so that a click on it sends an analytics event (SPEC 9.4) through the site's
 * tracking module: `<a {...track('link_clicked', { link_label, link_url })}>`. Using it links the
 * small script that does the sending; pages without tracked elements load none.
 */
export function useTrack() {
  const { assets } = useSite();
  assets.use('analytics');
  return (name: string, properties: TrackedProperties = {}) => ({
    'data-track': name,
    ...Object.fromEntries(Object.entries(properties).map(([property, value]) => [`data-track-${property}`, String(value)])),
  });
}
