import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { fromRoot } from '#platform/paths.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { importContent } from './import-content.ts';
import { createContentService } from './service.ts';

const TOKEN = 'test-content-token';
const PREVIEW_TOKEN = 'test-preview-token';

describe.each(databaseBackends)('the content service on $name', (backend) => {
  let target: Awaited<ReturnType<typeof backend.create>>;
  let database: DatabaseHandle;
  let app: express.Express;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    target = await backend.create();
    database = await openDatabase({ url: target.url, dataDir: 'memory://' });
    const service = await createContentService({
      database,
      token: TOKEN,
      previewToken: PREVIEW_TOKEN,
      production: false,
      logger: createLogger({ level: 'silent' }),
      contentFolder: fromRoot('content'),
      clock: () => new Date('2026-11-21T12:00:00Z'),
    });
    stop = service.stop;
    app = express().use('/graphql/content', service.router);
  });
  afterAll(async () => {
    await stop();
    await database.close();
    await target.drop();
  });

  const query = (body: object, token: string | null = TOKEN) => {
    const call = request(app).post('/graphql/content');
    return (token ? call.set('Authorization', `Bearer ${token}`) : call).send(body);
  };

  test('answers 401 without the bearer token or with a wrong one (SPEC 7.1)', async () => {
    expect((await query({ query: '{ __typename }' }, null)).status).toBe(401);
    expect((await query({ query: '{ __typename }' }, 'wrong-token')).status).toBe(401);
  });

  test('invalid queries and variables are client errors, never 500', async () => {
    expect((await query({ query: '{ nope }' })).status).toBe(400);
    expect((await query({ query: 'query($l: Locale!) { footer(locale: $l) { socials { order } } }', variables: { l: 'fr' } })).status).toBe(400);
    expect((await query({ query: '{' })).status).toBe(400);
  });

  test('lists upcoming events soonest first, in the asked locale, without unlisted ones', async () => {
    const response = await query({
      query: 'query($locale: Locale!) { eventCards(locale: $locale, filter: { timeframe: upcoming }) { total items { slug config { city } } } }',
      variables: { locale: 'ar' },
    });
    expect(response.status).toBe(200);
    const { total, items } = response.body.data.eventCards;
    expect(items.map((event: { slug: string }) => event.slug)).toEqual([
      'nabd-festival-2026',
      'dunes-sessions-2027',
      'nabd-nights-jeddah-2027',
      'future-sound-forum-2027',
    ]);
    expect(total).toBe(4);
    expect(items[0].config.city).toBe('الرياض');
  });

  test('pages of event cards keep the total', async () => {
    const response = await query({ query: '{ eventCards(locale: en, orderBy: startDatetime_DESC, first: 2, skip: 1) { total items { slug } } }' });
    expect(response.body.data.eventCards).toEqual({
      total: 6,
      items: [{ slug: 'nabd-nights-jeddah-2027' }, { slug: 'dunes-sessions-2027' }],
    });
  });

  test('the events menu lists current and past events from the events themselves', async () => {
    const response = await query({ query: '{ navigation(locale: en) { menus { kind currentEvents { slug } pastEvents { slug } } } }' });
    const events = response.body.data.navigation.menus.find((menu: { kind: string }) => menu.kind === 'events');
    expect(events.currentEvents).toHaveLength(4);
    expect(events.pastEvents.map((event: { slug: string }) => event.slug)).toEqual(['balad-beats-2026', 'nabd-festival-2025']);
  });

  test('an event by slug, the not-found page and socials in their order', async () => {
    const response = await query({
      query: `{ event(locale: ar, slug: "dunes-sessions-2027") { title pageType moduleName seo { noIndex } config { colourAccent timezone } }
                missing: event(locale: en, slug: "nope") { title }
                notFoundPage(locale: ar) { title links { title page { entityType } } }
                footer(locale: en) { socials { order links { network } } } }`,
    });
    const { event, missing, notFoundPage, footer } = response.body.data;
    expect(event).toEqual({ title: 'جلسات الكثبان', pageType: 'event', moduleName: 'events', seo: { noIndex: false }, config: { colourAccent: '#FF8A3D', timezone: 'Asia/Riyadh' } });
    expect(missing).toBeNull();
    expect(notFoundPage.title).toBe('هذه الصفحة غادرت المسرح');
    expect(footer.socials.links.slice(0, 3).map((link: { network: string }) => link.network)).toEqual(['facebook', 'instagram', 'youtube']);
  });
});

describe('importing the content files', () => {
  let folder: string;
  let database: DatabaseHandle;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'nabd-content-'));
    await cp(fromRoot('content'), folder, { recursive: true });
    database = await openDatabase({ dataDir: 'memory://' });
    await createContentService({ database, token: TOKEN, previewToken: PREVIEW_TOKEN, production: false, logger: createLogger({ level: 'silent' }), contentFolder: folder });
  });
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  test('is idempotent, and a changed file updates just its record', async () => {
    expect((await importContent(database.db, folder)).written).toBe(0);
    const file = path.join(folder, 'events', 'dunes-sessions-2027.json');
    const event = JSON.parse(await readFile(file, 'utf8'));
    event.ar.title = 'جلسات الكثبان 2027';
    await writeFile(file, JSON.stringify(event));
    expect((await importContent(database.db, folder)).written).toBe(1);
  });
});
