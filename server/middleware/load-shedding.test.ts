import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { LoadShedder, ProcessOverloaded, SHED_RETRY_AFTER_SECONDS, type ShedReason } from './load-shedding.ts';

/**
 * The shedder on its own, over real HTTP: which requests it refuses as the requests in flight add
 * up, that cheap answers go on longer, and that probes, metrics and files always pass.
 */

interface Harness {
  origin: string;
  shed: ShedReason[];
  /** Requests to /slow and /cached/slow wait here until released. */
  release(): void;
  arrived(count: number): Promise<void>;
  close(): Promise<void>;
}

async function harness(maxInFlight: number): Promise<Harness> {
  const shed: ShedReason[] = [];
  const shedder = new LoadShedder({
    eventLoopDelayMs: 0,
    maxInFlight,
    isCheap: (req) => req.path.startsWith('/cached'),
    onShed: (reason) => shed.push(reason),
  });
  const waiting: (() => void)[] = [];
  let arrivals = 0;
  const app = express();
  app.use(shedder.middleware());
  app.get(['/slow', '/cached/slow'], (_req, res) => {
    arrivals++;
    waiting.push(() => res.send('slow'));
  });
  app.get(['/cached', '/page', '/healthz', '/readyz', '/metrics', '/assets/site.css'], (req, res) => res.send(req.path));
  const refusals: ErrorRequestHandler = (error, _req, res, next) => {
    if (!(error instanceof ProcessOverloaded)) return next(error);
    res.status(503).set('Retry-After', String(SHED_RETRY_AFTER_SECONDS)).send(error.reason);
  };
  app.use(refusals);
  const server: Server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    shed,
    release: () => waiting.splice(0).forEach((answer) => answer()),
    async arrived(count) {
      while (arrivals < count) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const get = async (origin: string, path: string) => {
  const response = await fetch(`${origin}${path}`);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
};

test('past the requests in flight it refuses at once with 503 and Retry-After; cheap answers go on to twice the limit', async () => {
  const site = await harness(2);
  try {
    const slow = [get(site.origin, '/slow'), get(site.origin, '/slow')];
    await site.arrived(2);

    // Two in flight: a page is refused, a cached page and the probes are not.
    expect(await get(site.origin, '/page')).toEqual({ status: 503, retryAfter: String(SHED_RETRY_AFTER_SECONDS), body: 'in_flight' });
    expect(await get(site.origin, '/cached')).toEqual({ status: 200, retryAfter: null, body: '/cached' });

    // Cheap requests are let in up to four in flight; then they are refused too. Probes, metrics and files still pass.
    slow.push(get(site.origin, '/cached/slow'), get(site.origin, '/cached/slow'));
    await site.arrived(4);
    expect((await get(site.origin, '/cached')).status).toBe(503);
    for (const path of ['/healthz', '/readyz', '/metrics', '/assets/site.css']) {
      expect({ path, status: (await get(site.origin, path)).status }).toEqual({ path, status: 200 });
    }

    site.release();
    // Requests admitted before the limit was reached are answered as usual.
    const answers = await Promise.all(slow);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(site.shed).toEqual(['in_flight', 'in_flight']);

    // Once they are answered the process takes requests again.
    expect((await get(site.origin, '/page')).status).toBe(200);
  } finally {
    site.release();
    await site.close();
  }
});

test('a blocked event loop is noticed by the next reading and refuses pages until it is back', async () => {
  const shed: ShedReason[] = [];
  const shedder = new LoadShedder({ eventLoopDelayMs: 100, maxInFlight: 0, sampleMs: 50, onShed: (reason) => shed.push(reason) });
  shedder.start();
  try {
    const request = { path: '/page' } as express.Request;
    expect(shedder.reasonToShed(request)).toBeUndefined();
    const until = Date.now() + 400;
    while (Date.now() < until);
    // The sampler's timer runs first when the loop comes back, before any I/O is read.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shedder.delayMs).toBeGreaterThan(100);
    expect(shedder.reasonToShed(request)).toBe('event_loop_delay');
    // A quiet period later, the next reading lets requests in again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shedder.reasonToShed(request)).toBeUndefined();
  } finally {
    shedder.stop();
  }
});
