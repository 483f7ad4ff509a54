import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, type BrowserSite } from './browser-site.ts';

/** Checks every browser test makes of a page, whatever the area. */

let axeSource: Promise<string> | undefined;

/** What axe-core finds wrong on the page as it is now: one line per rule, with the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the browser's debugging protocol, which the page's CSP does not govern: the
  // page is checked with its real policy, with no need to switch it off.
  await page.evaluate(await axeSource);
  return page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
    ).axe.run();
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

/** How far the page scrolls sideways once its fonts are in (0 or less: it does not). */
export async function horizontalOverflow(page: Page): Promise<number> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Elements inside `selector` that cut their own text off (an ellipsis, a clamp, a box too small):
 * they hide overflow and their content is larger than their box. Rows that scroll do not count,
 * nor text hidden for screen readers only.
 */
export async function clippedText(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate((selector) => {
    const clipped: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      for (const element of [root, ...root.querySelectorAll('*')]) {
        const style = getComputedStyle(element);
        const overflow = `${style.overflowX} ${style.overflowY}`;
        const text = element.textContent?.trim();
        if (
          !text ||
          style.display === 'none' ||
          element.clientWidth <= 1 ||
          /auto|scroll/.test(overflow) ||
          !/hidden|clip/.test(overflow)
        ) {
          continue;
        }
        if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) {
          clipped.push(`${element.tagName.toLowerCase()}.${element.className}: ${text}`);
        }
      }
    }
    return clipped;
  }, selector);
}

/** Pairs of the elements named that overlap on screen (the first match of each selector). */
export async function overlaps(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((selectors) => {
    const boxes = selectors.flatMap((selector) => {
      const element = document.querySelector(selector);
      return element ? [{ selector, box: element.getBoundingClientRect() }] : [];
    });
    const found: string[] = [];
    for (const [index, a] of boxes.entries()) {
      for (const b of boxes.slice(index + 1)) {
        const apart = a.box.right <= b.box.left || b.box.right <= a.box.left || a.box.bottom <= b.box.top || b.box.bottom <= a.box.top;
        if (!apart) found.push(`${a.selector} × ${b.selector}`);
      }
    }
    return found;
  }, selectors);
}

/** A site path in a language: the Arabic pages live under /ar. */
export const localized = (locale: 'en' | 'ar', path: string) => (locale === 'ar' ? `/ar${path === '/' ? '' : path}` : path);

/** Each page in each language on a phone and on a desktop: the rows of a layout test. */
export function atEveryWidth<Name extends string>(pages: readonly (readonly [Name, string])[]) {
  return pages.flatMap(([name, path]) =>
    (['en', 'ar'] as const).flatMap((locale) => (['phone', 'desktop'] as const).map((device) => [name, path, locale, device] as const)),
  );
}

/**
 * Opens a page at a device's width, checks that it answers with `status` and does not scroll
 * sideways, and keeps a full-page screenshot named `screenshotName` to look at.
 */
export async function checkLayout(
  site: BrowserSite,
  path: string,
  device: 'phone' | 'desktop',
  screenshotName: string,
  status = 200,
  options: { axe?: boolean } = {},
) {
  const context = await site.context(device === 'phone' ? PHONE : DESKTOP);
  try {
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response!.status()).toBe(status);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // On the page already open: an accessibility check costs no extra page load.
    if (options.axe) expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, screenshotName);
  } finally {
    await context.close();
  }
}
