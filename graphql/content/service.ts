import type { Request, Router } from 'express';
import type { DatabaseHandle } from '#platform/database.ts';
import { bearerToken, sameSecret } from '#platform/bearer-token.ts';
import { createGraphQLService, forbidden, httpError, unauthorized } from '#platform/graphql-service.ts';
import type { Logger } from '#platform/logger.ts';
import { migrate } from '#platform/migrations.ts';
import { createAssetLoader } from './assets.ts';
import { EntryStore } from './entry-store.ts';
import { createImageRouter } from './image-router.ts';
import { hasContent, importContent } from './import-content.ts';
import { CONTENT_SCHEMA, contentMigrations } from './migrations.ts';
import { ensureSearchDocuments } from './search-documents.ts';
import { resolvers, type ContentContext } from './resolvers/index.ts';
import { typeDefs } from './schema/index.ts';

/** SPEC 7.1 request options, as headers. */
export const CONTENT_HEADERS = {
  environment: 'x-content-environment',
  includeDrafts: 'x-include-drafts',
  excludeInvalid: 'x-exclude-invalid',
} as const;

export const CONTENT_ENVIRONMENTS = ['main', 'staging'];
const MAX_DEPTH = 12;
const MAX_COST = 20_000;
// The layout's query asks for the navigation, footer and site settings at once.
const MAX_ROOT_FIELDS = 20;

export interface ContentServiceOptions {
  database: DatabaseHandle;
  /** The bearer token callers must present (SPEC 7.1). */
  token: string;
  /** The preview credential: the only token for which drafts are included (SPEC 1, 6). */
  previewToken: string;
  production: boolean;
  logger: Logger;
  /** Content files, imported into every empty environment at start. */
  contentFolder: string;
  /** The pictures content refers to (public/media): measured at import, served in variants. */
  mediaDir?: string | undefined;
  /** Where rendered picture variants are kept; in memory only when absent. */
  imageCacheDir?: string | undefined;
  clock?: () => Date;
}

export interface ContentService {
  /** GraphQL, mounted at /graphql/content. */
  router: Router;
  /** Responsive picture variants, mounted at /images. */
  images: Router;
  stop(): Promise<void>;
}

/**
 * The content service (SPEC 3.1, 3.2, 7.1): GraphQL over the content entries of an environment,
 * reachable with the bearer token; drafts only with the preview token and the include-drafts header.
 */
export async function createContentService(options: ContentServiceOptions): Promise<ContentService> {
  const { database, logger } = options;
  await migrate(database, CONTENT_SCHEMA, contentMigrations);
  for (const environment of CONTENT_ENVIRONMENTS) {
    if (await hasContent(database.db, environment)) {
      await ensureSearchDocuments(database.db, environment);
      continue;
    }
    const result = await importContent(database.db, options.contentFolder, { environment, mediaDir: options.mediaDir });
    if (result.assets.missing.length) logger.warn({ missing: result.assets.missing.length, example: result.assets.missing[0] }, 'Pictures missing from the media folder');
    logger.info({ environment, read: result.read, written: result.written, measured: result.assets.measured }, 'Imported the content files');
  }
  const clock = options.clock ?? (() => new Date());

  const service = await createGraphQLService<ContentContext>({
    name: 'content',
    typeDefs,
    resolvers,
    production: options.production,
    logger,
    limits: { depth: MAX_DEPTH, cost: MAX_COST, rootFields: MAX_ROOT_FIELDS },
    async context(req: Request) {
      const token = bearerToken(req.headers.authorization);
      const preview = Boolean(token && sameSecret(token, options.previewToken));
      if (!token || (!preview && !sameSecret(token, options.token))) throw unauthorized('A valid content token is required');
      const environment = req.get(CONTENT_HEADERS.environment) ?? 'main';
      if (!CONTENT_ENVIRONMENTS.includes(environment)) throw httpError(400, `Unknown content environment ${environment}`, 'BAD_REQUEST');
      const includeDrafts = req.get(CONTENT_HEADERS.includeDrafts) === 'true';
      if (includeDrafts && !preview) throw forbidden('Drafts are only included for the preview token');
      return {
        store: new EntryStore(database.db, { environment, preview: includeDrafts }),
        assets: createAssetLoader(database.db),
        db: database.db,
        now: clock(),
        excludeInvalid: req.get(CONTENT_HEADERS.excludeInvalid) === 'true',
        memo: new Map(),
      };
    },
  });
  const images = createImageRouter({ db: database.db, mediaDir: options.mediaDir ?? '', cacheDir: options.imageCacheDir, logger });
  return { router: service.router, images, stop: service.stop };
}
