import express from 'express';
import request from 'supertest';
import { importContent } from '#graphql/content/import-content.ts';
import {
  contentFolder,
  simpleRecord,
  startContentService,
  TOKEN,
  type RunningContent,
} from '#graphql/content/test-support/content-fixture.ts';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';
import { createLogger } from '#platform/logger.ts';
import { ServiceClient } from '../services/service-client.ts';
import { ContentRedirects, normalizedPath, redirectLocation, redirectTable } from './content-redirects.ts';

const redirect = (source: string, destination: string, permanent = true) => ({ source, destination, permanent });

describe('the redirect table', () => {
  test('sources match without their trailing slash, and decoded (Arabic paths)', () => {
    expect(normalizedPath('/shop/')).toBe('/shop');
    expect(normalizedPath('/')).toBe('/');
    expect(normalizedPath('/ar/%D8%A7%D9%84%D9%85%D8%AF%D9%88%D9%86%D8%A9')).toBe('/ar/المدونة');
    expect(normalizedPath('/bad%E0%A4%A')).toBe('/bad%E0%A4%A');
    const table = redirectTable([redirect('/ar/المدونة/', '/ar/xp-feed')]);
    expect(table.get(normalizedPath('/ar/%D8%A7%D9%84%D9%85%D8%AF%D9%88%D9%86%D8%A9'))?.destination).toBe('/ar/xp-feed');
  });

  test('loops are left out: to their own source, or round through others; chains that end stay', () => {
    const table = redirectTable([
      redirect('/self', '/self/?x=1'),
      redirect('/a', '/b'),
      redirect('/b', '/a'),
      redirect('/c', '/d'),
      redirect('/d', '/events'),
    ]);
    expect([...table.keys()].sort()).toEqual(['/c', '/d']);
  });

  test('destinations are this site’s paths or http(s) addresses only', () => {
    const table = redirectTable([
      redirect('/out', 'https://tickets.example/nabd'),
      redirect('/script', 'javascript:alert(1)'),
      redirect('/protocol-relative', '//evil.example'),
      redirect('/mail', 'mailto:hello@nabd.example'),
      redirect('relative', '/events'),
    ]);
    expect([...table.keys()]).toEqual(['/out']);
  });

  test('the visitor’s query string is kept, after the destination’s own and before its fragment', () => {
    expect(redirectLocation('/store', '')).toBe('/store');
    expect(redirectLocation('/store', 'utm_source=x')).toBe('/store?utm_source=x');
    expect(redirectLocation('/store?tab=1#top', 'utm_source=x')).toBe('/store?tab=1&utm_source=x#top');
  });
});

describe('redirects served from the content service', () => {
  const record = (index: number, destination = `/events/e-${index}`) =>
    simpleRecord(
      `redirect-${String(index).padStart(3, '0')}`,
      'redirect',
      { source: `/old-${index}`, destination, permanent: true },
      { en: {}, ar: {} },
    );
  let fixture: Awaited<ReturnType<typeof contentFolder>>;
  let content: RunningContent;
  let serviceDown = false;
  let now = 0;
  let redirects: ContentRedirects;
  let app: express.Express;

  beforeAll(async () => {
    // More than one page of 100, so the whole list has to be paged in.
    fixture = await contentFolder(Array.from({ length: 130 }, (_, index) => record(index)));
    content = await startContentService(fixture.folder);
    const inProcess = createInProcessFetch(express().use('/graphql/content', content.service.router));
    const client = new ServiceClient({
      name: 'content',
      url: 'http://content.test/graphql/content',
      fetch: (input, init) => (serviceDown ? Promise.reject(new Error('content service down')) : inProcess(input, init)),
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    redirects = new ContentRedirects(client, createLogger({ level: 'silent' }), () => now);
    app = express()
      .use(redirects.middleware)
      .use((_req, res) => void res.status(404).send('routed'));
  });
  afterAll(async () => {
    await content.close();
    await fixture.remove();
  });

  test('the whole list, an import picked up on the next refresh, and the last good list through an outage', async () => {
    expect((await request(app).get('/old-0')).headers.location).toBe('/events/e-0');
    expect((await request(app).get('/old-129?x=1')).headers.location).toBe('/events/e-129?x=1');

    await fixture.write([record(0, '/events/renamed')]);
    await importContent(content.database.db, fixture.folder);
    redirects.invalidate();
    // The request that notices never waits: it gets the list it had, and the refresh runs behind it.
    expect((await request(app).get('/old-0')).headers.location).toBe('/events/e-0');
    await redirects.refresh();
    expect((await request(app).get('/old-0')).headers.location).toBe('/events/renamed');

    serviceDown = true;
    now += 30_000;
    await request(app).get('/old-1');
    await redirects.refresh();
    expect((await request(app).get('/old-0')).headers.location).toBe('/events/renamed');
    expect((await request(app).get('/unknown')).text).toBe('routed');
  });
});
