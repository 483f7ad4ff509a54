import net from 'node:net';
import { gql } from '@apollo/client';
import express from 'express';
import { pino } from 'pino';
import pg from 'pg';
import { ServiceError, ServiceClient } from '#server/services/service-client.ts';
import { RETRY_AFTER_SECONDS } from './dependency-errors.ts';
import { createGraphQLService } from './graphql-service.ts';
import { createInProcessFetch } from './in-process-fetch.ts';

/**
 * A service whose database is down answers SERVICE_UNAVAILABLE with HTTP 503 (decision 0033),
 * masked in production like any failure, and says so once a minute in its logs.
 */

const ORDERS = gql`
  query Orders {
    ordersCount
  }
`;

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function serviceWithDatabaseDown(logLines: string[]) {
  const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'commerce', database: 'commerce' });
  const service = await createGraphQLService({
    name: 'commerce',
    typeDefs: 'type Query { ordersCount: Int! broken: Int! }',
    resolvers: {
      Query: {
        ordersCount: async () => (await pool.query<{ count: number }>('select count(*)::int as count from orders')).rows[0]!.count,
        broken: () => {
          throw new Error('A bug in a resolver');
        },
      },
    },
    context: async () => ({}),
    production: true,
    logger: pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) }),
  });
  const fetch = createInProcessFetch(express().use('/graphql', service.router));
  return { fetch, close: async () => Promise.all([service.stop(), pool.end()]) };
}

test('a query the database cannot answer is a masked 503 SERVICE_UNAVAILABLE with Retry-After, warned about once', async () => {
  const logLines: string[] = [];
  const service = await serviceWithDatabaseDown(logLines);
  try {
    const ask = (query: string) =>
      service.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
        body: JSON.stringify({ query }),
      });
    const answer = await ask('{ ordersCount }');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    const body = (await answer.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(body.errors[0]).toMatchObject({ message: 'Service temporarily unavailable', extensions: { code: 'SERVICE_UNAVAILABLE' } });
    expect(JSON.stringify(body)).not.toContain('ECONNREFUSED');

    // A bug stays what it was: an answer with a masked INTERNAL_SERVER_ERROR.
    const bug = await ask('{ broken }');
    expect(bug.status).toBe(200);
    expect(((await bug.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('INTERNAL_SERVER_ERROR');

    // The second outage failure within the minute is counted, not logged.
    await ask('{ ordersCount }');
    const warnings = logLines.map((line) => JSON.parse(line) as { msg: string; level: number }).filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/^Unavailable: 127\.0\.0\.1:\d+$/);
  } finally {
    await service.close();
  }
});

test("the web tier's ServiceError carries the 503 and the code", async () => {
  const service = await serviceWithDatabaseDown([]);
  try {
    const client = new ServiceClient({ name: 'commerce', url: 'http://localhost/graphql', fetch: service.fetch });
    const error = await client.query(ORDERS, {}).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ service: 'commerce', status: 503, code: 'SERVICE_UNAVAILABLE' });
  } finally {
    await service.close();
  }
});
