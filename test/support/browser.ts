import { CONSENT_COOKIE, formatConsent } from '#platform/privacy-consent.ts';

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  /** Lowercase; browsers treat a cookie without the attribute as `lax`. */
  sameSite: 'strict' | 'lax' | 'none';
}

/**
 * Where a request comes from. `cross-site`: a link or form on another site, so the browser says so
 * (`Sec-Fetch-Site`) and, as SameSite asks, sends Lax cookies only with a top-level GET and Strict
 * ones never.
 */
export interface RequestOrigin {
  from?: 'cross-site';
}

export interface Page {
  status: number;
  url: string;
  location: string | undefined;
  html: string;
  headers: Headers;
}

/**
 * A minimal browser for route tests: keeps cookies (by name and path, one host), submits forms
 * as urlencoded POSTs and follows redirects like a browser with JavaScript off. It has accepted the
 * privacy banner (decision 0051) unless `privacy` says it has not answered it yet.
 */
export class Browser {
  #cookies = new Map<string, StoredCookie>();

  readonly #fetch: typeof globalThis.fetch;

  // A plain field rather than a parameter property: benchmarks run this file with Node's type stripping.
  constructor(fetch: typeof globalThis.fetch, options: { privacy?: 'accepted' | 'unanswered' } = {}) {
    this.#fetch = fetch;
    if (options.privacy !== 'unanswered') this.setCookie(CONSENT_COOKIE, formatConsent({ analytics: true, marketing: true }));
  }

  async get(url: string | URL, origin: RequestOrigin = {}): Promise<Page> {
    return this.#send(String(url), 'GET', undefined, origin);
  }

  async post(url: string | URL, form: Record<string, string>, origin: RequestOrigin = {}): Promise<Page> {
    return this.#send(String(url), 'POST', new URLSearchParams(form), origin);
  }

  /** A POST of a body as it is, with its content type: what no form of ours sends (the fuzz suite's). */
  async postRaw(url: string | URL, body: string, contentType: string): Promise<Page> {
    return this.#send(String(url), 'POST', body, {}, contentType);
  }

  /** Follows redirects from `page` until one leaves `within` (e.g. lands on the site's callback). */
  async follow(page: Page, within: string): Promise<Page> {
    let current = page;
    for (let hops = 0; current.location && hops < 10; hops += 1) {
      const next = new URL(current.location, current.url).href;
      if (!next.startsWith(within)) return { ...current, url: next };
      current = await this.get(next);
    }
    return current;
  }

  /** The value of a cookie the browser holds, whatever its path. */
  cookie(name: string): string | undefined {
    return [...this.#cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  setCookie(name: string, value: string) {
    this.#cookies.set(`${name};/`, { name, value, path: '/', sameSite: 'lax' });
  }

  /** Drops a cookie, whatever its path, as when it expires. */
  forget(name: string) {
    for (const [key, cookie] of this.#cookies) if (cookie.name === name) this.#cookies.delete(key);
  }

  async #send(
    url: string,
    method: string,
    body: URLSearchParams | string | undefined,
    origin: RequestOrigin,
    contentType = 'application/x-www-form-urlencoded',
  ): Promise<Page> {
    const headers = new Headers();
    const crossSite = origin.from === 'cross-site';
    if (crossSite) headers.set('sec-fetch-site', 'cross-site');
    const sent = (cookie: StoredCookie) => !crossSite || cookie.sameSite === 'none' || (cookie.sameSite === 'lax' && method === 'GET');
    const cookie = this.#cookieHeader(new URL(url).pathname, sent);
    if (cookie) headers.set('cookie', cookie);
    if (body !== undefined) headers.set('content-type', contentType);
    const response = await this.#fetch(url, {
      method,
      headers,
      ...(body !== undefined ? { body: body.toString() } : {}),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) this.#store(line);
    return {
      status: response.status,
      url,
      location: response.headers.get('location') ?? undefined,
      html: await response.text(),
      headers: response.headers,
    };
  }

  #cookieHeader(path: string, sent: (cookie: StoredCookie) => boolean): string {
    return [...this.#cookies.values()]
      .filter((cookie) => path === cookie.path || path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .filter(sent)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  #store(line: string) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const attribute = (key: string) => attributes.find((item) => item.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const path = attribute('path') ?? '/';
    const sameSite = attribute('samesite')?.toLowerCase();
    const expires = attribute('expires');
    const removed = attribute('max-age') === '0' || (expires !== undefined && new Date(expires).getTime() <= Date.now()) || value === '';
    if (removed) this.#cookies.delete(`${name};${path}`);
    else
      this.#cookies.set(`${name};${path}`, {
        name,
        value,
        path,
        sameSite: sameSite === 'strict' || sameSite === 'none' ? sameSite : 'lax',
      });
  }
}

/** The value of a form field in server-rendered HTML (React escapes `&` in attributes as `&amp;`). */
export function fieldValue(html: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  return input && /value="([^"]*)"/.exec(input)?.[1]?.replaceAll('&amp;', '&');
}

/** The action of the first form whose action contains `fragment`. */
export function formAction(html: string, fragment: string): string | undefined {
  return [...html.matchAll(/<form[^>]*action="([^"]*)"/g)]
    .map((match) => match[1]!.replaceAll('&amp;', '&'))
    .find((action) => action.includes(fragment));
}
