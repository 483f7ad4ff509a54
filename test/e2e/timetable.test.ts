import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { atEveryWidth, checkLayout, localized } from './support/page-checks.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

const FESTIVAL = '/events/nabd-festival-2026';
const FORUM = '/events/future-sound-forum-2027';

const PAGES = [
  ['lineup-timetable', `${FESTIVAL}/lineup/timetable`],
  ['lineup-timetable-without-stages', '/events/dunes-sessions-2027/lineup/timetable'],
  ['day-programme', `${FORUM}/program/day`],
  ['day-programme-tab', `${FORUM}/program/day/workshop`],
  ['day-speakers', `${FORUM}/program/day/speakers`],
  ['day-brands', `${FORUM}/program/day/brands`],
  ['day-timetable', `${FORUM}/program/day/timetable/2027-03-10`],
  ['night-programme', `${FORUM}/program/nite`],
  ['night-artists', `${FORUM}/program/nite/artists`],
  ['night-timetable', `${FORUM}/program/nite/timetable`],
] as const;

/** Rows whose visit the timetable layout tests below make, with their own checks on the same page. */
const CHECKED_WITH_THE_TIMETABLE_LAYOUT = ['lineup-timetable en desktop', 'lineup-timetable ar desktop', 'lineup-timetable en phone'];

describe('timetables and programmes at phone and desktop widths, in both languages', () => {
  test.each(
    atEveryWidth(PAGES).filter(([name, , locale, device]) => !CHECKED_WITH_THE_TIMETABLE_LAYOUT.includes(`${name} ${locale} ${device}`)),
  )('%s (%s) in %s on a %s: no horizontal scroll, no axe-core violations, screenshot taken', async (name, path, locale, device) => {
    await checkLayout(site, localized(locale, path), device, `programme-${name}-${locale}-${device}`, 200, { axe: true });
  });
});

describe('the timetable layout', () => {
  /** The box of each slot of the first stage, in document (start) order. */
  const boxes = (page: Page) =>
    page
      .locator('.timetable__stage')
      .first()
      .locator('.timetable__entry')
      .evaluateAll((items) =>
        items.map((item) => {
          const { top, bottom, left, right } = item.getBoundingClientRect();
          return { top, bottom, left, right };
        }),
      );

  /** The festival's timetable as its layout row checks it (status, sideways scroll, axe, screenshot), then `check`. */
  const checkTimetable = (locale: 'en' | 'ar', device: 'phone' | 'desktop', check: (page: Page) => Promise<void>) =>
    checkLayout(site, localized(locale, `${FESTIVAL}/lineup/timetable`), device, `programme-lineup-timetable-${locale}-${device}`, 200, {
      axe: true,
      alsoCheck: check,
    });

  test('on a desktop, stages are side by side and slots run down a time axis in start order, sized by length (and the page’s layout checks)', async () => {
    await checkTimetable('en', 'desktop', async (page) => {
      const stages = await page.locator('.timetable__stage').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().left));
      expect(stages.length).toBeGreaterThan(1);
      expect(stages).toEqual([...stages].sort((a, b) => a - b));
      const slots = await boxes(page);
      for (let index = 1; index < slots.length; index++) {
        expect(slots[index]!.top).toBeGreaterThanOrEqual(slots[index - 1]!.bottom);
        expect(slots[index]!.left).toBe(slots[0]!.left);
      }
      // The axis is visible, and an hour is the same height wherever it falls.
      await expect(page.locator('.timetable__axis').isVisible()).resolves.toBe(true);
      const hours = await page.locator('.timetable__hour').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
      const steps = hours.slice(1).map((top, index) => Math.round(top - hours[index]!));
      expect(new Set(steps.slice(1, -1)).size).toBe(1);
    });
  });

  test('in Arabic the stages run from right to left (and the page’s layout checks)', async () => {
    await checkTimetable('ar', 'desktop', async (page) => {
      const stages = await page
        .locator('.timetable__stage')
        .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().right));
      expect(stages).toEqual([...stages].sort((a, b) => b - a));
      const axis = await page.locator('.timetable__axis').evaluate((item) => item.getBoundingClientRect().left);
      expect(axis).toBeGreaterThan(stages[0]! - 1);
    });
  });

  test('on a phone, each stage is a list: the axis is hidden and slots are stacked full width (and the page’s layout checks)', async () => {
    await checkTimetable('en', 'phone', async (page) => {
      await expect(page.locator('.timetable__axis').isVisible()).resolves.toBe(false);
      const slots = await boxes(page);
      const width = await page
        .locator('.timetable__stage')
        .first()
        .evaluate((item) => item.getBoundingClientRect().width);
      for (const slot of slots) expect(Math.round(slot.right - slot.left)).toBe(Math.round(width));
    });
  });

  test('day tabs are links to each day; the chosen day is marked', async () => {
    const context = await site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${FESTIVAL}/lineup/timetable`);
    await page.locator('.timetable-days__tab').nth(1).click();
    await page.waitForURL(/\/lineup\/timetable\/2026-12-11$/);
    await expect(page.locator('.timetable-days__tab[aria-current="page"]').getAttribute('href')).resolves.toBe(
      `${FESTIVAL}/lineup/timetable/2026-12-11`,
    );
    await context.close();
  });
});
