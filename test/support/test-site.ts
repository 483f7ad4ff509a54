import { loadConfig, type Config } from '#server/config.ts';
import { createSite, type Site } from '#server/site.ts';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';
import type { Logger } from '#platform/logger.ts';
import { sharedImageCacheDir, siteDatabaseSnapshot } from './site-snapshot.ts';

/** The public origin test sites believe they run at; requests reach them in process. */
export const TEST_ORIGIN = 'http://localhost:3000';

/** "Now" for test sites: events before it are past, after it upcoming. */
export const TEST_NOW = new Date('2026-11-21T12:00:00Z');

export interface TestSite extends Site {
  /** A fetch straight into the app, as a browser would call the public origin. */
  fetch: typeof fetch;
}

export interface TestSiteOptions {
  /**
   * Whether an embedded site starts from the prepared database (decision 0024) rather than
   * migrating and importing into an empty one. On by default where it gives the same start:
   * every service in one process, not in production mode. Pass false to test the first start itself;
   * true for a production site on what a development start wrote (production seeds no catalogue).
   */
  fromSnapshot?: boolean;
  /** The site's logger, for a test that reads what it logged; silent by default. */
  logger?: Logger;
  /** How long `/metrics` reuses what it read from the database; 0 for a test that watches figures move. */
  metricsFiguresMaxAgeMs?: number;
  /** The site's "now" instead of TEST_NOW, for a test that moves time (a waiting room's line). */
  clock?: () => Date;
  /** Told of each statement the site sends to its database, for a test that counts them. */
  onQuery?: (sql: string) => void;
}

export function testConfig(environment: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    BASE_URL: TEST_ORIGIN,
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ANALYTICS_STRICT: 'true',
    // Test files running at once may share one Redis: their rate limits must not add up.
    RATE_LIMIT_PREFIX: `test-${crypto.randomUUID()}`,
    // A test site shares its event loop with jest and with the test's own work, which would read as
    // load: shedding is off unless the test is about it (test/load-shedding.test.ts).
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SHED_MAX_IN_FLIGHT: '0',
    ...environment,
  });
}

const ALL_SERVICES = ['web', 'content', 'user', 'identity', 'commerce'];

/** A start that writes what the snapshot's start wrote: the snapshot can stand in for it. */
function startsLikeTheSnapshot(config: Config): boolean {
  return !config.isProduction && ALL_SERVICES.every((service) => config.services.includes(service as never));
}

/**
 * A whole site on embedded defaults (in-memory PGlite, database sessions) unless the environment
 * given says otherwise, with the demo content and a fixed clock for the content service.
 */
export async function startTestSite(
  environment: Record<string, string | undefined> = {},
  options: TestSiteOptions = {},
): Promise<TestSite> {
  const config = testConfig(environment);
  const useSnapshot =
    !config.databaseUrl &&
    config.dataDir === 'memory://' &&
    (options.fromSnapshot === true || (options.fromSnapshot !== false && startsLikeTheSnapshot(config)));
  const initialData = useSnapshot ? await siteDatabaseSnapshot() : undefined;
  // A site with a data folder keeps its pictures there, as in production.
  const imageCacheDir = config.dataDir.startsWith('memory://') ? await sharedImageCacheDir() : undefined;
  const site = await createSite(config, {
    clock: options.clock ?? (() => TEST_NOW),
    ...(initialData ? { initialData } : {}),
    ...(imageCacheDir ? { imageCacheDir } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.metricsFiguresMaxAgeMs === undefined ? {} : { metricsFiguresMaxAgeMs: options.metricsFiguresMaxAgeMs }),
    ...(options.onQuery ? { onQuery: options.onQuery } : {}),
  });
  return { ...site, fetch: createInProcessFetch(site.app) };
}
