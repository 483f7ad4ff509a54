import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gql, type TypedDocumentNode } from '@apollo/client';
import express from 'express';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';
import { createLogger } from '#platform/logger.ts';
import { importContent } from '#graphql/content/import-content.ts';
import { CONTENT_HEADERS } from '#graphql/content/service.ts';
import {
  contentFolder,
  pageRecord,
  PREVIEW_TOKEN,
  startContentService,
  TOKEN,
  type RunningContent,
} from '#graphql/content/test-support/content-fixture.ts';
import { ContentFreshness } from './content-freshness.ts';
import { QueryCache } from './query-cache.ts';
import { ServiceClient, ServiceError, type ServiceClientOptions } from './service-client.ts';

const ABOUT: TypedDocumentNode<{ aboutPage: { title: string } | null }, { locale: 'en' }> = gql`
  query About($locale: Locale!) {
    aboutPage(locale: $locale) {
      title
    }
  }
`;

describe("the web tier's content client", () => {
  let fixture: Awaited<ReturnType<typeof contentFolder>>;
  let content: RunningContent;
  let cache: QueryCache;
  let client: ServiceClient;

  beforeAll(async () => {
    fixture = await contentFolder([{ ...pageRecord('page-about', 'page.about'), draft: { en: { title: 'About, draft' } } }]);
    content = await startContentService(fixture.folder);
    cache = new QueryCache({ maxEntries: 100, keepMs: 60_000 });
    client = new ServiceClient({
      name: 'content',
      url: 'http://content.test/graphql/content',
      fetch: createInProcessFetch(express().use('/graphql/content', content.service.router)),
      headers: { authorization: `Bearer ${TOKEN}` },
      previewHeaders: { authorization: `Bearer ${PREVIEW_TOKEN}`, [CONTENT_HEADERS.includeDrafts]: 'true' },
      cache: { store: cache, staleMs: 60_000 },
    });
  });
  afterAll(async () => {
    await content.close();
    await fixture.remove();
  });

  test('serves repeated queries from its cache, and preview mode from the service with drafts (SPEC 9.3, 6)', async () => {
    expect((await client.query(ABOUT, { locale: 'en' })).aboutPage?.title).toBe('page-about');
    expect((await client.query(ABOUT, { locale: 'en' }, { preview: true })).aboutPage?.title).toBe('About, draft');
    expect((await client.query(ABOUT, { locale: 'en' })).aboutPage?.title).toBe('page-about');
  });

  test('a client scoped to a preview request asks for drafts on every call; the client it came from does not', async () => {
    const preview = client.scoped({ preview: true });
    expect((await preview.query(ABOUT, { locale: 'en' })).aboutPage?.title).toBe('About, draft');
    expect((await client.query(ABOUT, { locale: 'en' })).aboutPage?.title).toBe('page-about');
  });

  test('drops its cached answers once an import changed the content', async () => {
    const freshness = new ContentFreshness(client, cache, createLogger({ level: 'silent' }));
    let changes = 0;
    freshness.onChange(() => changes++);
    expect(await freshness.check()).toBe(false);
    await fixture.write([{ ...pageRecord('page-about', 'page.about'), en: { title: 'About us, renamed' } }]);
    await importContent(content.database.db, fixture.folder);
    expect((await client.query(ABOUT, { locale: 'en' })).aboutPage?.title).toBe('page-about');
    expect(await freshness.check()).toBe(true);
    expect(changes).toBe(1);
    expect((await client.query(ABOUT, { locale: 'en' })).aboutPage?.title).toBe('About us, renamed');
  });
});

const EVENT: TypedDocumentNode<{ event: { id: string } | null }, { eventId: string }> = gql`
  query Event($eventId: ID!) {
    event(eventId: $eventId) {
      id
    }
  }
`;
const ORDER_CREATE: TypedDocumentNode<{ orderCreate: { orderId: string } }, Record<string, never>> = gql`
  mutation OrderCreate {
    orderCreate {
      orderId
    }
  }
`;

type Answer = { status: number; headers?: Record<string, string>; body?: unknown } | 'never';

/**
 * A service on a real socket that gives its scripted answers in turn (the last one from then on),
 * and remembers when each request arrived. `never` keeps the request waiting.
 */
