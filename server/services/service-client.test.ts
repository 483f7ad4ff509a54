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
import { ServiceClient } from './service-client.ts';

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
