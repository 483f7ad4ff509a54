interface StoredCookie {
  name: string;
  value: string;
  path: string;
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
 * as urlencoded POSTs and follows redirects like a browser with JavaScript off.
 */
export class Browser {
  #cookies = new Map<string, StoredCookie>();

  readonly #fetch: typeof globalThis.fetch;

  // A plain field rather than a parameter property: benchmarks run this file with Node's type stripping.
  constructor(fetch: typeof globalThis.fetch) {
    this.#fetch = fetch;
  }

  async get(url: string | URL): Promise<Page> {
    return this.#send(String(url), 'GET');
  }

  async post(url: string | URL, form: Record<string, string>): Promise<Page> {
    return this.#send(String(url), 'POST', new URLSearchParams(form));
  }

  /** A POST of a body as it is, with its content type: what no form of ours sends (the fuzz suite's). */
  async postRaw(url: string | URL, body: string, contentType: string): Promise<Page> {
    return this.#send(String(url), 'POST', body, contentType);
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
    this.#cookies.set(`${name};/`, { name, value, path: '/' });
  }

  async #send(
    url: string,
    method: string,
    body?: URLSearchParams | string,
    contentType = 'application/x-www-form-urlencoded',
  ): Promise<Page> {
    const headers = new Headers();
    const cookie = this.#cookieHeader(new URL(url).pathname);
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

  #cookieHeader(path: string): string {
    return [...this.#cookies.values()]
      .filter((cookie) => path === cookie.path || path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
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
    const expires = attribute('expires');
    const removed = attribute('max-age') === '0' || (expires !== undefined && new Date(expires).getTime() <= Date.now()) || value === '';
    if (removed) this.#cookies.delete(`${name};${path}`);
    else this.#cookies.set(`${name};${path}`, { name, value, path });
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