async function scriptedService(...answers: Answer[]) {
  const arrivals: number[] = [];
  const waiting = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(Date.now());
      const answer = answers[Math.min(arrivals.length, answers.length) - 1]!;
      if (answer === 'never') return void waiting.add(res);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body ?? { errors: [{ message: 'unavailable' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql/commerce`;
  return {
    url,
    arrivals,
    client: (options: Partial<ServiceClientOptions> = {}) => new ServiceClient({ name: 'commerce', url, fetch, ...options }),
    async close() {
      for (const res of waiting) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const FOUND = { status: 200, body: { data: { event: { id: 'evt_nabd_2026' } } } };
const UNAVAILABLE = { status: 503 };

/** What a call ended with, and how long it took. */
async function timed<T>(call: Promise<T>): Promise<{ value?: T; error?: ServiceError; ms: number }> {
  const startedAt = Date.now();
  const outcome = await call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error: error as ServiceError }),
  );
  return { ...outcome, ms: Date.now() - startedAt };
}

describe('calls to a service that is slow or failing (SPEC 7.4, decision 0034)', () => {
  let service: Awaited<ReturnType<typeof scriptedService>> | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  test('a read that gets no answer gives up after its timeout, three times in all', async () => {
    service = await scriptedService('never');
    const { error, ms } = await timed(service.client({ timeoutMs: 500 }).query(EVENT, { eventId: 'evt_nabd_2026' }));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error?.message).toBe('commerce service unreachable: no answer within 500 ms');
    expect(service.arrivals).toHaveLength(3);
    // Each attempt waits its 500 ms, then the backoff (100–200 ms, then 200–400 ms) before the next.
    // Arrivals are seen by the service, a little after each attempt left: on a busy machine the
    // first may arrive late, so the gaps are bounded with that slack.
    const gaps = service.arrivals.slice(1).map((arrival, index) => arrival - service!.arrivals[index]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(500);
    expect(gaps[0]).toBeLessThan(1_200);
    expect(gaps[1]).toBeGreaterThanOrEqual(600);
    expect(gaps[1]).toBeLessThan(1_400);
    expect(ms).toBeGreaterThanOrEqual(1_780);
    expect(ms).toBeLessThan(3_000);
  });

  test('a mutation that gets no answer gives up after its timeout, and is sent once', async () => {
    service = await scriptedService('never');
    const { error, ms } = await timed(service.client({ timeoutMs: 500 }).mutate(ORDER_CREATE, {}));
    expect(error).toBeInstanceOf(ServiceError);
    expect(service.arrivals).toHaveLength(1);
    expect(ms).toBeGreaterThanOrEqual(490);
    expect(ms).toBeLessThan(1_000);
  });

  test('a read answered 503 twice, then 200, succeeds on its third attempt', async () => {
    service = await scriptedService(UNAVAILABLE, UNAVAILABLE, FOUND);
    const { value } = await timed(service.client().query(EVENT, { eventId: 'evt_nabd_2026' }));
    expect(value).toEqual({ event: { id: 'evt_nabd_2026' } });
    expect(service.arrivals).toHaveLength(3);
  });

  test('a read answered 503 three times fails with the status after three attempts', async () => {
    service = await scriptedService(UNAVAILABLE);
    const { error } = await timed(service.client().query(EVENT, { eventId: 'evt_nabd_2026' }));
    expect(error).toBeInstanceOf(ServiceError);
    expect(service.arrivals).toHaveLength(3);
  });

  test('a mutation answered 503 is attempted once: an order is never placed twice', async () => {
    service = await scriptedService(UNAVAILABLE, { status: 200, body: { data: { orderCreate: { orderId: 'NBD-1' } } } });
    const { error } = await timed(service.client().mutate(ORDER_CREATE, {}));
    expect(error).toBeInstanceOf(ServiceError);
    expect(service.arrivals).toHaveLength(1);
  });

  test('a refusal in a 200 answer (BAD_USER_INPUT) is the answer: asked once, its code kept', async () => {
    service = await scriptedService({
      status: 200,
      body: { data: null, errors: [{ message: 'Unknown event', extensions: { code: 'BAD_USER_INPUT' } }] },
    });
    const { error } = await timed(service.client().query(EVENT, { eventId: 'nope' }));
    expect(error?.code).toBe('BAD_USER_INPUT');
    expect(service.arrivals).toHaveLength(1);
  });

  test('throttled with Retry-After, a read waits as long as it was asked to, and not at all when that is longer than a visitor waits', async () => {
    service = await scriptedService({ status: 429, headers: { 'retry-after': '1' } }, FOUND);
    expect((await timed(service.client().query(EVENT, { eventId: 'evt_nabd_2026' }))).value).toEqual({ event: { id: 'evt_nabd_2026' } });
    expect(service.arrivals[1]! - service.arrivals[0]!).toBeGreaterThanOrEqual(990);
    await service.close();

    service = await scriptedService({ status: 503, headers: { 'retry-after': '120' } }, FOUND);
    const { error, ms } = await timed(service.client().query(EVENT, { eventId: 'evt_nabd_2026' }));
    expect(error?.status).toBe(503);
    expect(service.arrivals).toHaveLength(1);
    expect(ms).toBeLessThan(500);
  });
});
