import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fromRoot } from '#platform/paths.ts';

/**
 * The built server as an operator runs it (`node --import ./dist/server/instrument.js dist/server/main.js`
 * with source maps on, as the Dockerfile's CMD and NODE_OPTIONS do):
 * configured by the environment, healthy and ready on its probes, stopping cleanly on the signals
 * `docker stop` and Ctrl-C send, and refusing to start on a bad environment.
 * Needs `npm run build` first (`npm test` builds before it runs jest).
 */

const ENTRY_POINT = fromRoot('dist', 'server', 'main.js');
const INSTRUMENT = fromRoot('dist', 'server', 'instrument.js');

/** Secrets of production grade (not the development defaults, 32 characters and more). */
const PRODUCTION_SECRETS = {
  SESSION_SECRET: 'entry-point-test-session-secret-0123456789',
  CONTENT_API_TOKEN: 'entry-point-test-content-token-0123456789',
  CONTENT_PREVIEW_TOKEN: 'entry-point-test-content-preview-token-0123456789',
  OIDC_CLIENT_SECRET: 'entry-point-test-oidc-client-secret-0123456789',
  IDENTITY_SECRET: 'entry-point-test-identity-secret-0123456789',
  PREVIEW_SECRET: 'entry-point-test-preview-secret-0123456789',
  COMMERCE_SECRET: 'entry-point-test-commerce-secret-0123456789',
};

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface SiteProcess {
  child: ChildProcess;
  /** Resolves once the process has exited and its output is fully read. */
  exited: Promise<Exit>;
  stdout(): string;
  stderr(): string;
}

const started: SiteProcess[] = [];
const folders: string[] = [];

beforeAll(() => {
  if (!existsSync(ENTRY_POINT)) throw new Error(`${ENTRY_POINT} is missing: run \`npm run build\` before these tests.`);
});

afterEach(async () => {
  for (const site of started.splice(0)) {
    if (site.child.exitCode === null && site.child.signalCode === null) site.child.kill('SIGKILL');
    await site.exited;
  }
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function temporaryFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'nabd-entry-point-'));
  folders.push(folder);
  return folder;
}

/** A port nobody listens on: PORT=0 would work, but the server does not print the port it got. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server with only the given variables (plus PATH and HOME): jest's own
 * NODE_ENV=test must not leak in, since it silences the logs and changes what libraries do.
 */
