import net from 'node:net';
import { pino } from 'pino';
import { listen, type RunningServer } from '#server/lifecycle.ts';
import { SHED_RETRY_AFTER_SECONDS } from '#server/middleware/load-shedding.ts';
import { decoded } from './support/html.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';

/**
 * Load shedding on the whole site (decision 0043): past its capacity a process answers at once
 * with 503, Retry-After and the "unavailable" page in the visitor's language, instead of queueing;
 * /healthz still answers, and every refusal is counted in /metrics.
 */

const METRICS_TOKEN = 'load-shedding-test-metrics-token';
const TICKETS = '/events/nabd-festival-2026/tickets';

/** Until the process reads its loop as quiet again (a busy machine delays it too), a page may be refused. */
async function servedOnceQuiet(port: number, path: string): Promise<number> {
  const deadline = Date.now() + 15_000;
  let status = 0;
  while (Date.now() < deadline && (status = (await sent(port, path)).status) === 503) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return status;
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
  /** When the answer had fully arrived (performance.now()). */
  at: number;
}

/**
 * An open connection; `send` writes a request on it at once, without giving the event loop a turn,
 * and `answer` resolves once the server has answered and closed it.
 */
async function connection(port: number): Promise<{ send(path: string): Promise<Answer> }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  const answer = new Promise<Answer>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        retryAfter: /\r\nretry-after: ([^\r]*)/i.exec(head)?.[1],
        body: rest.join('\r\n\r\n'),
        at: performance.now(),
      });
    });
  });
  return {
    send(path) {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n`);
      return answer;
    },
  };
}

const sent = async (port: number, path: string): Promise<Answer> => (await connection(port)).send(path);

/** A form post whose body is still on its way: the request is in flight until `finish` sends the rest. */
async function slowPost(port: number, path: string): Promise<{ finish(): Promise<Answer> }> {
  const body = 'intent=add&ticketId=tkt_nabd_ga&quantity=1';
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  const answered = new Promise<Answer>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0),
        retryAfter: undefined,
        body: received,
        at: performance.now(),
      }),
    );
  });
  // Wait until the server has the request: its headers are read as soon as they arrive.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    finish() {
      socket.write(body.slice(10));
      return answered;
    },
  };
}

const text = (html: string) => decoded(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

async function shedCount(site: TestSite): Promise<Record<string, number>> {
  const response = await site.fetch('http://localhost:3000/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const body = await response.text();
  return Object.fromEntries(
    [...body.matchAll(/^nabd_shed_requests_total\{reason="(\w+)"\} (\d+)/gm)].map((match) => [match[1]!, Number(match[2])]),
  );
}

let site: TestSite;
let running: RunningServer;

afterEach(async () => {
  running?.server.closeAllConnections();
  await running?.shutdown();
  await site?.close();
});

async function start(environment: Record<string, string>) {
  site = await startTestSite({ METRICS_TOKEN: METRICS_TOKEN, ...environment });
  running = await listen(site.app, { port: 0, logger: pino({ level: 'silent' }), announceMs: 0, graceMs: 1_000 });
}

test('a blocked event loop: the requests that queued meanwhile get a fast 503 page in their language, /healthz still 200', async () => {
  await start({ SHED_EVENT_LOOP_DELAY_MS: '150' });
  // Starting is busy work; once the loop is quiet, pages are served.
  expect(await servedOnceQuiet(running.port, '/events')).toBe(200);

  const connections = await Promise.all([connection(running.port), connection(running.port), connection(running.port)]);
  // All three requests are written in one turn of the loop, so the server reads none of them before
  // the block below: what a process stuck rendering for a second looks like to the requests that arrive meanwhile.
  const answers = [connections[0]!.send('/events'), connections[1]!.send('/ar/events'), connections[2]!.send('/healthz')] as const;
  const blockedUntil = performance.now() + 1_000;
  while (performance.now() < blockedUntil);
  const [inEnglish, inArabic, healthz] = await Promise.all(answers);

  expect({ status: inEnglish.status, retryAfter: inEnglish.retryAfter }).toEqual({
    status: 503,
    retryAfter: String(SHED_RETRY_AFTER_SECONDS),
  });
  expect(text(inEnglish.body)).toContain('This page is temporarily unavailable. Please try again in a moment.');
  expect({ status: inArabic.status, retryAfter: inArabic.retryAfter }).toEqual({
    status: 503,
    retryAfter: String(SHED_RETRY_AFTER_SECONDS),
  });
  expect(text(inArabic.body)).toContain('هذه الصفحة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى بعد قليل.');
  expect(healthz.status).toBe(200);
  // Fast: refused as soon as the loop is back, not rendered. Generous, for a shared machine.
  for (const answer of [inEnglish, inArabic]) expect(answer.at - blockedUntil).toBeLessThan(1_000);
  expect((await shedCount(site)).event_loop_delay).toBeGreaterThanOrEqual(2);

  // Once the loop is back to normal, pages are served again.
  expect(await servedOnceQuiet(running.port, '/events')).toBe(200);
});

test('past the in-flight limit pages are refused at once, cached pages last, /healthz never', async () => {
  await start({ SHED_MAX_IN_FLIGHT: '2' });
  // The events page, rendered once, is then answered from the page cache: cheap.
  expect(await servedOnceQuiet(running.port, '/events')).toBe(200);
  expect((await sent(running.port, '/events')).status).toBe(200);

  // Two visitors on slow networks: their forms are still arriving, each a request in flight.
  const slow = [await slowPost(running.port, TICKETS), await slowPost(running.port, TICKETS)];

  const [english, arabic, cached, healthz] = await Promise.all([
    sent(running.port, TICKETS),
    sent(running.port, `/ar${TICKETS}`),
    sent(running.port, '/events'),
    sent(running.port, '/healthz'),
  ]);
  expect({ status: english.status, retryAfter: english.retryAfter }).toEqual({ status: 503, retryAfter: String(SHED_RETRY_AFTER_SECONDS) });
  expect(text(english.body)).toContain('This page is temporarily unavailable. Please try again in a moment.');
  expect({ status: arabic.status, retryAfter: arabic.retryAfter }).toEqual({ status: 503, retryAfter: String(SHED_RETRY_AFTER_SECONDS) });
  expect(text(arabic.body)).toContain('هذه الصفحة غير متاحة مؤقتًا');
  expect(cached.status).toBe(200);
  expect(healthz.status).toBe(200);
  expect((await shedCount(site)).in_flight).toBe(2);

  // Their forms arrive and are answered (without a form token: refused, but answered); then pages are served again.
  for (const answer of await Promise.all(slow.map((request) => request.finish()))) expect(answer.status).not.toBe(503);
  expect((await sent(running.port, TICKETS)).status).toBe(200);
});
