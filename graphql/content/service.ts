import type { Request } from 'express';
import type { DatabaseHandle } from '#platform/database.ts';
import { createGraphQLService, unauthorized, type GraphQLService } from '#platform/graphql-service.ts';
import { bearerToken, sameSecret } from '#platform/bearer-token.ts';
import { migrate } from '#platform/migrations.ts';
import type { Logger } from '#platform/logger.ts';
import { EntryStore } from './entry-store.ts';
import { hasContent, importContent } from './import-content.ts';
import { CONTENT_SCHEMA, contentMigrations } from './migrations.ts';
import { resolvers, type ContentContext } from './resolvers.ts';
import typeDefs from './schema.graphql';

export interface ContentServiceOptions {
  database: DatabaseHandle;
  /** The bearer token callers must present (SPEC 7.1). */
  token: string;
  production: boolean;
  logger: Logger;
  /** Folder of content files imported into an empty database at start. */
  contentFolder: string;
  clock?: () => Date;
}

/**
 * The content service (SPEC 3.1, 3.2, 7.1): GraphQL over the content entries, reachable only
 * with the bearer token.
 */
export async function createContentService(options: ContentServiceOptions): Promise<GraphQLService> {
  const { database, logger } = options;
  await migrate(database, CONTENT_SCHEMA, contentMigrations);
  if (!(await hasContent(database.db))) {
    const result = await importContent(database.db, options.contentFolder);
    logger.info(result, 'Imported content files into an empty content database');
  }
  const clock = options.clock ?? (() => new Date());
  const store = new EntryStore(database.db);

  return createGraphQLService<ContentContext>({
    name: 'content',
    typeDefs,
    resolvers,
    production: options.production,
    logger,
    async context(req: Request) {
      const token = bearerToken(req.headers.authorization);
      if (!token || !sameSecret(token, options.token)) throw unauthorized('A valid content token is required');
      return { store, now: clock(), memo: new Map() };
    },
  });
}
