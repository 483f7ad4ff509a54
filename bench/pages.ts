/**
 * How many pages a second the built site serves, against each page's static twin (its bytes as a
 * file served by Express, as issue 21 measures) and the ceiling (the home page's bytes from Node's
 * bare HTTP server). See docs/benchmarks.md for how to read the numbers.
 *
 *   npm run build && npm run bench [-- --duration 10 --connections 50 --warmup 3 --page-cache both|on|off]
 *
 * Progress goes to stderr, the results as markdown to stdout (`npm run bench > results.md`).
 * It starts the built server as production runs it (NODE_ENV=production, PGlite in a temporary
 * DATA_DIR, secrets of production grade) and the static servers, each in its own
 * process so that neither shares an event loop with autocannon. Pages are measured with the
 * in-process page cache off (every request rendered) and on (decision 0014), as returning anonymous
 * visitors ask for them (with the locale cookie).
 */
import autocannon, { type Result } from 'autocannon';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BenchmarkRun,
  fetchPage,
  figures,
  format,
  freePort,
  log,
  markdownTable,
  milliseconds,
  PRODUCTION_SITE,
  root,
  waitForHealth,
} from './support.ts';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
    'page-cache': { type: 'string', default: 'both' },
  },
});
const duration = Number(options.duration);
const connections = Number(options.connections);
const warmup = Number(options.warmup);
const pageCacheModes = { both: ['off', 'on'], on: ['on'], off: ['off'] }[options['page-cache']] as ('on' | 'off')[] | undefined;
if (!pageCacheModes) throw new Error('--page-cache must be both, on or off');
const RETURNING_VISITOR = { cookie: 'locale=en' };

interface Target {
  name: string;
  url: string;
  pageCache?: 'on' | 'off';
  /** The page this target is the static twin of. */
  twinOf?: string;
}

interface Measurement {
  target: Target;
  bytes: number;
  result: Result;
}

const run = new BenchmarkRun();

try {
  const sites = new Map<'on' | 'off', string>();
  for (const mode of pageCacheModes) sites.set(mode, await run.startSite(mode === 'off' ? { PAGE_CACHE_ENTRIES: '0' } : {}));
  const anySite = [...sites.values()][0]!;

  const homePage = await fetchPage(`${anySite}/`);
  const homeFile = path.join(await run.scratchDir(), 'home.html');
  await writeFile(homeFile, homePage);
  const ceilingPort = await freePort();
  const ceiling = `http://127.0.0.1:${ceilingPort}`;
  run.start(process.execPath, [path.join(root, 'bench', 'static-page-server.ts'), homeFile, String(ceilingPort)], {});
  await waitForHealth(ceiling);

  const pages: Target[] = [
    { name: 'Home `/`', url: '/' },
    { name: 'Home in Arabic `/ar`', url: '/ar' },
    { name: 'Event `/events/nabd-festival-2026`', url: '/events/nabd-festival-2026' },
    { name: 'Article `/xp-feed/behind-the-scenes/building-the-main-stage`', url: '/xp-feed/behind-the-scenes/building-the-main-stage' },
    // ARCHITECTURE's reference numbers are for a page rendering a 120-performance line-up.
    { name: 'Line-up `/events/nabd-festival-2026/lineup`', url: '/events/nabd-festival-2026/lineup' },
    {
      name: 'Line-up timetable `/events/nabd-festival-2026/lineup/timetable/2026-12-11`',
      url: '/events/nabd-festival-2026/lineup/timetable/2026-12-11',
    },
  ];
  // Each page's static twin (issue 21): its bytes as a file, served by Express.
  const twinsDir = path.join(await run.scratchDir(), 'twins');
  await mkdir(twinsDir, { recursive: true });
  for (const [index, page] of pages.entries())
    await writeFile(path.join(twinsDir, `${index}.html`), await fetchPage(`${anySite}${page.url}`));
  const twinsPort = await freePort();
  const twins = `http://127.0.0.1:${twinsPort}`;
  run.start(process.execPath, [path.join(root, 'bench', 'static-twins-server.ts'), twinsDir, String(twinsPort)], {});
  await waitForHealth(twins);

  const targets: Target[] = [
    ...[...sites].flatMap(([mode, site]) => pages.map((page) => ({ name: page.name, url: `${site}${page.url}`, pageCache: mode }))),
    ...pages.map((page, index) => ({ name: `Static twin of ${page.name}`, url: `${twins}/${index}.html`, twinOf: page.name })),
    { name: 'Ceiling: the bytes of `/` as a static file', url: `${ceiling}/` },
  ];

  const measurements: Measurement[] = [];
  for (const target of targets) {
    const bytes = (await fetchPage(target.url)).length;
    if (warmup > 0) {
      log(`Warming up ${target.name} for ${warmup} s…`);
      await autocannon({ url: target.url, connections, duration: warmup, headers: RETURNING_VISITOR });
    }
    log(
      `Measuring ${target.name}${target.pageCache ? ` (page cache ${target.pageCache})` : ''} for ${duration} s with ${connections} connections…`,
    );
    const result = await autocannon({ url: target.url, connections, duration, headers: RETURNING_VISITOR });
    log(`  ${Math.round(result.requests.average)} requests/s, p99 ${result.latency.p99} ms`);
    measurements.push({ target, bytes, result });
  }

  process.stdout.write(report(measurements));
} finally {
  await run.stop();
}

function report(measurements: Measurement[]): string {
  const rows = measurements.map(({ target, bytes, result }) => {
    const problems = result.errors + result.timeouts + result.non2xx;
    return [
      target.name,
      target.pageCache ?? '',
      format(result.requests.average),
      milliseconds(result.latency.p50),
      milliseconds(result.latency.p99),
      `${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s`,
      `${(bytes / 1024).toFixed(1)} KB`,
      problems ? `**${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx**` : 'none',
    ];
  });
  const ceiling = measurements.at(-1)?.result.requests.average ?? 0;
  const twinOf = (name: string) => measurements.find(({ target }) => target.twinOf === name)?.result.requests.average ?? 0;
  const share = measurements
    .filter(({ target }) => target.pageCache)
    .map(({ target, result }) => {
      const rate = result.requests.average;
      return `${target.name}, page cache ${target.pageCache}: ${(rate / twinOf(target.name)).toFixed(2)} of its static twin, ${((100 * rate) / ceiling).toFixed(1)}% of the ceiling`;
    });

  return [
    `## Page benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...run.machineLines(PRODUCTION_SITE),
    `- autocannon: ${connections} connections, ${duration} s per target after a ${warmup} s warm-up; load generator on the same machine`,
    '',
    ...markdownTable(
      [
        { title: 'Target' },
        { title: 'Page cache' },
        ...figures('Requests/s', 'Latency p50', 'Latency p99', 'Throughput', 'Page size'),
        { title: 'Errors' },
      ],
      rows,
    ),
    '',
    ...share.map((line) => `- ${line}`),
    '',
  ].join('\n');
}
