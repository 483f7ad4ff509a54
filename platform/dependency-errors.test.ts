import { spawn } from 'node:child_process';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { GraphQLError } from 'graphql';
import { ResponseBodyError } from 'openid-client';
import pg from 'pg';
import { ClientClosedError, ClientOfflineError, ErrorReply, SocketClosedUnexpectedlyError } from 'redis';
import { ServiceError } from '#server/services/service-client.ts';
import { unavailableDependency } from './dependency-errors.ts';
import { withinRedisDeadline } from './redis-client.ts';

/** The error a promise rejects with. */
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('PostgreSQL', () => {
  test('a server that refuses the connection is unavailable, named by its address', async () => {
    const port = await closedPort();
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'nobody', database: 'nothing' });
    expect(unavailableDependency(await failureOf(client.connect()))).toBe(`127.0.0.1:${port}`);
  });

  test('a server that accepts but never answers is unavailable once the pool stops waiting', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const pool = new pg.Pool({ host: '127.0.0.1', port: (silent.address() as net.AddressInfo).port, connectionTimeoutMillis: 100 });
    try {
      const error = await failureOf(drizzle(pool).execute(sql`select 1`));
      expect(unavailableDependency(error)).toBe('database');
    } finally {
      await pool.end();
      silent.close();
    }
  });

  const server = process.env.TEST_DATABASE_URL;
  (server ? test : test.skip)(
    'a connection the server terminates (57P01) is unavailable, through drizzle and GraphQL; SQL mistakes are not',
    async () => {
      const pool = new pg.Pool({ connectionString: server, max: 1 });
      pool.on('connect', (client) => client.on('error', () => {}));
      const db = drizzle(pool);
      try {
        const terminated = await failureOf(db.execute(sql`select pg_terminate_backend(pg_backend_pid())`));
        expect(unavailableDependency(terminated)).toBe('database');
        expect(unavailableDependency(new GraphQLError('Failed', { originalError: terminated as Error }))).toBe('database');

        expect(unavailableDependency(await failureOf(db.execute(sql`selec 1`)))).toBeUndefined();
        expect(unavailableDependency(await failureOf(db.execute(sql`select 1 / 0`)))).toBeUndefined();
        // The pool replaced the terminated connection by itself.
        await expect(db.execute(sql`select 1`)).resolves.toBeDefined();
      } finally {
        await pool.end();
      }
    },
  );
});

describe('Redis', () => {
  test('a client that is offline, closed or lost its socket is unavailable', () => {
    for (const error of [new ClientOfflineError(), new ClientClosedError(), new SocketClosedUnexpectedlyError()]) {
      expect(unavailableDependency(error)).toBe('redis');
    }
  });

  test('a call that finds no answer within its deadline is unavailable', async () => {
    const started = performance.now();
    const error = await failureOf(withinRedisDeadline(new Promise(() => {}), 50));
    expect(performance.now() - started).toBeLessThan(500);
    expect(unavailableDependency(error)).toBe('redis');
  });

  test('an answer that came in time is not late because the process was busy when its deadline fell due', async () => {
    // A server in another process answers at once; this process is busy past the deadline meanwhile.
    const server = spawn(process.execPath, [
      '-e',
      `require('net').createServer((s) => s.on('data', () => s.write('+PONG\\r\\n'))).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`,
    ]);
    try {
      const port = Number(await new Promise<string>((resolve) => server.stdout.once('data', (data: Buffer) => resolve(data.toString()))));
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const answer = new Promise<string>((resolve) => socket.once('data', (data: Buffer) => resolve(data.toString())));
      const timed = withinRedisDeadline(answer, 100);
      socket.write('PING\r\n');
      const busyUntil = performance.now() + 1500;
      while (performance.now() < busyUntil) {
        // The event loop is blocked: the deadline falls due and the answer arrives meanwhile.
      }
      expect(await timed).toBe('+PONG\r\n');
      socket.destroy();
    } finally {
      server.kill();
    }
  });

  test('an error Redis answers with is not', () => {
    expect(unavailableDependency(new ErrorReply('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBeUndefined();
  });
});

describe('services, seen from the web tier', () => {
  const serviceError = (status: number | undefined, code: string | undefined, cause?: unknown) =>
    new ServiceError('user service failed', 'user', status, code, { cause });

  test('a service that cannot be reached, or says it is unavailable, is unavailable', () => {
    expect(unavailableDependency(serviceError(undefined, undefined))).toBe('user service');
    expect(unavailableDependency(serviceError(undefined, 'SERVICE_UNAVAILABLE'))).toBe('user service');
    for (const status of [502, 503, 504]) expect(unavailableDependency(serviceError(status, undefined))).toBe('user service');
  });

  test('a refusal or a failure of the service itself is not, whatever it wraps', () => {
    expect(unavailableDependency(serviceError(401, 'UNAUTHENTICATED'))).toBeUndefined();
    expect(unavailableDependency(serviceError(undefined, 'BAD_USER_INPUT'))).toBeUndefined();
    expect(unavailableDependency(serviceError(500, 'INTERNAL_SERVER_ERROR', new ClientOfflineError()))).toBeUndefined();
  });

  test('the identity service answering 503 to an OpenID Connect call is unavailable; its refusals are not', () => {
    const answer = (status: number, error: string) =>
      new ResponseBodyError('server responded with an error in the response body', {
        cause: { error },
        response: new Response(JSON.stringify({ error }), { status }),
      });
    expect(unavailableDependency(answer(503, 'temporarily_unavailable'))).toBe('identity service');
    expect(unavailableDependency(answer(400, 'invalid_grant'))).toBeUndefined();
  });
});

test('anything else is an unexpected failure', () => {
  expect(unavailableDependency(new Error('Cannot read properties of undefined'))).toBeUndefined();
  expect(unavailableDependency(undefined)).toBeUndefined();
  expect(unavailableDependency('ECONNREFUSED')).toBeUndefined();
});
