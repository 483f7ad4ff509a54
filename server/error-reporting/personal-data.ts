import type { Breadcrumb, ErrorEvent } from '@sentry/node';

/**
 * What leaves the process in an error report carries no personal data and nothing that lets
 * someone act as a visitor (decision 0038): no cookies or authorization of any kind, no e-mail
 * address anywhere, no form bodies, no query values (preview secrets, order links, codes), no user
 * but an id. Headers are kept by name from a short list instead of removed from a long one, so a
 * header added tomorrow is left out until someone decides it is harmless.
 */

const FILTERED = '[Filtered]';
const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
/** Keys whose values are secrets or personal whatever they hold. */
const SENSITIVE_KEY = /pass(word)?|secret|token|authori[sz]ation|cookie|e-?mail|phone|credential|api[-_]?key|verifier|^sid$/i;
/** The request headers worth having in a report: none identifies or authenticates anyone. */
const KEPT_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'content-length',
  'content-type',
  'host',
  'hx-request',
  'hx-target',
  'user-agent',
  'x-forwarded-proto',
  'x-request-id',
]);

/** The event as it may leave: used as the SDK's `beforeSend`. */
export function withoutPersonalData(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    const { url, method, headers, query_string } = event.request;
    event.request = {
      ...(url ? { url: withoutQueryValues(url) } : {}),
      ...(method ? { method } : {}),
      ...(headers ? { headers: Object.fromEntries(Object.entries(headers).filter(([name]) => KEPT_HEADERS.has(name.toLowerCase()))) } : {}),
      ...(query_string ? { query_string: queryWithoutValues(query_string) } : {}),
    };
  }
  event.user = event.user?.id === undefined ? undefined : { id: event.user.id };
  const { request, user, ...rest } = event;
  return {
    ...(scrubbed(rest) as ErrorEvent),
    ...(request ? { request: scrubbed(request) as ErrorEvent['request'] } : {}),
    ...(user ? { user } : {}),
  };
}

/** A breadcrumb as it may be kept: used as the SDK's `beforeBreadcrumb`. */
export function breadcrumbWithoutPersonalData(breadcrumb: Breadcrumb): Breadcrumb {
  const data =
    breadcrumb.data && typeof breadcrumb.data.url === 'string'
      ? { ...breadcrumb.data, url: withoutQueryValues(breadcrumb.data.url) }
      : breadcrumb.data;
  return scrubbed({ ...breadcrumb, ...(data ? { data } : {}) }) as Breadcrumb;
}

/** Every string with its e-mail addresses and credentials masked, every sensitive key's value filtered, at any depth. */
function scrubbed(value: unknown, key = '', depth = 0): unknown {
  if (key && SENSITIVE_KEY.test(key) && value !== undefined && value !== null) return FILTERED;
  if (typeof value === 'string') return value.replace(EMAIL, '[email]').replace(BEARER, `$1 ${FILTERED}`);
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, '', depth + 1));
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, scrubbed(item, name, depth + 1)]));
}

/** `/tickets/confirmation?orderId=1&secret=abc` as `/tickets/confirmation?orderId=[Filtered]&secret=[Filtered]`. */
function withoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const hash = url.indexOf('#', at);
  return `${url.slice(0, at)}?${queryWithoutValues(url.slice(at + 1, hash === -1 ? undefined : hash))}`;
}

function queryWithoutValues(query: unknown): string {
  const text =
    typeof query === 'string'
      ? query
      : Array.isArray(query)
        ? new URLSearchParams(query as [string, string][]).toString()
        : new URLSearchParams(query as Record<string, string>).toString();
  return [...new URLSearchParams(text).keys()].map((name) => `${encodeURIComponent(name)}=${FILTERED}`).join('&');
}
