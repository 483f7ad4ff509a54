import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** Checks every browser test makes of a page, whatever the area. */

let axeSource: Promise<string> | undefined;

/** What axe-core finds wrong on the page as it is now: one line per rule, with the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: await axeSource });
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

/** A site path in a language: the Arabic pages live under /ar. */
export const localized = (locale: 'en' | 'ar', path: string) => (locale === 'ar' ? `/ar${path === '/' ? '' : path}` : path);