function startSite(environment: Record<string, string>): SiteProcess {
  // process.execPath is Node 24 when jest runs through npm (the `node` dev dependency).
  const child = spawn(process.execPath, ['--enable-source-maps', '--import', INSTRUMENT, ENTRY_POINT], {
    cwd: fromRoot(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close', not 'exit': the last log lines may still be in the pipe when the process exits.
  const exited = new Promise<Exit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  const site = { child, exited, stdout: () => stdout, stderr: () => stderr };
  started.push(site);
  return site;
}

/** The first start migrates, imports the demo content and seeds the catalogue: slow on a busy machine. */
async function waitUntilHealthy(site: SiteProcess, origin: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void site.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The server exited while starting:\n${site.stderr()}${site.stdout()}`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/healthz did not answer within ${timeoutMs} ms:\n${site.stderr()}${site.stdout()}`);
}

/** Structured logs: every line on stdout is one JSON object. */
function logMessages(site: SiteProcess): string[] {
  return site
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
}

async function exitWithin(site: SiteProcess, ms: number): Promise<Exit> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Still running ${ms} ms after the signal:\n${site.stdout()}${site.stderr()}`)), ms);
  });
  try {
    return await Promise.race([site.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe.each([
  {
    as: 'in production, as the container runs it, stops cleanly on SIGTERM (docker stop)',
    signal: 'SIGTERM' as const,
    environment: (port: number) => ({
      NODE_ENV: 'production',
      BASE_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'info',
      // No relay here: the outbox on purpose, as a staging site would say.
      MAIL_OUTBOX_IN_PRODUCTION: 'true',
      ...PRODUCTION_SECRETS,
      PAYMENT_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS: 'true',
    }),
  },
  {
    as: 'in development, as `npm start` runs it, stops cleanly on SIGINT (Ctrl-C)',
    signal: 'SIGINT' as const,
    environment: () => ({ NODE_ENV: 'development', LOG_LEVEL: 'info' }),
  },
])('the built server $as', ({ signal, environment }) => {
  test('it answers its probes, says it is not ready once signalled, then exits 0 with "Shut down cleanly"', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const site = startSite({ PORT: String(port), DATA_DIR: await temporaryFolder(), ...environment(port) });

    await waitUntilHealthy(site, origin);
    // A probe the server does not answer fails with what the server logged, to say why.
    const probe = (path: string) =>
      fetch(`${origin}${path}`).catch((error: unknown) => {
        throw new Error(`${path} did not answer (${String(error)}):\n${site.stderr()}${site.stdout()}`);
      });
    const ready = await probe('/readyz');
    expect(ready.status).toBe(200);
    // Without DATABASE_URL or REDIS_URL: PGlite in DATA_DIR, and sessions stored in it.
    expect(await ready.json()).toEqual({
      ready: true,
      checks: { database: 'ok', sessions: 'ok' },
      // Informational: the job queues' backlog (decision 0032).
      queues: {
        commerce: expect.objectContaining({ waiting: 0, failed: 0 }),
        paymentSandbox: expect.objectContaining({ waiting: 0, failed: 0 }),
      },
    });

    site.child.kill(signal);
    // Decision 0034: the load balancer's probe learns it at once, while the port still answers.
    let draining: Response | undefined;
    for (let tries = 0; !draining && tries < 20; tries++) {
      const answer = await probe('/readyz');
      if (answer.status === 503) draining = answer;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await draining?.json()).toEqual({ ready: false, draining: true, checks: {} });
    const exit = await exitWithin(site, 10_000);

    expect({ exit, stderr: site.stderr() }).toEqual({ exit: { code: 0, signal: null }, stderr: '' });
    expect(logMessages(site)).toEqual(
      expect.arrayContaining([
        'Shutting down: not ready any more, finishing requests in flight',
        'No longer accepting connections',
        'Shut down cleanly',
      ]),
    );
  });
});

describe('a stop signal while the server is still starting', () => {
  test('it finishes starting (its migrations and import are never cut), never listens, and exits 0', async () => {
    const port = await freePort();
    const site = startSite({ PORT: String(port), DATA_DIR: await temporaryFolder(), NODE_ENV: 'development', LOG_LEVEL: 'info' });
    // The first log line comes from the start's own work, after the server has set up its signals.
    const deadline = Date.now() + 60_000;
    while (!site.stdout() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    site.child.kill('SIGTERM');

    expect({ exit: await exitWithin(site, 60_000), stderr: site.stderr() }).toEqual({ exit: { code: 0, signal: null }, stderr: '' });
    const messages = logMessages(site);
    expect(messages).toContain('Stopped while starting: closing without listening');
    expect(messages.filter((message) => message.startsWith('Listening on'))).toEqual([]);
  });
});

interface BadEnvironment {
  problem: string;
  environment: Record<string, string>;
  /** The variables the message must name. */
  named: string[];
}

describe('a bad environment stops the server before it touches any data', () => {
  test.each<BadEnvironment>([
    {
      problem: 'a port that is not a number',
      environment: { PORT: 'abc' },
      named: ['PORT'],
    },
    {
      problem: 'production with the development secrets',
      environment: { NODE_ENV: 'production', BASE_URL: 'https://nabd.example' },
      named: [
        'SESSION_SECRET',
        'CONTENT_API_TOKEN',
        'CONTENT_PREVIEW_TOKEN',
        'OIDC_CLIENT_SECRET',
        'IDENTITY_SECRET',
        'PREVIEW_SECRET',
        'COMMERCE_SECRET',
      ],
    },
    {
      problem: 'production without its public address',
      environment: { NODE_ENV: 'production', ...PRODUCTION_SECRETS },
      named: ['BASE_URL'],
    },
    {
      problem: 'production without a payment provider (decision 0036)',
      environment: { NODE_ENV: 'production', BASE_URL: 'https://nabd.example', ...PRODUCTION_SECRETS, MAIL_OUTBOX_IN_PRODUCTION: 'true' },
      named: ['PAYMENT_PROVIDER'],
    },
    {
      problem: 'production with the payment sandbox, not allowed for a staging site',
      environment: {
        NODE_ENV: 'production',
        BASE_URL: 'https://nabd.example',
        ...PRODUCTION_SECRETS,
        MAIL_OUTBOX_IN_PRODUCTION: 'true',
        PAYMENT_PROVIDER: 'sandbox',
      },
      named: ['PAYMENT_PROVIDER', 'ALLOW_SANDBOX_PAYMENTS'],
    },
    {
      problem: 'Moyasar without its webhook secret',
      environment: {
        NODE_ENV: 'production',
        BASE_URL: 'https://nabd.example',
        ...PRODUCTION_SECRETS,
        MAIL_OUTBOX_IN_PRODUCTION: 'true',
        PAYMENT_PROVIDER: 'moyasar',
        MOYASAR_SECRET_KEY: 'sk_live_entrypointtest',
        MOYASAR_PUBLISHABLE_KEY: 'pk_live_entrypointtest',
      },
      named: ['MOYASAR_WEBHOOK_SECRET'],
    },
    {
      problem: 'production without an SMTP relay for order and account e-mails',
      environment: {
        NODE_ENV: 'production',
        BASE_URL: 'https://nabd.example',
        ...PRODUCTION_SECRETS,
        PAYMENT_PROVIDER: 'moyasar',
        MOYASAR_SECRET_KEY: 'sk_live_entrypointtest',
        MOYASAR_PUBLISHABLE_KEY: 'pk_live_entrypointtest',
        MOYASAR_WEBHOOK_SECRET: 'entrypoint-webhook-secret-of-length',
      },
      named: ['SMTP_URL', 'MAIL_OUTBOX_IN_PRODUCTION'],
    },
    {
      problem: 'a TRUST_PROXY that is neither a hop count, true or false, nor addresses',
      environment: { TRUST_PROXY: 'the-load-balancer' },
      named: ['TRUST_PROXY'],
    },
  ])('$problem: exits non-zero naming $named', async ({ environment, named }) => {
    const dataDir = path.join(await temporaryFolder(), 'data');
    const site = startSite({ PORT: String(await freePort()), DATA_DIR: dataDir, ...environment });

    const exit = await exitWithin(site, 30_000);

    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(site.stderr()).toContain('Invalid environment');
    for (const variable of named) expect(site.stderr()).toContain(variable);
    expect(existsSync(dataDir)).toBe(false);
  });
});
