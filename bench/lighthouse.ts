/**
 * Lighthouse scores of pages as a phone sees them (Lighthouse's default mobile profile: a mid-range
 * phone, slow 4G, CPU slowed four times), in both languages, against the built site running as
 * production runs it. Lighthouse drives the installed Chromium.
 *
 *   npm run build && npm run bench:lighthouse [-- --pages /,/xp-feed --runs 3]
 *
 * Each page is measured `runs` times and the median score reported, since a shared machine makes
 * single runs noisy. Progress goes to stderr, the results as markdown to stdout.
 */
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { BenchmarkRun, freePort, inBothLanguages, log, median } from './support.ts';

const { values: options } = parseArgs({
  options: {
    pages: { type: 'string', default: '/' },
    runs: { type: 'string', default: '3' },
  },
});
const pages = inBothLanguages(options.pages);
const runs = Number(options.runs);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'] as const;

const run = new BenchmarkRun();
const debuggingPort = await freePort();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${debuggingPort}`],
});

try {
  const site = await run.startSite();
  const rows: string[][] = [];
  for (const page of pages) {
    const results: RunnerResult[] = [];
    for (let attempt = 1; attempt <= runs; attempt++) {
      log(`Lighthouse ${page} (${attempt}/${runs})…`);
      const flags: Flags = { port: debuggingPort, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
      const result = await lighthouse(`${site}${page}`, flags);
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      results.push(result);
    }
    const score = (category: string) => Math.round(100 * median(results.map((result) => result.lhr.categories[category]?.score ?? 0)));
    const metric = (audit: string) => median(results.map((result) => result.lhr.audits[audit]?.numericValue ?? NaN));
    rows.push([
      `\`${page}\``,
      ...CATEGORIES.map((category) => String(score(category))),
      ...METRICS.map((audit) => (audit === 'cumulative-layout-shift' ? metric(audit).toFixed(3) : `${Math.round(metric(audit))} ms`)),
    ]);
  }

  process.stdout.write(
    [
      `## Lighthouse (mobile), ${new Date().toISOString().slice(0, 10)}`,
      '',
      ...run.machineLines('the site with NODE_ENV=production, LOG_LEVEL=warn, PGlite'),
      `- Lighthouse's default mobile profile (simulated slow 4G, 4× CPU slowdown), median of ${runs} runs`,
      '',
      '| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map((cells) => `| ${cells.join(' | ')} |`),
      '',
    ].join('\n'),
  );
} finally {
  await browser.close();
  await run.stop();
}
