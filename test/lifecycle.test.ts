import http, { type RequestListener } from 'node:http';
import { pino } from 'pino';
import { listen, type RunningServer } from '#server/lifecycle.ts';

/**
 * Graceful shutdown at the level of `listen()`: what a visitor whose request is in flight sees when
 * the container is told to stop, and what a request that takes too long gets.
 */

/** A site with one quick route and one slow route (`/slow`) that answers only when the test says so. */
function siteWithSlowRoute(events: string[]) {
  const releases: (() => void)[] = [];
  const arrivals: (() => void)[] = [];
  const handler: RequestListener = (req, res) => {
    if (req.url !== '/slow') return void res.end('quick');
    res.on('finish', () => events.push('slow request answered'));
    releases.push(() => res.end('finished'));
    arrivals.shift()?.();
  };
  return {
    handler,
    /** Resolves when the next slow request has reached the handler. */
    nextSlowArrival: () => new Promise<void>((resolve) => arrivals.push(resolve)),
    releaseSlowRequests: () => releases.splice(0).forEach((release) => release()),
  };
}

/** Log messages, so that the test can tell a clean stop from a cut one. */
function recordingLogger() {
  const messages: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void messages.push(JSON.parse(line).msg) });
  return { logger, messages };
}

interface Answer {
  status: number;
  body: string;
}

function get(port: number, path: string, agent: http.Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

// Load balancers keep connections open between requests: the visitor's request rides on one.
let keepAlive: http.Agent;
let running: RunningServer | undefined;

beforeEach(() => {
  keepAlive = new http.Agent({ keepAlive: true });
});
afterEach(async () => {
  keepAlive.destroy();
  running?.server.closeAllConnections();
  await running?.shutdown();
  running = undefined;
});

test('a request in flight when shutdown starts still gets its page, and onClosed runs only after it', async () => {
  const events: string[] = [];
  const site = siteWithSlowRoute(events);
  const { logger, messages } = recordingLogger();
  running = await listen(site.handler, {
    port: 0,
    logger,
    graceMs: 5_000,
    onClosed: async () => void events.push('closed'),
  });
  const { port } = running;

  const arrived = site.nextSlowArrival();
  const inFlight = get(port, '/slow', keepAlive);
  await arrived;
  const startedAt = Date.now();
  const shutdown = running.shutdown();

  // The port is closed at once, so the load balancer sends new visitors to another replica.
  await expect(get(port, '/')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  expect(events).not.toContain('closed');

  site.releaseSlowRequests();
  await expect(inFlight).resolves.toEqual({ status: 200, body: 'finished' });
  await shutdown;

  expect(events).toEqual(['slow request answered', 'closed']);
  // The kept-alive connection is let go as soon as its request is answered, not at the grace period.
  expect(Date.now() - startedAt).toBeLessThan(2_000);
  expect(messages).toContain('Shut down cleanly');
  expect(messages).not.toContain('Requests still running after the grace period: closing their connections');
});

test('a request still running after the grace period is cut, and shutdown completes anyway', async () => {
  const events: string[] = [];
  const site = siteWithSlowRoute(events);
  const { logger, messages } = recordingLogger();
  running = await listen(site.handler, {
    port: 0,
    logger,
    graceMs: 200,
    onClosed: async () => void events.push('closed'),
  });

  const arrived = site.nextSlowArrival();
  const stuck = get(running.port, '/slow', keepAlive);
  await arrived;
  const startedAt = Date.now();
  await running.shutdown();

  await expect(stuck).rejects.toMatchObject({ code: 'ECONNRESET' });
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(190);
  expect(events).toEqual(['closed']);
  expect(messages).toContain('Requests still running after the grace period: closing their connections');
});

test('an idle kept-alive connection does not hold shutdown up', async () => {
  const { logger } = recordingLogger();
  running = await listen(siteWithSlowRoute([]).handler, { port: 0, logger, graceMs: 5_000 });

  await expect(get(running.port, '/', keepAlive)).resolves.toEqual({ status: 200, body: 'quick' });
  const startedAt = Date.now();
  await running.shutdown();

  expect(Date.now() - startedAt).toBeLessThan(1_000);
});

test('a second signal during shutdown does not close the stores twice', async () => {
  let closings = 0;
  const { logger } = recordingLogger();
  running = await listen(siteWithSlowRoute([]).handler, { port: 0, logger, onClosed: async () => void closings++ });

  await Promise.all([running.shutdown(), running.shutdown()]);

  expect(closings).toBe(1);
});
