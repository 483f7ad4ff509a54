import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { exportContent } from './export-content.ts';
import { importContent } from './import-content.ts';
import { contentFolder, pageRecord, startContentService, type RunningContent } from './test-support/content-fixture.ts';

const POSTER = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#C8FF2E"/><circle cx="800" cy="450" r="300" fill="#FF2E93"/></svg>`;

describe('pictures (SPEC 3.1)', () => {
  let mediaDir: string;
  let fixture: Awaited<ReturnType<typeof contentFolder>>;
  let content: RunningContent;
  let responsiveUrl: string;

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'nabd-media-'));
    await mkdir(path.join(mediaDir, 'pages'), { recursive: true });
    await writeFile(path.join(mediaDir, 'pages', 'poster.svg'), POSTER);
    const home = pageRecord('page-home', 'page.home');
    home.shared!.header = { cover: { image: 'pages/poster.svg' } };
    home.en.header = { title: 'Home', cover: { alt: 'A poster' } };
    home.ar.header = { title: 'الرئيسية', cover: { alt: 'ملصق' } };
    fixture = await contentFolder([home]);
    content = await startContentService(fixture.folder, { mediaDir });
    const { body } = await content.query({ query: '{ homePage(locale: ar) { header { cover { url responsiveUrl mimeType width height alt blurDataUrl } } } }' });
    responsiveUrl = body.data.homePage.header.cover.responsiveUrl;
  });
  afterAll(async () => {
    await content.close();
    await fixture.remove();
    await rm(mediaDir, { recursive: true, force: true });
  });

  test('are measured at import, with a blur-up placeholder', async () => {
    const { body } = await content.query({ query: '{ homePage(locale: ar) { header { cover { url mimeType width height alt blurDataUrl } } } }' });
    const cover = body.data.homePage.header.cover;
    expect(cover).toMatchObject({ url: '/media/pages/poster.svg', mimeType: 'image/svg+xml', width: 1600, height: 900, alt: 'ملصق' });
    expect(cover.blurDataUrl).toMatch(/^data:image\/webp;base64,/);
    expect(cover.blurDataUrl.length).toBeLessThan(600);
    expect(responsiveUrl).toMatch(/^\/images\/[0-9a-f]{12}\/pages\/poster\.svg$/);
  });

  test.each([
    ['image/avif,image/webp,*/*', 'image/avif'],
    ['image/webp,*/*', 'image/webp'],
    ['*/*', 'image/png'],
  ])('come in the format the browser takes (Accept %s gives %s), cached for a year', async (accept, type) => {
    const response = await request(content.app).get(`${responsiveUrl}?w=480`).set('Accept', accept).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/Accept/);
    expect((await sharp(response.body as Buffer).metadata()).width).toBe(480);
  });

  test('refuse widths that are not offered and pictures content does not use', async () => {
    expect((await request(content.app).get(`${responsiveUrl}?w=481`)).status).toBe(400);
    expect((await request(content.app).get('/images/abc/pages/other.svg?w=480')).status).toBe(404);
    expect((await request(content.app).get('/images/abc/pages/..%2F..%2Fsecret.svg?w=480')).status).toBe(400);
  });

  test('an outdated version redirects to the current one', async () => {
    const response = await request(content.app).get('/images/000000000000/pages/poster.svg?w=320');
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(`${responsiveUrl}?w=320`);
  });
});

describe('import and export', () => {
  test('exporting then importing the export into another environment gives the same entries', async () => {
    const fixture = await contentFolder([
      pageRecord('page-home', 'page.home'),
      { ...pageRecord('page-plans', 'page.aboutCustom', { slug: 'plans' }), status: 'draft' },
      { ...pageRecord('page-about', 'page.about'), draft: { ar: { title: 'من نحن (قريبًا)' } } },
    ]);
    const content = await startContentService(fixture.folder);
    const out = await mkdtemp(path.join(tmpdir(), 'nabd-export-'));
    try {
      expect(await exportContent(content.database.db, out)).toEqual({ written: 3 });
      expect((await readdir(out, { recursive: true })).filter((file) => file.endsWith('.json')).sort()).toEqual([
        'pages/page-about.json',
        'pages/page-home.json',
        'pages/plans.json',
      ]);
      expect(JSON.parse(await readFile(path.join(out, 'pages', 'plans.json'), 'utf8')).status).toBe('draft');
      await importContent(content.database.db, out, { environment: 'staging' });
      // Same records, same fields, same versions.
      const entriesOf = (environment: string) =>
        queryRows(content.database.db, sql`select id, locale, version, fields from content.entries where environment = ${environment} order by id, locale, version`);
      expect(await entriesOf('staging')).toEqual(await entriesOf('main'));
    } finally {
      await content.close();
      await fixture.remove();
      await rm(out, { recursive: true, force: true });
    }
  });
});
