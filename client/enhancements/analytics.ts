import { track } from '../track.ts';

/**
 * Sends the analytics events (SPEC 9.4) the server marked in the page (views/components/tracking.ts):
 * clicks on `[data-track="<event>"]` and on the links of `[data-track-links="<event>"]`, the opening
 * of `<details data-track-open="<event>">` and the first sight of `[data-track-view="<event>"]`. An
 * event's properties are the element's `data-track-<property>` attributes, over those its list
 * shares (`data-track-shared`).
 */

const EVENT_ATTRIBUTES = new Set(['view', 'open', 'links', 'shared']);

type ListProperty = Record<string, string>[];

function properties(element: Element): Record<string, string | ListProperty> {
  return { ...sharedProperties(element), ...ownProperties(element) };
}

/**
 * What a list of many tracked links says once instead of on every link (decision 0054): the
 * `data-track-*` properties of the closest `[data-track-shared]` list, and the properties its
 * value names as read from the link itself (`link_url=href artist_name=text`).
 */
function sharedProperties(element: Element): Record<string, string | ListProperty> {
  const container = element.parentElement?.closest('[data-track-shared]');
  if (!container) return {};
  const found = ownProperties(container);
  for (const rule of container.getAttribute('data-track-shared')!.split(' ').filter(Boolean)) {
    const [property, source] = rule.split('=');
    const value = source === 'href' ? element.getAttribute('href') : source === 'text' ? element.textContent : null;
    if (property && value) found[property] = value.trim();
  }
  return found;
}

function ownProperties(element: Element): Record<string, string | ListProperty> {
  const found: Record<string, string | ListProperty> = {};
  for (const attribute of element.attributes) {
    if (!attribute.name.startsWith('data-track-')) continue;
    const property = attribute.name.slice('data-track-'.length);
    if (EVENT_ATTRIBUTES.has(property)) continue;
    // SPEC 5: a promotion's items are a list of objects, written as JSON; everything else as written.
    found[property] = property === 'items' ? (JSON.parse(attribute.value) as ListProperty) : attribute.value;
  }
  return found;
}

document.addEventListener(
  'click',
  (event) => {
    const target = event.target as Element | null;
    const element = target?.closest<HTMLElement>('[data-track]');
    if (element) return track(element.dataset.track!, properties(element));
    const link = target?.closest('a[href]');
    const list = link?.parentElement?.closest<HTMLElement>('[data-track-links]');
    if (link && list) track(list.dataset.trackLinks!, properties(link));
  },
  { capture: true },
);

// `toggle` does not bubble, but passes the document on its way down.
document.addEventListener(
  'toggle',
  (event) => {
    const details = event.target;
    if (details instanceof HTMLDetailsElement && details.open && details.dataset.trackOpen)
      track(details.dataset.trackOpen, properties(details));
  },
  { capture: true },
);

const viewed = document.querySelectorAll<HTMLElement>('[data-track-view]');
if (viewed.length && 'IntersectionObserver' in window) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const element = entry.target as HTMLElement;
        observer.unobserve(element);
        track(element.dataset.trackView!, properties(element));
      }
    },
    // Seen: its top has come a quarter of the way up the screen, however tall the section is.
    { rootMargin: '0px 0px -25% 0px' },
  );
  viewed.forEach((element) => observer.observe(element));
}
