import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** The drizzle database every service queries, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT>;

/** The rows of a raw SQL query, the same way on PGlite and node-postgres. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as { rows: Row[] }).rows;
}

/** Runs raw SQL on one connection that nothing else uses meanwhile (migrations, seeding). */
export interface ExclusiveConnection {
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface DatabaseHandle {
  readonly db: Database;
  readonly engine: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. Used by /readyz. */
  ping(): Promise<void>;
  /** The connection pool's numbers now (metrics); the embedded engine is one connection and has none. */
  pool(): { total: number; idle: number; waiting: number; max: number } | undefined;
  /**
   * Runs `work` on a single connection holding a PostgreSQL advisory lock, so that several
   * replicas starting at once migrate one after the other.
   */
  withExclusiveConnection<T>(lockName: string, work: (connection: ExclusiveConnection) => Promise<T>): Promise<T>;
  /**
   * The embedded engine's whole data directory as an uncompressed tarball, checkpointed first: what
   * `initialData` takes. PostgreSQL copies databases itself (`create database … template …`).
   */
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL. Without it the embedded PGlite engine is used. */
  url?: string | undefined;
  /** Folder for PGlite's files, or `memory://` for a throw-away database. */
  dataDir: string;
  /**
   * A data directory from `dumpDataDir()` the embedded engine starts from instead of an empty
   * cluster, for a `memory://` database only (tests start many sites from one prepared database).
   */
  initialData?: Blob | undefined;
  /** Called with each statement drizzle sends: tests count round trips with it. */
  onQuery?: (sql: string) => void;
  /** Called with how long each query or transaction waited for a PostgreSQL connection (metrics). */
  onConnectionWait?: (seconds: number) => void;
}

/** Where the embedded engine keeps its files inside DATA_DIR (`memory://` stays in memory). */
export function embeddedDatabaseDir(dataDir: string): string {
  return dataDir.startsWith('memory://') ? dataDir : path.join(dataDir, 'pglite');
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (options.initialData && (options.url || !options.dataDir.startsWith('memory://'))) {
    throw new Error('initialData is for an embedded database in memory only');
  }
  return options.url
    ? openPostgres(options.url, logger, options.onConnectionWait)
    : openPglite(options.dataDir, logger, options.initialData);
}

type QueryLogger = { logQuery(sql: string): void } | undefined;

/**
 * How long a query waits for a PostgreSQL connection before it fails as unavailable. A server
 * that is stopped or restarting refuses connections at once (503 straight away); this bounds the
 * rest: a rush queueing for the pool's connections, a server that does not answer at all.
 */
export const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * A pool that tells how long each checkout waited: node-postgres's own `query` checks out through
 * `connect` too, so every query and transaction is timed, those that gave up at the deadline included.
 */
class TimedPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly onWait: (seconds: number) => void,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    const started = performance.now();
    const waited = () => this.onWait((performance.now() - started) / 1000);
    if (callback) {
      return super.connect((error, client, done) => {
        waited();
        callback(error, client, done);
      });
    }
    return super.connect().finally(waited);
  }
}

async function openPostgres(
  url: string,
  logger: QueryLogger,
  onConnectionWait: ((seconds: number) => void) | undefined,
): Promise<DatabaseHandle> {
  const pool = new TimedPool(
    {
      connectionString: url,
      max: 10,
      idleTimeoutMillis: 30_000,
      // Waiting for a connection is normal in a rush (a sale's buyers queue for the pool); waiting
      // longer than this means the server cannot be reached, and the visitor gets "try again in a
      // moment" instead of a page that never comes (decision 0033).
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    },
    onConnectionWait ?? (() => {}),
  );
  // A connection whose server goes away (a restart, a stop, `pg_terminate_backend`) emits 'error'.
  // pg-pool listens on idle clients only, and a client checked out for a transaction with no
  // listener would take the process down; the query in progress fails with the same error, and
  // the client, no longer queryable, is discarded when released, so the pool heals by itself.
  pool.on('connect', (client) => client.on('error', () => {}));
  // pg-pool's own report of an idle client that failed (already removed from the pool).
  pool.on('error', () => {});
  const db = drizzlePostgres(pool, logger ? { logger } : {}) as unknown as Database;
  await pool.query('select 1');
  return {
    db,
    engine: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
    async withExclusiveConnection(lockName, work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [lockName]);
        try {
          return await work({
            exec: async (sql) => void (await client.query(sql)),
            query: async (sql, params) => (await client.query(sql, params)).rows,
          });
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [lockName]);
        }
      } finally {
        client.release();
      }
    },
    async dumpDataDir() {
      throw new Error('Only the embedded engine dumps its data directory; copy a PostgreSQL database with a template');
    },
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL's own default of 128 MB of shared buffers fills the engine's memory as pages are read,
 * and WebAssembly memory never shrinks: the embedded database is a few megabytes, so 32 MB holds
 * all of it and keeps each process about 100 MB smaller (docs/benchmarks.md, "Memory of one process").
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

async function openPglite(dataDir: string, logger: QueryLogger, initialData: Blob | undefined): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await createDataDirElsewhere(dataDir);
  }
  const client = await PGlite.create({ dataDir, startParams: PGLITE_START_PARAMS, ...(initialData ? { loadDataDir: initialData } : {}) });
  const db = drizzlePglite(client, logger ? { logger } : {}) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    pool: () => undefined,
    // PGlite is a single connection inside this process: nobody else can migrate at the same time.
    async withExclusiveConnection(_lockName, work) {
      return work({
        exec: async (sql) => void (await client.exec(sql)),
        query: async (sql, params) => (await client.query(sql, params)).rows as never,
      });
    },
    async dumpDataDir() {
      await client.exec('checkpoint');
      return client.dumpDataDir('none');
    },
    close: () => client.close(),
  };
}

/** What the short-lived process runs: PGlite's `initdb` into the folder named, then a clean close. */
const CREATE_DATA_DIR = `require(process.argv[1]).PGlite.create({ dataDir: process.argv[2] })
  .then((db) => db.close())
  .catch((error) => { console.error(error); process.exit(1); });`;

/**
 * Creates the embedded database's folder in a process of its own (decision 0063). PGlite runs
 * PostgreSQL's `initdb` in a second WebAssembly instance whose memory, about 220 MB, stays with the
 * process that ran it for its whole life: the site would carry it on every start from an empty
 * folder. The folder is made beside its place and moved there whole, so that a start interrupted
 * halfway leaves nothing half-made to open.
 */
async function createDataDirElsewhere(dataDir: string): Promise<void> {
  const staging = `${dataDir}.creating-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await promisify(execFile)(process.execPath, ['-e', CREATE_DATA_DIR, pglite, staging], { timeout: 120_000 });
  // Without PG_VERSION the folder holds no database, only what an earlier start left.
  await rm(dataDir, { recursive: true, force: true });
  await rename(staging, dataDir);
}
