/**
 * What accounts cost on sale day: how many password checks a core does a second (argon2id, the
 * price of every sign-in), and how many signed-in account pages the built site serves a second.
 *
 *   npm run build && npm run bench:accounts [-- --duration 10 --connections 20]
 *
 * Progress goes to stderr, the results as markdown to stdout. The site runs as production runs it
 * (bench/support.ts); the account is made as a visitor makes one: sign-up, the code read from the
 * local outbox (no SMTP relay is configured), the automatic sign-in, all through the site's forms.
 */
import autocannon from 'autocannon';
import { hash, verify } from '@node-rs/argon2';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Browser } from '../test/support/browser.ts';
import { BenchmarkRun, figures, format, log, markdownTable, milliseconds, PRODUCTION_SITE } from './support.ts';

const { values: options } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } },
});
const duration = Number(options.duration);
const connections = Number(options.connections);
const PASSWORD = 'Bench-mark-2026!';

const run = new BenchmarkRun();
try {
  const checks = await passwordChecksPerSecond();
  const origin = await run.startSite();
  const sessionCookie = await signUp(origin, path.join(await run.scratchDir(), 'data', 'outbox'));

  const rows: string[][] = [];
  for (const page of ['/account', '/account/details', '/account/addresses', '/account/newsletters']) {
    log(`Measuring ${page} signed in for ${duration} s with ${connections} connections…`);
    const result = await autocannon({ url: `${origin}${page}`, connections, duration, headers: { cookie: sessionCookie } });
    const problems = result.errors + result.timeouts + result.non2xx;
    rows.push([
      `\`${page}\``,
      format(result.requests.average),
      milliseconds(result.latency.p50),
      milliseconds(result.latency.p99),
      problems ? `**${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx**` : 'none',
    ]);
  }

  process.stdout.write(
    [
      `## Account benchmark, ${new Date().toISOString().slice(0, 10)}`,
      '',
      ...run.machineLines(PRODUCTION_SITE),
      `- Password checks (argon2id, the library's defaults: 19 MiB, 2 passes): ${checks.toFixed(1)} a second on one core, so one`,
      `  sign-in costs ${(1000 / checks).toFixed(0)} ms of a core`,
      `- autocannon: ${connections} connections, ${duration} s per page, one signed-in visitor's session`,
      '',
      ...markdownTable([{ title: 'Page (signed in)' }, ...figures('Requests/s', 'Latency p50', 'Latency p99'), { title: 'Errors' }], rows),
      '',
    ].join('\n'),
  );
} finally {
  await run.stop();
}

async function passwordChecksPerSecond(): Promise<number> {
  log('Timing password checks…');
  const stored = await hash(PASSWORD);
  await verify(stored, PASSWORD);
  const rounds = 20;
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) await verify(stored, PASSWORD);
  return rounds / ((performance.now() - started) / 1000);
}

/** Signs a new visitor up through the site's own forms and answers their session cookie. */
async function signUp(origin: string, outbox: string): Promise<string> {
  log('Signing a visitor up…');
  // Form posts come from the site's own pages (decision 0014): a browser says so with Sec-Fetch-Site.
  const browser = new Browser((url, init) =>
    fetch(url, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), 'sec-fetch-site': 'same-origin' } }),
  );
  const email = `bench-${Date.now()}@nabd.example`;
  const details = { firstName: 'Bench', lastName: 'Visitor', email, terms: 'on', returnTo: '/account' };
  await browser.post(`${origin}/account/register`, { intent: 'register-details', ...details });
  await browser.post(`${origin}/account/register`, {
    intent: 'register-password',
    ...details,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const code = await codeFromOutbox(outbox, email);
  const done = await browser.follow(
    await browser.post(`${origin}/account/register?step=verify`, { intent: 'register-verify', code }),
    origin,
  );
  const session = browser.cookie('nabd.sid');
  if (!session || !done.url.includes('step=done')) throw new Error(`The sign-up did not end signed in (at ${done.url})`);
  return `nabd.sid=${session}`;
}

async function codeFromOutbox(outbox: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    for (const file of await readdir(outbox).catch(() => [])) {
      const message = await readFile(path.join(outbox, file), 'utf8');
      const code = message.includes(email)
        ? /\b(\d{6})\b/.exec(
            message
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n'),
          )?.[1]
        : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No code for ${email} in ${outbox}`);
}
