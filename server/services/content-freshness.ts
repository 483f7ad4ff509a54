import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Logger } from '#platform/logger.ts';

/** Anything kept in memory that content changes make wrong. */
export interface ContentDependent {
  clear(): void;
}
import type { ServiceClient } from './service-client.ts';

const CONTENT_VERSION: TypedDocumentNode<{ contentVersion: { version: string } }, Record<string, never>> = gql`
  query ContentVersion {
    contentVersion {
      version
    }
  }
`;

/**
 * Keeps the web tier's caches honest: it asks the content service for its version every few
 * seconds (one tiny query, whichever process the service runs in) and drops every cached answer
 * and rendered page as soon as an import changed the content.
 */
export class ContentFreshness {
  private lastVersion: string | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: ServiceClient,
    private readonly caches: ContentDependent[],
    private readonly logger: Logger,
  ) {}

  /** Checks once; resolves to true when the cache was dropped. */
  async check(): Promise<boolean> {
    try {
      const { contentVersion } = await this.client.query(CONTENT_VERSION, {}, { fresh: true });
      const changed = this.lastVersion !== undefined && contentVersion.version !== this.lastVersion;
      this.lastVersion = contentVersion.version;
      if (changed) {
        for (const cache of this.caches) cache.clear();
        this.logger.info({ version: contentVersion.version }, 'Content changed: cached answers and pages dropped');
      }
      return changed;
    } catch (error) {
      this.logger.warn({ err: error }, 'The content version could not be checked');
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
