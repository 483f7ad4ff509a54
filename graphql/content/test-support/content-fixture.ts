import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import type { DatabaseBackend } from '#test/support/backends.ts';
import { createContentService, type ContentService } from '../service.ts';

/** A content record as the files hold it (content/README.md), built by the factories below. */
export interface RecordFile {
  id: string;
  type: string;
  slug?: string;
  status?: 'draft';
  publishedAt?: string;
  shared?: Record<string, unknown>;
  en: Record<string, unknown>;
  ar: Record<string, unknown>;
  draft?: { shared?: Record<string, unknown>; en?: Record<string, unknown>; ar?: Record<string, unknown> };
}

export const reference = (id: string) => ({ ref: id });

/** Both languages of a title, the Arabic one marked so tests can tell them apart. */
const titles = (title: string) => ({ en: { title }, ar: { title: `${title} (ar)` } });

export function eventRecord(slug: string, options: { start: string; end: string; city?: string; unlisted?: boolean; tickets?: boolean; lineup?: string }): RecordFile {
  return {
    id: `event-${slug}`,
    type: 'event',
    slug,
    shared: {
      config: {
        startDatetime: options.start,
        endDatetime: options.end,
        timezone: 'Asia/Riyadh',
        colourAccent: '#C8FF2E',
        cityKey: options.city ?? 'riyadh',
        eventType: 'festival',
        eventStyle: 'night',
        unlistedEvent: options.unlisted ?? false,
        enableTickets: options.tickets ?? false,
        ...(options.tickets ? { ticketsExternalId: `evt_${slug}` } : {}),
        ...(options.lineup ? { lineup: reference(options.lineup) } : {}),
      },
    },
    en: { title: slug, config: { city: 'Riyadh' } },
    ar: { title: `${slug} (ar)`, config: { city: 'الرياض' } },
  };
}

export function performerRecord(slug: string, extra: Record<string, unknown> = {}): RecordFile {
  return { id: `performer-${slug}`, type: 'performer', slug, shared: extra, en: { name: slug }, ar: { name: `${slug} (ar)` } };
}

export function performanceRecord(slug: string, options: { event: string; stage?: string; performers: string[]; start: string; end: string; ar?: Record<string, unknown> }): RecordFile {
  return {
    id: `performance-${slug}`,
    type: 'performance',
    slug,
    shared: {
      event: reference(options.event),
      ...(options.stage ? { stage: reference(options.stage) } : {}),
      performers: options.performers.map(reference),
      startDatetime: options.start,
      endDatetime: options.end,
    },
    en: { title: slug, description: `About ${slug}` },
    ar: options.ar ?? { title: `${slug} (ar)`, description: `عن ${slug}` },
  };
}

export function pageRecord(id: string, type: string, options: { slug?: string; shared?: Record<string, unknown> } = {}): RecordFile {
  return { id, type, ...(options.slug ? { slug: options.slug } : {}), shared: { pageType: type.replace('page.', ''), moduleName: 'test', ...options.shared }, ...titles(id) };
}

export function simpleRecord(id: string, type: string, shared: Record<string, unknown>, options: { slug?: string; en?: Record<string, unknown>; ar?: Record<string, unknown> } = {}): RecordFile {
  return { id, type, ...(options.slug ? { slug: options.slug } : {}), shared, en: options.en ?? { title: id }, ar: options.ar ?? { title: `${id} (ar)` } };
}

/** Writes records as content files in a fresh folder. */
export async function contentFolder(records: RecordFile[]): Promise<{ folder: string; write(records: RecordFile[]): Promise<void>; remove(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'nabd-content-fixture-'));
  const write = async (items: RecordFile[]) => {
    for (const record of items) {
      const file = path.join(folder, record.type, `${record.id}.json`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify(record, null, 2));
    }
  };
  await write(records);
  return { folder, write, remove: () => rm(folder, { recursive: true, force: true }) };
}

export const TOKEN = 'test-content-token';
export const PREVIEW_TOKEN = 'test-preview-token';

export interface RunningContent {
  app: express.Express;
  database: DatabaseHandle;
  service: ContentService;
  /** Round trips to the database since the last reset. */
  queries: { count: number };
  query(body: { query: string; variables?: object }, headers?: Record<string, string>): Promise<request.Response>;
  close(): Promise<void>;
}

/** The content service over a folder of records, on an in-memory database (or the given one). */
export async function startContentService(
  folder: string,
  options: { url?: string | undefined; production?: boolean; mediaDir?: string; now?: string; initialData?: Blob } = {},
): Promise<RunningContent> {
  const queries = { count: 0 };
  const database = await openDatabase({
    url: options.url,
    dataDir: 'memory://',
    initialData: options.initialData,
    onQuery: () => void (queries.count += 1),
  });
  const service = await createContentService({
    database,
    token: TOKEN,
    previewToken: PREVIEW_TOKEN,
    production: options.production ?? false,
    logger: createLogger({ level: 'silent' }),
    contentFolder: folder,
    ...(options.mediaDir ? { mediaDir: options.mediaDir } : {}),
    clock: () => new Date(options.now ?? '2026-11-21T12:00:00Z'),
  });
  const app = express().use('/graphql/content', service.router).use('/images', service.images);
  return {
    app,
    database,
    service,
    queries,
    query: (body, headers = {}) =>
      request(app)
        .post('/graphql/content')
        .set({ authorization: `Bearer ${TOKEN}`, ...headers })
        .send(body),
    async close() {
      await service.stop();
      await database.close();
    },
  };
}

/**
 * For a `describe` block: the content service over `records` on a fresh database of `backend`,
 * started before its tests and torn down after them. Read `.content` inside the tests.
 */
export function contentServiceFor(backend: DatabaseBackend, records: RecordFile[]): { readonly content: RunningContent } {
  let target: Awaited<ReturnType<DatabaseBackend['create']>>;
  let fixture: Awaited<ReturnType<typeof contentFolder>>;
  let content: RunningContent;
  beforeAll(async () => {
    target = await backend.create();
    fixture = await contentFolder(records);
    content = await startContentService(fixture.folder, { url: target.url });
  });
  afterAll(async () => {
    await content.close();
    await fixture.remove();
    await target.drop();
  });
  return {
    get content() {
      return content;
    },
  };
}
