import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../bench/support.ts';
import { fromRoot } from '#platform/paths.ts';
import { databaseBackends } from './support/backends.ts';
import { productionSecrets } from './support/production-secrets.ts';
import { PrivatePostgres } from './faults/private-postgres.ts';

/**
 * The built site as a cluster (decision 0043): WEB_CONCURRENCY=2 in production mode, two workers on
 * one port under a primary. A worker killed with kill -9 is replaced while the other answers,
 * /metrics adds up both, SIGTERM drains them all, and a site that cannot start stops instead of
 * forking again and again. Several processes need PostgreSQL: TEST_DATABASE_URL's server, else a
 * private one. Needs `npm run build` first.
 */

const ENTRY_POINT = fromRoot('dist', 'server', 'main.js');
const METRICS_TOKEN = 'cluster-test-metrics-token-0123456789abcdef';

interface LogLine {
  msg: string;
  workerPid?: number;
  pid: number;
  role?: string;
}

class ClusterProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  #stdout = '';
  #stderr = '';

  constructor(environment: Record<string, string>) {
    this.child = spawn(process.execPath, ['--enable-source-maps', ENTRY_POINT], {
      cwd: fromRoot(),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (this.#stdout += chunk));
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (this.#stderr += chunk));
    this.exited = new Promise((resolve) => this.child.once('close', (code, signal) => resolve({ code, signal })));
  }

  get output(): string {
    return `${this.#stderr}${this.#stdout}`;
  }

  logs(): LogLine[] {
    return this.#stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  }

  /** The primary's word on its workers: `Worker listening`, `Worker died`... */
  said(message: string): LogLine[] {
    return this.logs().filter((line) => line.role === 'primary' && line.msg === message);
  }

  async until(condition: () => boolean, what: string, timeoutMs = 90_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}:\n${this.output.slice(-4000)}`);
      if (this.child.exitCode !== null) throw new Error(`The site exited while waiting for ${what}:\n${this.output.slice(-4000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** One request on a connection of its own (so that the cluster hands each to the next worker), with a deadline. */
function get(port: number, pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, agent: false, headers, timeout: 3_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let databaseUrl: string;
let dropDatabase: () => Promise<void>;
const folders: string[] = [];

beforeAll(async () => {
  if (!existsSync(ENTRY_POINT)) throw new Error(`${ENTRY_POINT} is missing: run \`npm run build\` before these tests.`);
  const postgres = databaseBackends.find((backend) => backend.name === 'PostgreSQL');
  if (postgres) {
    const database = await postgres.create({ startedSite: true });
    databaseUrl = database.url!;
    dropDatabase = database.drop;
  } else {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'nabd-cluster-postgres-'));
    folders.push(folder);
    const server = await PrivatePostgres.create(folder, await freePort());
    databaseUrl = server.url;
    dropDatabase = async () => server.destroy();
  }
});

afterAll(async () => {
  await dropDatabase?.();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function productionCluster(environment: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nabd-cluster-'));
  folders.push(dataDir);
  const site = new ClusterProcess({
    NODE_ENV: 'production',
    PORT: String(port),
    BASE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    MAIL_OUTBOX_IN_PRODUCTION: 'true',
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    METRICS_TOKEN,
    WEB_CONCURRENCY: '2',
    ...productionSecrets('cluster'),
    ...environment,
  });
  return { site, port };
}

test('two workers on one port: a worker killed with kill -9 is replaced while the other answers; /metrics adds both up; SIGTERM drains them all', async () => {
  const { site, port } = await productionCluster();
  try {
    await site.until(() => site.said('Worker listening').length === 2, 'two workers listening');
    const workers = site.said('Worker listening').map((line) => line.workerPid!);
    expect(new Set(workers).size).toBe(2);

    // Each request on a connection of its own: the primary hands them to the workers in turn, and
    // the node's /metrics counts all of them, not the half one worker answered.
    for (let n = 0; n < 10; n++) expect((await get(port, '/robots.txt')).status).toBe(200);
    const metrics = await get(port, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/^nabd_http_requests_total\{route="seo-files",method="GET",status_class="2xx"\} 10$/m);
    expect(metrics.body).toMatch(/^nabd_shed_requests_total\{reason="in_flight"\} 0$/m);

    // kill -9 one worker: the other keeps answering, and a new one takes its place at once.
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, 'SIGKILL');
    const answers: number[] = [];
    let replaced = false;
    const replacement = site
      .until(() => site.said('Worker listening').length === 3, 'the replacement worker listening')
      .then(() => (replaced = true));
    while (!replaced) {
      // A connection the primary had just handed to the killed worker dies with it: not counted.
      answers.push(
        await get(port, '/healthz').then(
          (answer) => answer.status,
          () => 0,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await replacement;
    expect(site.said('Worker died')).toEqual([expect.objectContaining({ workerPid: victim })]);
    expect(isAlive(survivor)).toBe(true);
    expect(answers.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(answers.filter((status) => status !== 200).length).toBeLessThanOrEqual(1);
    const newcomer = site.said('Worker listening')[2]!.workerPid!;
    expect([victim, survivor]).not.toContain(newcomer);
    for (let n = 0; n < 4; n++) expect((await get(port, '/healthz')).status).toBe(200);

    // SIGTERM to the primary: every worker announces it is leaving, drains and exits; then the primary.
    const stoppedAt = Date.now();
    site.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await get(port, '/readyz')).status).toBe(503);
    expect(await site.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(
      site
        .logs()
        .filter((line) => line.msg === 'Shut down cleanly')
        .map((line) => line.pid)
        .sort(),
    ).toEqual([survivor, newcomer].sort());
    expect(site.said('Every worker has stopped')).toHaveLength(1);
    expect([survivor, newcomer].filter(isAlive)).toEqual([]);
  } finally {
    if (site.child.exitCode === null) site.child.kill('SIGKILL');
    await site.exited;
  }
});

test('a site whose workers cannot start stops with an error instead of forking again and again', async () => {
  const closedPort = await freePort();
  const { site } = await productionCluster({ DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/postgres` });
  const exit = await site.exited;
  expect(exit.code).not.toBe(0);
  expect(site.said('Worker started')).toHaveLength(1);
  expect(site.logs().some((line) => line.msg === 'The first worker could not start: exiting')).toBe(true);
});
