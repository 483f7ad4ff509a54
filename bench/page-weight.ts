/**
 * What each kind of page makes a phone download: the HTML, the stylesheet and the JavaScript it
 * links (with every module those scripts import), gzip-compressed as they travel. Fonts load
 * per glyph range and are reported in docs/benchmarks.md separately.
 *
 *   npm run build && npm run bench:weight
 *
 * Results as markdown on stdout, progress on stderr.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BenchmarkRun, fetchPage, log, root } from './support.ts';

/** One page of each kind, in English, and the heaviest in Arabic too; Arabic pages link the same scripts. */
const PAGES: [kind: string, path: string][] = [
  ['Home', '/'],
  ['Home in Arabic', '/ar'],
  ['Events overview', '/events'],
  ['Event', '/events/nabd-festival-2026'],
  ['Event calendar', '/events/calendar'],
  ['Custom event page (blocks)', '/events/nabd-festival-2026/getting-there'],
  ['Line-up (poster and A–Z, 108 performances)', '/events/nabd-festival-2026/lineup'],
  ['Line-up in Arabic', '/ar/events/nabd-festival-2026/lineup'],
  ['Line-up artists A–Z (with pictures)', '/events/nabd-festival-2026/lineup/artists'],
  ['Line-up timetable', '/events/nabd-festival-2026/lineup/timetable/2026-12-11'],
  ['Performance', '/events/nabd-festival-2026/lineup/adam-rahal'],
  ['My schedule', '/events/nabd-festival-2026/lineup/my-schedule'],
  ['Day programme', '/events/future-sound-forum-2027/program/day'],
  ['Performer', '/performers/adam-rahal'],
  ['Radio', '/radio'],
  ['Podcast', '/radio/podcasts/backstage'],
  ['Records', '/records'],
  ['Release', '/records/releases/ghazal-paper-moons'],
  ['Venues', '/venues'],
  ['Travel package', '/travel-packages/nabd-festival-2026-weekend'],
  ['XP feed', '/xp-feed'],
  ['Article', '/xp-feed/behind-the-scenes/building-the-main-stage'],
  ['About (blocks)', '/about'],
  ['FAQ', '/about/faq'],
  ['Contact', '/contact'],
  ['Search results', '/search?q=festival'],
];

const publicDir = path.join(root, 'public');
const gzipped = (bytes: Buffer | string) => gzipSync(bytes, { level: 6 }).length;
// The quality the site's compression middleware gives pages as it serves them.
const brotlied = (bytes: Buffer | string) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A built module and every module it imports statically, each once. */
async function moduleClosure(url: string, seen: Set<string>): Promise<void> {
  if (seen.has(url)) return;
  seen.add(url);
  const source = await readFile(path.join(publicDir, url), 'utf8');
  for (const [, specifier] of source.matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) {
    await moduleClosure(path.posix.join(path.posix.dirname(url), specifier!), seen);
  }
}

const run = new BenchmarkRun();
try {
  const site = await run.startSite();
  const rows: string[] = [];
  for (const [kind, pagePath] of PAGES) {
    log(`Weighing ${pagePath}…`);
    const html = (await fetchPage(`${site}${pagePath}`)).toString('utf8');
    const scripts = new Set<string>();
    for (const [, src] of html.matchAll(/<script type="module" src="([^"]+)"/g)) await moduleClosure(src!, scripts);
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(([, href]) => href!);
    const scriptBytes = await sum([...scripts]);
    const styleBytes = await sum(styles);
    const names = [...html.matchAll(/<script type="module" src="\/assets\/([a-z-]+)-[A-Z0-9]+\.js"/g)].map(([, name]) => name).join(', ');
    rows.push(
      `| ${kind} | \`${pagePath}\` | ${kilobytes(Buffer.byteLength(html))} | ${kilobytes(gzipped(html))} | ${kilobytes(brotlied(html))} | ${kilobytes(styleBytes)} | ${kilobytes(scriptBytes)} | ${names || 'none'} |`,
    );
  }
  process.stdout.write(
    [
      '| Page kind | Path | HTML (raw) | HTML (gzip) | HTML (brotli) | CSS (gzip) | JavaScript (gzip, with imports) | Scripts |',
      '|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
} finally {
  await run.stop();
}

async function sum(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) total += gzipped(await readFile(path.join(publicDir, url)));
  return total;
}
