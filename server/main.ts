import cluster from 'node:cluster';
import { flushErrorReports, installErrorReporter } from '#platform/error-reports.ts';
import { createLogger } from '#platform/logger.ts';
import { runPrimary } from './cluster.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { startSentry } from './error-reporting/sentry.ts';
import { listen, SHUTDOWN_DEADLINE_MS } from './lifecycle.ts';
import { createSite } from './site.ts';

/**
 * The entry point: read the environment, build the site, listen, and stop gracefully. With
 * WEB_CONCURRENCY above 1 this process is the cluster's primary and each of its workers, forked
 * from this same file, is the site (decision 0043).
 */

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 24) {
  console.error(`Node ${process.versions.node} is too old: the site runs on Node 24. Start it with \`npm start\`.`);
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/** The signals that stop the site: SIGTERM from the container runtime, SIGINT from a terminal. */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

if (cluster.isPrimary && config.webConcurrency > 1) {
  runPrimary({ workers: config.webConcurrency, logger: createLogger({ level: config.logLevel }).child({ role: 'primary' }) });
} else {
  await serve(config);
}

async function serve(config: Config): Promise<void> {
  // SPEC 9.3: unexpected failures go to the error-reporting service when one is configured
  // (already started by instrument.ts when the process was launched with it).
  if (config.errorReports) installErrorReporter(await startSentry(config.errorReports));

  // A stop asked for while the site is still starting (a worker forked just before a deploy's
  // SIGTERM, a quick Ctrl-C) waits for the start to finish, so that its one-off work (migrations,
  // the demo import) is never cut halfway, then closes without ever listening.
  let stoppedWhileStarting: NodeJS.Signals | undefined;
  const stopOnceStarted = (signal: NodeJS.Signals) => (stoppedWhileStarting = signal);
  for (const signal of STOP_SIGNALS) process.once(signal, stopOnceStarted);
  const site = await createSite(config);
  for (const signal of STOP_SIGNALS) process.off(signal, stopOnceStarted);
  if (stoppedWhileStarting) {
    site.logger.info({ signal: stoppedWhileStarting }, 'Stopped while starting: closing without listening');
    await site.close();
    await flushErrorReports(500);
    process.exit(0);
  }

  const running = await listen(site.app, {
    port: config.port,
    logger: site.logger,
    onDraining: () => site.drain(),
    onClosed: () => site.close(),
  });
  site.logger.info(
    { port: running.port, baseUrl: config.baseUrl, services: config.services, env: config.env },
    `Listening on ${config.baseUrl}`,
  );

  for (const signal of STOP_SIGNALS) {
    process.once(signal, () => {
      // Whatever hangs (a store that does not close), the process is gone before it would be killed.
      setTimeout(() => {
        site.logger.error('Shutdown did not finish in time: exiting');
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS - 250).unref();
      running.shutdown().then(
        async () => {
          await flushErrorReports(500);
          process.exit(0);
        },
        async (error: unknown) => {
          site.logger.error({ err: error }, 'Shutdown failed');
          await flushErrorReports(500);
          process.exit(1);
        },
      );
    });
  }
}
