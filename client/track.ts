import { consentInCookieHeader } from '#platform/privacy-consent.ts';

/**
 * Sends an analytics event from the browser (SPEC 4.5, 9.4) to the site, which adds the common
 * properties, checks the event's schema and hands it to the analytics sink. The page describes
 * itself in `<meta name="analytics-page">`; beacons survive the page being left. Nothing leaves
 * the browser unless the visitor agreed to analytics (decision 0051).
 */
export function track(name: string, properties: Record<string, string | number | boolean | null | Record<string, string>[]> = {}): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="analytics-page"]');
  if (!meta || !consentInCookieHeader(document.cookie)?.analytics) return;
  const body = JSON.stringify({
    name,
    properties,
    page: JSON.parse(meta.content),
    pageName: location.pathname,
    language: document.documentElement.lang,
  });
  const blob = new Blob([body], { type: 'application/json' });
  if (!navigator.sendBeacon?.('/api/analytics', blob)) {
    void fetch('/api/analytics', { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(
      () => {},
    );
  }
}
