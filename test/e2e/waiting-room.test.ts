import type { BrowserContextOptions, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { TEST_NOW } from '../support/test-site.ts';
import { PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { axeViolations, horizontalOverflow, localized } from './support/page-checks.ts';

/**
 * A sale's waiting room in a real browser (decision 0044): visitors in both languages at a phone's
 * and a laptop's width take places before the opening; with JavaScript the figures change in place
 * and admission leads to the tickets page by itself; without it the page's meta refresh does. The
 * site's clock is the test's, so the line moves when the test says.
 */

const TICKETS = '/events/nabd-festival-2026/tickets';
const OPENS_AT = new Date(TEST_NOW.getTime() + 10 * 60_000);
const PER_MINUTE = 2;
const LAPTOP = { viewport: { width: 1366, height: 900 } } as const;

let now = TEST_NOW;
const afterOpening = (seconds: number) => new Date(OPENS_AT.getTime() + seconds * 1000);

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite({}, { clock: () => now });
  await site.site.database.db.execute(
    sql`update commerce.events set waiting_room_opens_at = ${OPENS_AT.toISOString()}, waiting_room_per_minute = ${PER_MINUTE},
          waiting_room_checkout_minutes = 15 where id = 'evt_nabd_2026'`,
  );
}, 180_000);
afterAll(() => site.close());

const position = (page: Page) => page.locator('[data-line="position"]').textContent();

/** A visitor arriving at the tickets page, sent to the waiting room; checked and photographed there. */
async function arrive(locale: 'en' | 'ar', options: BrowserContextOptions, name: string): Promise<Page> {
  const context = await site.context(options);
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await page.goto(localized(locale, TICKETS));
  await page.waitForURL(`**${localized(locale, `${TICKETS}/waiting-room`)}`);
  // The same markup is checked with JavaScript on; without it the page may reload while axe runs.
  if (options.javaScriptEnabled !== false) expect(await axeViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, name, { javaScriptEnabled: options.javaScriptEnabled !== false });
  return page;
}

test('with JavaScript the place moves up live and admission leads to the tickets page; without it the meta refresh does', async () => {
  // Before the opening: four places, in both languages, at both widths.
  const first = await arrive('en', LAPTOP, 'waiting-room-en-1366');
  const second = await arrive('en', PHONE, 'waiting-room-en-360');
  const arabic = await arrive('ar', LAPTOP, 'waiting-room-ar-1366');
  await arrive('ar', PHONE, 'waiting-room-ar-360');
  expect(await position(first)).toBe('1');
  expect(await position(second)).toBe('2');
  expect(await position(arabic)).toBe('3');
  expect(await arabic.getByRole('heading', { level: 1 }).textContent()).toBe('أنت في الطابور لبدء البيع');

  // The first place is admitted: its page goes on to the tickets by itself; the next moves up in place.
  now = afterOpening(30);
  await first.waitForURL(`**${TICKETS}`);
  await first.getByText('Your place is held until').waitFor();
  await screenshot(first, 'waiting-room-admitted-en-1366');
  await second.waitForFunction(() => document.querySelector('[data-line="position"]')?.textContent === '1');
  expect(await second.locator('[data-line="ahead"]').textContent()).toBe('0');
  await arabic.waitForFunction(() => document.querySelector('[data-line="position"]')?.textContent === '2');

  // Without JavaScript: a place due in 50 s, so the page reloads itself every 15 s; at the next after its turn it goes on.
  now = afterOpening(100);
  const withoutScript = await arrive('en', { ...LAPTOP, javaScriptEnabled: false }, 'waiting-room-no-script-en-1366');
  expect(await withoutScript.locator('noscript').count()).toBeGreaterThan(0);
  now = afterOpening(151);
  await withoutScript.waitForURL(`**${TICKETS}`, { timeout: 30_000 });
  await withoutScript.getByText('Your place is held until').waitFor();

  // The second visitor, admitted meanwhile, is in the shop too; in Arabic the window reads from the right.
  await second.waitForURL(`**${TICKETS}`);
  await arabic.waitForURL(`**/ar${TICKETS}`);
  await arabic.getByText('مكانك محجوز حتى').waitFor();
  await screenshot(arabic, 'waiting-room-admitted-ar-1366');
}, 120_000);
