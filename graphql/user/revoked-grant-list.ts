import type { Logger } from '#platform/logger.ts';
import { OutageLog } from '#platform/outage-log.ts';

export interface RevokedGrantListOptions {
  /** Where the identity service publishes the list (its discovery document's `revoked_grants_uri`). */
  location: () => Promise<string | undefined>;
  /** In process when the identity service is co-located; the network otherwise. */
  fetch: typeof fetch;
  /** How often the list is read again. */
  refreshMs?: number;
  /** How long one reading may take before it counts as failed. */
  timeoutMs?: number;
  logger?: Logger | undefined;
}

/**
 * Two seconds: a signed-out visitor's access token is refused within about that long, at the cost
 * of one small request (a 304 while nothing changes) every two seconds per service process.
 */
export const REVOKED_GRANTS_REFRESH_MS = 2_000;
const READ_TIMEOUT_MS = 1_500;

/**
 * The identity service's list of grants whose sign-in has ended (decision 0040), kept in memory and
 * read again in the background, so that checking a token never waits for the identity service
 * (but for the very first token, which waits for the first reading, within the read timeout).
 *
 * Fails open: when the list cannot be read, the last one read stays in force, tokens it does not
 * name are accepted, and a warning is logged (once a minute). A sign-in ended meanwhile keeps its
 * access tokens until they expire, within five minutes, as before revocation existed; refusing
 * every signed-in visitor's calls instead would turn an identity outage into a shop outage.
 */
export class RevokedGrantList {
  readonly #options: RevokedGrantListOptions;
  readonly #outages: OutageLog | undefined;
  #grants: ReadonlySet<string> = new Set();
  #etag: string | undefined;
  #firstReading: Promise<void> | undefined;
  #reading: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: RevokedGrantListOptions) {
    this.#options = options;
    this.#outages = options.logger ? new OutageLog(options.logger) : undefined;
  }

  /** Whether the sign-in of this grant has ended. Starts the readings on first use. */
  async includes(grantId: string): Promise<boolean> {
    if (!this.#firstReading && !this.#stopped) this.#firstReading = this.#read();
    await this.#firstReading;
    return this.#grants.has(grantId);
  }

  /** Stops reading (at shutdown); waits for a reading under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#reading;
  }

  /** One reading, then the next one scheduled: never two at once, however slow the answer. */
  #read(): Promise<void> {
    this.#reading = this.#fetchList()
      .catch((error: unknown) => this.#outages?.report('identity service', error, { reading: 'revoked grants' }))
      .finally(() => {
        if (!this.#stopped) this.#timer = setTimeout(() => void this.#read(), this.#options.refreshMs ?? REVOKED_GRANTS_REFRESH_MS).unref();
      });
    return this.#reading;
  }

  async #fetchList(): Promise<void> {
    const location = await this.#options.location();
    if (!location) throw new Error('The identity service publishes no revoked grants');
    const response = await this.#options.fetch(location, {
      headers: { accept: 'application/json', ...(this.#etag ? { 'if-none-match': this.#etag } : {}) },
      signal: AbortSignal.timeout(this.#options.timeoutMs ?? READ_TIMEOUT_MS),
    });
    if (response.status === 304) return;
    if (!response.ok) throw new Error(`The revoked grants answered ${response.status}`);
    const { grants } = (await response.json()) as { grants?: unknown };
    if (!Array.isArray(grants) || !grants.every((grant) => typeof grant === 'string')) {
      throw new Error('The revoked grants are not a list of grant ids');
    }
    this.#grants = new Set(grants);
    this.#etag = response.headers.get('etag') ?? undefined;
  }
}
