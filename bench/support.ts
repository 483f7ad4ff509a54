/**
 * What the benchmarks share: starting the built server as production runs it, in its own process,
 * waiting for it, stopping it, and describing the machine the numbers come from.
 */
import { spawn, execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const root = path.resolve(import.meta.dirname, '..');
export const entryPoint = path.join(root, 'dist', 'server', 'main.js');
export const log = (message: string) => process.stderr.write(`${message}\n`);

export class BenchmarkRun {
  readonly loadAtStart = os.loadavg();
  private readonly children: ChildProcess[] = [];
  private scratch: string | undefined;
  /** Set once the run stops its servers itself, so that their exit is not reported as a crash. */
  private stopping = false;

  constructor() {
    if (!existsSync(entryPoint)) {
      log(`${path.relative(root, entryPoint)} is missing: run \`npm run build\` first.`);
      process.exit(1);
    }
    if (this.loadAtStart[0]! > os.cpus().length / 2) {
      log(
        `Warning: the machine is busy (load average ${this.loadAtStart[0]!.toFixed(2)} on ${os.cpus().length} CPUs): expect low, noisy numbers.`,
      );
    }
    process.once('SIGINT', () => void this.stop().finally(() => process.exit(130)));
  }

  async scratchDir(): Promise<string> {
    this.scratch ??= await mkdtemp(path.join(os.tmpdir(), 'nabd-bench-'));
    return this.scratch;
  }

  /**
   * The built server in production mode with fresh secrets and PGlite in a scratch folder; with
   * `shop`, the demo catalogue imported first, as an operator loads what is on sale (production
   * sells nothing until then).
   */
  async startSite(environment: Record<string, string> = {}, options: { shop?: boolean } = {}): Promise<string> {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const siteEnvironment = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      BASE_URL: origin,
      DATA_DIR: path.join(await this.scratchDir(), 'data'),
      // The benchmarks read no e-mail: production needs saying so (server/config.ts).
      MAIL_OUTBOX_IN_PRODUCTION: 'true',
      // They measure how fast pages are served, so nothing is refused under their load (decision 0043).
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_MAX_IN_FLIGHT: '0',
      // Fresh secrets each run: production refuses the development ones.
      SESSION_SECRET: secret(),
      CONTENT_API_TOKEN: secret(),
      CONTENT_PREVIEW_TOKEN: secret(),
      OIDC_CLIENT_SECRET: secret(),
      IDENTITY_SECRET: secret(),
      PREVIEW_SECRET: secret(),
      COMMERCE_SECRET: secret(),
      // The sandbox's hosted pages are what the benchmarks pay on: a staging site (decision 0036).
      PAYMENT_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ...environment,
    };
    // PGlite is one process's at a time: the catalogue goes in before the site opens the database.
    if (options.shop) await importCatalogue(siteEnvironment);
    log(`Starting the built site on ${origin}…`);
    this.start(process.execPath, [entryPoint], siteEnvironment);
    await waitForHealth(origin, () => Boolean(process.exitCode));
    return origin;
  }

  start(command: string, args: string[], environment: Record<string, string>): ChildProcess {
    // Only what the child needs: none of the caller's DATABASE_URL, REDIS_URL or secrets leak in.
    const child = spawn(command, args, {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...environment },
      // What a server logs goes to stderr with the progress: stdout carries the results only.
      stdio: ['ignore', process.stderr, 'inherit'],
    });
    this.children.push(child);
    child.once('exit', (code, signal) => {
      if (!this.stopping) {
        log(`${path.basename(args[0] ?? command)} exited unexpectedly (${signal ?? code}).`);
        process.exitCode = 1;
      }
    });
    return child;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    if (this.scratch) await rm(this.scratch, { recursive: true, force: true });
  }

  /** The lines that say where and how the numbers were taken. */
  machineLines(what: string): string[] {
    const cpus = os.cpus();
    return [
      `- Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, ${os.platform()} ${os.release()}`,
      `- Node ${process.version}; ${what}; commit ${commit()}`,
      // Other work on the machine skews the numbers: the load average says whether it was quiet.
      `- Load average when the run started: ${this.loadAtStart.map((load) => load.toFixed(2)).join(', ')} (1, 5, 15 min)`,
    ];
  }
}

/** Imports the demo catalogue (catalogue/) into the site's database with the operator's command, `catalogue:import`. */
export async function importCatalogue(environment: Record<string, string>): Promise<void> {
  log('Importing the catalogue as an operator does (catalogue:import)…');
  await promisify(execFile)(process.execPath, [path.join(root, 'dist', 'server', 'catalogue-cli.js'), 'import'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...environment },
  });
}

export async function waitForHealth(origin: string, failed: () => boolean = () => false, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (failed()) throw new Error(`A server exited before ${origin}/healthz answered.`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${origin}/healthz did not answer within ${timeoutMs / 1000} s.`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export const secret = () => randomBytes(32).toString('hex');

export const format = (requestsPerSecond: number) => Math.round(requestsPerSecond).toLocaleString('en-GB');

/** autocannon's latencies have a resolution of 1 ms: 0 means under a millisecond. */
export const milliseconds = (value: number) => (value < 1 ? '< 1 ms' : `${value.toLocaleString('en-GB')} ms`);

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

/** The page's bytes; a page that does not answer 200 is not worth measuring. */
export async function fetchPage(url: string, init?: RequestInit): Promise<Buffer> {
  const response = await fetch(url, init);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200.`);
  return Buffer.from(await response.arrayBuffer());
}

/** How `startSite` runs the site, as the reports say it. */
export const PRODUCTION_SITE = 'the site with NODE_ENV=production, LOG_LEVEL=warn, PGlite';

/** A column of a report's table: figures are aligned to the right. */
export interface Column {
  title: string;
  figures?: boolean;
}

/** Columns of figures, for `markdownTable`. */
export const figures = (...titles: string[]): Column[] => titles.map((title) => ({ title, figures: true }));

/** A report's table in markdown, a line each. */
export function markdownTable(columns: Column[], rows: string[][]): string[] {
  return [
    `| ${columns.map((column) => column.title).join(' | ')} |`,
    `| ${columns.map((column) => (column.figures ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ];
}

/** Pages named on the command line (`/,/xp-feed`), each followed by its Arabic twin (`/ar`, `/ar/xp-feed`). */
export const inBothLanguages = (pages: string) => pages.split(',').flatMap((page) => [page, page === '/' ? '/ar' : `/ar${page}`]);

/** The middle value (the upper one of an even count): repeated runs on a shared machine are noisy. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
