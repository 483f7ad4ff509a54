/**
 * `npm run check:production-tree`: what the image's production stage does, without Docker. In a
 * temporary folder: `npm ci --omit=dev` and the image's prune (scripts/prune-production-tree.sh),
 * then the built site beside it (dist, public, content, locales), started as the image starts it, in
 * production. It must have no TypeScript, migrate with the job, answer /healthz, pages in both
 * languages, a picture drawn from SVG and /metrics. Needs `npm run build` first and the npm registry.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const folder = await mkdtemp(path.join(os.tmpdir(), 'nabd-production-tree-'));
const log = (message: string) => console.log(`· ${message}`);
const secret = () => randomBytes(32).toString('hex');
const run = (command: string, args: string[], cwd = folder) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: 'pipe' });

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

function check(condition: unknown, message: string): void {
  if (!condition) throw new Error(message);
  log(message);
}

try {
  if (!existsSync(path.join(root, 'dist', 'server', 'main.js'))) throw new Error('Run `npm run build` first.');
  for (const file of ['package.json', 'package-lock.json']) await cp(path.join(root, file), path.join(folder, file));
  log(`npm ci --omit=dev in ${folder}…`);
  run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund']);
  const before = run('du', ['-sm', 'node_modules']).split('\t')[0];
  run('sh', [path.join(root, 'scripts', 'prune-production-tree.sh'), folder]);
  const after = run('du', ['-sm', 'node_modules']).split('\t')[0];
  log(`node_modules: ${before} MB installed, ${after} MB after the prune`);
  run('npm', ['ls', '--omit=dev']);
  check(
    !existsSync(path.join(folder, 'node_modules', 'typescript')),
    'no TypeScript among the production dependencies; npm ls --omit=dev is satisfied',
  );
  for (const part of ['dist', 'public', 'content', 'locales', path.join('identity', 'assets')]) {
    await cp(path.join(root, part), path.join(folder, part), { recursive: true });
  }

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const metricsToken = secret();
  const environment = {
    PATH: process.env.PATH ?? '',
    HOME: os.tmpdir(),
    NODE_ENV: 'production',
    NODE_OPTIONS: '--enable-source-maps',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    BASE_URL: origin,
    DATA_DIR: path.join(folder, 'data'),
    MAIL_OUTBOX_IN_PRODUCTION: 'true',
    METRICS_TOKEN: metricsToken,
    ...Object.fromEntries(
      [
        'SESSION_SECRET',
        'CONTENT_API_TOKEN',
        'CONTENT_PREVIEW_TOKEN',
        'OIDC_CLIENT_SECRET',
        'IDENTITY_SECRET',
        'PREVIEW_SECRET',
        'COMMERCE_SECRET',
      ].map((name) => [name, secret()]),
    ),
  };
  execFileSync(process.execPath, ['dist/server/migrate.js'], { cwd: folder, env: environment, stdio: 'pipe' });
  log('the migration job ran: node dist/server/migrate.js');

  const site = spawn(process.execPath, ['--import', './dist/server/instrument.js', 'dist/server/main.js'], {
    cwd: folder,
    env: environment,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const deadline = Date.now() + 120_000;
    while (
      !(await fetch(`${origin}/healthz`).then(
        (answer) => answer.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || site.exitCode !== null) throw new Error('The site did not answer /healthz');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    log('/healthz answers');
    for (const page of ['/events', '/ar/events']) {
      const answer = await fetch(`${origin}${page}`);
      check(answer.status === 200 && (await answer.text()).includes('<html lang='), `${page} answers 200 with a page`);
    }
    const events = await (await fetch(`${origin}/events`)).text();
    const picture = /\/images\/[^"\s]+\.svg\?w=\d+/.exec(events)?.[0];
    const drawn = picture ? await fetch(`${origin}${picture}`, { headers: { accept: 'image/webp' } }) : undefined;
    check(drawn?.status === 200 && drawn.headers.get('content-type') === 'image/webp', `an SVG picture is drawn (${picture})`);
    const metrics = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    check(
      metrics.status === 200 && (await metrics.text()).includes('nabd_http_requests_total{route="events"'),
      '/metrics answers the token',
    );
  } finally {
    site.kill('SIGTERM');
    await new Promise((resolve) => site.once('close', resolve));
  }
  log('the production tree runs the site');
} finally {
  await rm(folder, { recursive: true, force: true });
}
