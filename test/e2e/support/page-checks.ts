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
    type Violations = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const { axe } = window as unknown as { axe: { run(options: { resultTypes: string[] }): Promise<Violations> } };
    // Every rule still runs and every violating element is named; passing and inapplicable
    // results keep one element each instead of a selector per element, which on a page of
    // thousands of elements is a quarter of axe's time.
    const result = await axe.run({ resultTypes: ['violations'] });
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
 * sideways, and keeps a full-page screenshot named `screenshotName` to look at. `alsoCheck` runs
 * the checks a test has of its own on the same visit, after the screenshot (it may change the page).
 */
export async function checkLayout(
  site: BrowserSite,
  path: string,
  device: 'phone' | 'desktop',
  screenshotName: string,
  status = 200,
  options: { axe?: boolean; alsoCheck?: (page: Page) => Promise<void> } = {},
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
    await options.alsoCheck?.(page);
  } finally {
    await context.close();
  }
}

/**
 * Pieces of text on the page that overlap other text (a label under a value, a number over its
 * label): each as "first text ⟂ second text". Only what can be seen counts: text that is hidden,
 * clipped away by a box around it (text kept for screen readers, the parts of a row scrolled out of
 * view) is left out, and text in a fixed or sticky bar is compared only with text in the same bar,
 * since where it lies over the page depends on the scroll.
 */
export async function overlappingText(page: Page, scope = 'body'): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate((selector) => {
    type Box = { left: number; right: number; top: number; bottom: number; height: number };
    type Piece = { text: string; layer: Element | null; boxes: Box[] };
    const clips = (element: Element) => {
      const style = getComputedStyle(element);
      return style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.clipPath !== 'none' || style.clip !== 'auto';
    };
    /** The part of a box left once every clipping ancestor has cut it, or nothing. */
    const visiblePart = (rect: DOMRect, element: Element): Box | undefined => {
      let box = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
      for (let ancestor: Element | null = element; ancestor; ancestor = ancestor.parentElement) {
        if (ancestor === document.documentElement || ancestor === document.body || !clips(ancestor)) continue;
        const frame = ancestor.getBoundingClientRect();
        box = {
          left: Math.max(box.left, frame.left),
          right: Math.min(box.right, frame.right),
          top: Math.max(box.top, frame.top),
          bottom: Math.min(box.bottom, frame.bottom),
        };
      }
      const height = box.bottom - box.top;
      return box.right - box.left > 2 && height > 2 ? { ...box, height } : undefined;
    };
    const layerOf = (element: Element) => {
      for (let ancestor: Element | null = element; ancestor; ancestor = ancestor.parentElement) {
        const position = getComputedStyle(ancestor).position;
        if (position === 'fixed' || position === 'sticky') return ancestor;
      }
      return null;
    };
    const pieces: Piece[] = [];
    const root = document.querySelector(selector) ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || !element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const boxes = [...range.getClientRects()].map((rect) => visiblePart(rect, element)).filter((box): box is Box => Boolean(box));
      if (boxes.length) pieces.push({ text, layer: layerOf(element), boxes });
    }
    // A text box is as tall as the font's ascent and descent, taller than its letters: lines set
    // tight touch without their letters meeting, so only a third of a line's height counts.
    const overlap = (a: Box, b: Box) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > Math.min(a.height, b.height) / 3;
    const found: string[] = [];
    for (let i = 0; i < pieces.length; i += 1) {
      for (let j = i + 1; j < pieces.length; j += 1) {
        const [a, b] = [pieces[i]!, pieces[j]!];
        if (a.layer !== b.layer) continue;
        if (a.boxes.some((first) => b.boxes.some((second) => overlap(first, second)))) {
          found.push(`${a.text.slice(0, 40)} ⟂ ${b.text.slice(0, 40)}`);
        }
      }
    }
    return found;
  }, scope);
}
