/**
 * What a visitor on a slow phone waits for (issue 21): each page opened in Chromium with a cold cache,
 * its CPU slowed four times and the network of Chrome DevTools' "Fast 3G" preset (562.5 ms round
 * trip, 1.44 Mbit/s down, 675 kbit/s up), at a phone's width, against the built site running as
 * production runs it. It reports, per page, the median over `runs` visits of:
 * - first paint: the first contentful paint;
 * - largest paint: the largest contentful paint;
 * - interactive: when the page's scripts have run (DOMContentLoaded: module scripts run before it)
 *   and the main thread was last busy for more than 50 ms (a long task), whichever is later: from
 *   then on a tap is answered at once;
 * - load: the load event (pictures included, which a tap does not wait for).
 *
 *   npm run build && npm run bench:slow-phone [-- --pages /,/events/nabd-festival-2026 --runs 3]
 *
 * Each page is measured in English and in Arabic. Progress goes to stderr, the results as markdown to stdout.
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { BenchmarkRun, figures, inBothLanguages, log, markdownTable, median, PRODUCTION_SITE } from './support.ts';

const { values: options } = parseArgs({
  options: {
    pages: { type: 'string', default: '/,/events/nabd-festival-2026' },
    runs: { type: 'string', default: '3' },
  },
});
const pages = inBothLanguages(options.pages);
const runs = Number(options.runs);

/** Chrome DevTools' "Fast 3G" preset, as its network panel defines it. */
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const CPU_SLOWDOWN = 4;
/** How long the page must stay free of long tasks before it counts as settled. */
const QUIET_MS = 3000;

interface Visit {
  firstPaint: number;
  largestPaint: number;
  interactive: number;
  load: number;
}

async function visit(site: string, path: string, browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    await session.send('Network.emulateNetworkConditions', FAST_3G);
    await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // Observers registered before the page's own scripts, so nothing is missed.
    await page.addInitScript(() => {
      const marks = { longTasksEnd: 0, largestPaint: 0 };
      Object.assign(window, { __slowPhone: marks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) marks.longTasksEnd = Math.max(marks.longTasksEnd, entry.startTime + entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) marks.largestPaint = Math.max(marks.largestPaint, entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${site}${path}`, { waitUntil: 'load', timeout: 120_000 });
    await settled(page);
    return await page.evaluate(() => {
      const marks = (window as unknown as { __slowPhone: { longTasksEnd: number; largestPaint: number } }).__slowPhone;
      const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        firstPaint,
        largestPaint: marks.largestPaint,
        interactive: Math.max(firstPaint, navigation.domContentLoadedEventEnd, marks.longTasksEnd),
        load: navigation.loadEventEnd,
      };
    });
  } finally {
    await context.close();
  }
}

/** Waits until no long task has ended for QUIET_MS (at most a minute). */
async function settled(page: Page): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = -1;
  let quietSince = Date.now();
  while (Date.now() < deadline && Date.now() - quietSince < QUIET_MS) {
    await page.waitForTimeout(250);
    const end = await page.evaluate(() => (window as unknown as { __slowPhone: { longTasksEnd: number } }).__slowPhone.longTasksEnd);
    if (end !== last) {
      last = end;
      quietSince = Date.now();
    }
  }
}

const run = new BenchmarkRun();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });

try {
  const site = await run.startSite();
  const rows: string[][] = [];
  for (const path of pages) {
    const visits: Visit[] = [];
    for (let attempt = 1; attempt <= runs; attempt++) {
      log(`${path} on a slow phone (${attempt}/${runs})…`);
      visits.push(await visit(site, path, browser));
    }
    const typical = (pick: (visit: Visit) => number) => `${Math.round(median(visits.map(pick))).toLocaleString('en-GB')} ms`;
    rows.push([
      `\`${path}\``,
      typical((item) => item.firstPaint),
      typical((item) => item.largestPaint),
      typical((item) => item.interactive),
      typical((item) => item.load),
    ]);
  }
  process.stdout.write(
    [
      `## Slow phone, ${new Date().toISOString().slice(0, 10)}`,
      '',
      ...run.machineLines(PRODUCTION_SITE),
      `- Chromium at 360 × 780 (2× pixels), cold cache, CPU slowed ${CPU_SLOWDOWN}×, DevTools' Fast 3G; median of ${runs} visits`,
      '',
      ...markdownTable([{ title: 'Page' }, ...figures('First paint', 'Largest paint', 'Interactive', 'Load')], rows),
      '',
    ].join('\n'),
  );
} finally {
  await browser.close();
  await run.stop();
}
