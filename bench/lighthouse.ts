/**
 * Lighthouse scores of pages as a phone sees them (Lighthouse's default mobile profile: a mid-range
 * phone, slow 4G, CPU slowed four times), in both languages, against the built site running as
 * production runs it. Lighthouse drives the installed Chromium.
 *
 *   npm run build && npm run bench:lighthouse [-- --pages /,/xp-feed --runs 3 --reports bench/lighthouse-reports]
 *
 * Each page is measured `runs` times and the median score reported, since a shared machine makes
 * single runs noisy. Progress goes to stderr, the results as markdown to stdout.
 *
 * The demo catalogue is imported first, so the shop's pages can be measured too: a tickets page
 * (`/events/<slug>/tickets`) as any visitor sees it, and checkout's first step
 * (`/events/<slug>/tickets/checkout`) as a guest with a ticket in the cart, who got there through
 * the tickets page, the cart and "continue as a guest" in the same browser.
 */
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { parseArgs } from 'node:util';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext } from 'playwright-core';
import { fieldValue } from '../test/support/browser.ts';
import { BenchmarkRun, figures, freePort, inBothLanguages, log, markdownTable, median, PRODUCTION_SITE } from './support.ts';

const { values: options } = parseArgs({
  options: {
    pages: { type: 'string', default: '/' },
    runs: { type: 'string', default: '3' },
    /** A folder to keep each run's whole report in (JSON), to read why a page scored as it did. */
    reports: { type: 'string' },
  },
});
const pages = inBothLanguages(options.pages);
const runs = Number(options.runs);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'] as const;

const run = new BenchmarkRun();
const debuggingPort = await freePort();
// The browser's own profile, so that what a page sets up before a measurement (a cart) is in the
// cookies Lighthouse's tab sends.
const browser = await chromium.launchPersistentContext(await mkdtemp(path.join(os.tmpdir(), 'nabd-lighthouse-')), {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${debuggingPort}`],
});

/** `/ar/events/<slug>/tickets/checkout` → the event's slug: a page measured with a ticket in the cart. */
const checkoutEvent = (page: string) => /^(?:\/ar)?\/events\/([^/]+)\/tickets\/checkout$/.exec(page)?.[1];

/**
 * Puts one ticket of the event in the browser's cart and chooses to check out as a guest, the way
 * the pages' forms do without JavaScript, with the browser's cookies.
 */
async function reachCheckout(request: APIRequestContext, site: string, eventSlug: string): Promise<void> {
  const shop = `${site}/events/${eventSlug}/tickets`;
  const sameOrigin = { origin: site, 'sec-fetch-site': 'same-origin' };
  const ticketsPage = await (await request.get(shop)).text();
  const ticketId = /name="ticketId" value="([^"]+)"/.exec(ticketsPage)?.[1];
  if (!ticketId) throw new Error(`${shop} offers no ticket to add`);
  const form = (html: string, fields: Record<string, string>) => ({ _csrf: fieldValue(html, '_csrf') ?? '', ...fields });
  const added = await request.post(shop, { form: form(ticketsPage, { intent: 'add', ticketId, quantity: '1' }), headers: sameOrigin });
  if (!added.ok()) throw new Error(`Adding ${ticketId} to the cart answered ${added.status()}`);
  const loginPage = await (await request.get(`${shop}/login`)).text();
  const guest = await request.post(`${shop}/login`, { form: form(loginPage, { intent: 'guest' }), headers: sameOrigin });
  if (!guest.url().endsWith('/tickets/checkout')) throw new Error(`Choosing guest checkout ended on ${guest.url()}`);
}

try {
  const site = await run.startSite({}, { shop: true });
  const rows: string[][] = [];
  for (const page of pages) {
    const results: RunnerResult[] = [];
    for (let attempt = 1; attempt <= runs; attempt++) {
      log(`Lighthouse ${page} (${attempt}/${runs})…`);
      const eventSlug = checkoutEvent(page);
      if (eventSlug) await reachCheckout(browser.request, site, eventSlug);
      const flags: Flags = {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // Lighthouse clears the site's storage first: the cart just made must stay.
        ...(eventSlug ? { disableStorageReset: true } : {}),
      };
      const result = await lighthouse(`${site}${page}`, flags);
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      if (result.lhr.runtimeError) log(`  ${page}: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
      for (const warning of result.lhr.runWarnings) log(`  ${page}: ${warning}`);
      if (options.reports) {
        await mkdir(options.reports, { recursive: true });
        await writeFile(path.join(options.reports, `${page.replaceAll('/', '_') || '_'}-${attempt}.json`), JSON.stringify(result.lhr));
      }
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
      ...run.machineLines(PRODUCTION_SITE),
      `- Lighthouse's default mobile profile (simulated slow 4G, 4× CPU slowdown), median of ${runs} runs`,
      '',
      ...markdownTable(
        [{ title: 'Page' }, ...figures('Performance', 'Accessibility', 'Best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS')],
        rows,
      ),
      '',
    ].join('\n'),
  );
} finally {
  await browser.close();
  await run.stop();
}
