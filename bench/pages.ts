/**
 * How many pages a second the built site serves, and how close that is to the ceiling: the same
 * bytes served as a static file. See docs/benchmarks.md for how to read the numbers.
 *
 *   npm run build && npm run bench [-- --duration 10 --connections 50 --warmup 3]
 *
 * Progress goes to stderr, the results as markdown to stdout (`npm run bench > results.md`).
 * It starts the built server as production runs it (NODE_ENV=production, PGlite in a temporary
 * DATA_DIR, secrets of production grade) and a static server for the ceiling, each in its own
 * process so that neither shares an event loop with autocannon.
 */
import autocannon, { type Result } from 'autocannon';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const entryPoint = path.join(root, 'dist', 'server', 'main.js');

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
  },
});
const duration = Number(options.duration);
const connections = Number(options.connections);
const warmup = Number(options.warmup);

interface Target {
  name: string;
  url: string;
}

interface Measurement {
  target: Target;
  bytes: number;
  result: Result;
}

const loadAtStart = os.loadavg();
const children: ChildProcess[] = [];
let scratch: string | undefined;
/** Set once the benchmark stops its servers itself, so that their exit is not reported as a crash. */
let stopping = false;

const log = (message: string) => process.stderr.write(`${message}\n`);

if (!existsSync(entryPoint)) {
  log(`${path.relative(root, entryPoint)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

if (loadAtStart[0]! > os.cpus().length / 2) {
  log(`Warning: the machine is busy (load average ${loadAtStart[0]!.toFixed(2)} on ${os.cpus().length} CPUs): expect low, noisy numbers.`);
}

process.once('SIGINT', () => {
  void stopAll().finally(() => process.exit(130));
});

try {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'nabd-bench-'));
  const sitePort = await freePort();
  const site = `http://127.0.0.1:${sitePort}`;
  log(`Starting the built site on ${site} (production, PGlite in ${scratch})…`);
  start(process.execPath, [entryPoint], {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(sitePort),
    BASE_URL: site,
    DATA_DIR: path.join(scratch, 'data'),
    // Fresh secrets each run: production refuses the development ones.
    SESSION_SECRET: secret(),
    CONTENT_API_TOKEN: secret(),
    CONTENT_PREVIEW_TOKEN: secret(),
    OIDC_CLIENT_SECRET: secret(),
    IDENTITY_SECRET: secret(),
  });
  await waitForHealth(site);

  const homePage = await fetchPage(`${site}/`);
  const homeFile = path.join(scratch, 'home.html');
  await writeFile(homeFile, homePage);
  const ceilingPort = await freePort();
  const ceiling = `http://127.0.0.1:${ceilingPort}`;
  start(process.execPath, [path.join(root, 'bench', 'static-page-server.ts'), homeFile, String(ceilingPort)], {});
  await waitForHealth(ceiling);

  const targets: Target[] = [
    { name: 'Home `/`', url: `${site}/` },
    { name: 'Event `/events/nabd-festival-2026`', url: `${site}/events/nabd-festival-2026` },
    { name: 'Ceiling: the bytes of `/` as a static file', url: `${ceiling}/` },
  ];

  const measurements: Measurement[] = [];
  for (const target of targets) {
    const bytes = (await fetchPage(target.url)).length;
    if (warmup > 0) {
      log(`Warming up ${target.name} for ${warmup} s…`);
      await autocannon({ url: target.url, connections, duration: warmup });
    }
    log(`Measuring ${target.name} for ${duration} s with ${connections} connections…`);
    const result = await autocannon({ url: target.url, connections, duration });
    log(`  ${Math.round(result.requests.average)} requests/s, p99 ${result.latency.p99} ms`);
    measurements.push({ target, bytes, result });
  }

  process.stdout.write(report(measurements));
} finally {
  await stopAll();
}

function report(measurements: Measurement[]): string {
  const cpus = os.cpus();
  const rows = measurements.map(({ target, bytes, result }) => {
    const problems = result.errors + result.timeouts + result.non2xx;
    return [
      target.name,
      format(result.requests.average),
      milliseconds(result.latency.p50),
      milliseconds(result.latency.p99),
      `${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s`,
      `${(bytes / 1024).toFixed(1)} KB`,
      problems ? `**${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx**` : 'none',
    ];
  });
  const ceiling = measurements.at(-1)?.result.requests.average ?? 0;
  const share = measurements
    .slice(0, -1)
    .map(({ target, result }) => `${target.name}: ${((100 * result.requests.average) / ceiling).toFixed(1)}% of the ceiling`);

  return [
    `## Page benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `- Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, ${os.platform()} ${os.release()}`,
    `- Node ${process.version}; the site with NODE_ENV=production, LOG_LEVEL=warn, PGlite; commit ${commit()}`,
    `- autocannon: ${connections} connections, ${duration} s per target after a ${warmup} s warm-up; load generator on the same machine`,
    // Other work on the machine skews the numbers: the load average says whether it was quiet.
    `- Load average when the run started: ${loadAtStart.map((load) => load.toFixed(2)).join(', ')} (1, 5, 15 min)`,
    '',
    '| Target | Requests/s | Latency p50 | Latency p99 | Throughput | Page size | Errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
    '',
    ...share.map((line) => `- ${line}`),
    '',
  ].join('\n');
}

function start(command: string, args: string[], environment: Record<string, string>): ChildProcess {
  // Only what the child needs: none of the caller's DATABASE_URL, REDIS_URL or secrets leak in.
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...environment },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  child.once('exit', (code, signal) => {
    if (!stopping) {
      log(`${path.basename(args[0] ?? command)} exited unexpectedly (${signal ?? code}).`);
      process.exitCode = 1;
    }
  });
  return child;
}

async function stopAll(): Promise<void> {
  stopping = true;
  await Promise.all(
    children.map(
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
  if (scratch) await rm(scratch, { recursive: true, force: true });
}

async function waitForHealth(origin: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.exitCode) throw new Error(`A server exited before ${origin}/healthz answered.`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${origin}/healthz did not answer within ${timeoutMs / 1000} s.`);
}

/** The page's bytes; a page that does not answer 200 is not worth measuring. */
async function fetchPage(url: string): Promise<Buffer> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200.`);
  return Buffer.from(await response.arrayBuffer());
}

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

function secret(): string {
  return randomBytes(32).toString('hex');
}

function format(requestsPerSecond: number): string {
  return Math.round(requestsPerSecond).toLocaleString('en-GB');
}

/** autocannon's latencies have a resolution of 1 ms: 0 means under a millisecond. */
function milliseconds(value: number): string {
  return value < 1 ? '< 1 ms' : `${value.toLocaleString('en-GB')} ms`;
}

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
