import { loadConfig } from '#server/config.ts';
import { createSite, type Site } from '#server/site.ts';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';

/** The public origin test sites believe they run at; requests reach them in process. */
export const TEST_ORIGIN = 'http://localhost:3000';

/** "Now" for test sites: events before it are past, after it upcoming. */
export const TEST_NOW = new Date('2026-11-21T12:00:00Z');

export interface TestSite extends Site {
  /** A fetch straight into the app, as a browser would call the public origin. */
  fetch: typeof fetch;
}

/**
 * A whole site on embedded defaults (in-memory PGlite, database sessions) unless the environment
 * given says otherwise, with the demo content and a fixed clock for the content service.
 */
export async function startTestSite(environment: Record<string, string | undefined> = {}): Promise<TestSite> {
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: TEST_ORIGIN,
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ANALYTICS_STRICT: 'true',
    // Test files running at once may share one Redis: their rate limits must not add up.
    RATE_LIMIT_PREFIX: `test-${crypto.randomUUID()}`,
    ...environment,
  });
  const site = await createSite(config, { clock: () => TEST_NOW });
  return { ...site, fetch: createInProcessFetch(site.app) };
}
