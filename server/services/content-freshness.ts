import { gql, type TypedDocumentNode } from '@apollo/client';
import { unavailableDependency } from '#platform/dependency-errors.ts';
import type { Logger } from '#platform/logger.ts';
import { OutageLog } from '#platform/outage-log.ts';
import type { QueryCache } from './query-cache.ts';
import type { ServiceClient } from './service-client.ts';

const CONTENT_VERSION: TypedDocumentNode<{ contentVersion: { version: string } }, Record<string, never>> = gql`
  query ContentVersion {
    contentVersion {
      version
    }
  }
`;

/**
 * Keeps the web tier's content cache honest: it asks the content service for its version every
 * few seconds (one tiny query, whichever process the service runs in) and drops every cached
 * answer as soon as an import changed the content.
 */
export class ContentFreshness {
  private lastVersion: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners: (() => void)[] = [];
  private readonly outages: OutageLog;

  constructor(
    private readonly client: ServiceClient,
    private readonly cache: QueryCache,
    private readonly logger: Logger,
  ) {
    this.outages = new OutageLog(logger);
  }

  /** Calls `listener` whenever an import changed the content (after the cache was dropped). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Checks once; resolves to true when the cache was dropped. */
  async check(): Promise<boolean> {
    try {
      const { contentVersion } = await this.client.query(CONTENT_VERSION, {}, { fresh: true });
      const changed = this.lastVersion !== undefined && contentVersion.version !== this.lastVersion;
      this.lastVersion = contentVersion.version;
      if (changed) {
        this.cache.clear();
        for (const listener of this.listeners) listener();
        this.logger.info({ version: contentVersion.version }, 'Content changed: cached answers dropped');
      }
      return changed;
    } catch (error) {
      // Checked every few seconds: an outage is reported once a minute, not at every check.
      const dependency = unavailableDependency(error);
      if (dependency) this.outages.report(dependency, error, { task: 'content version check' });
      else this.logger.warn({ err: error }, 'The content version could not be checked');
      return false;
    }
  }

  start(intervalMs: number): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
