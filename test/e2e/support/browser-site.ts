import { createServer } from 'node:net';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { fromRoot } from '#platform/paths.ts';
import { CONSENT_COOKIE, formatConsent } from '#platform/privacy-consent.ts';
import type { TrackedEvent } from '#server/analytics/analytics-sink.ts';
import { listen, type RunningServer } from '#server/lifecycle.ts';
import { startTestSite, type TestSite, type TestSiteOptions } from '../../support/test-site.ts';
import { openChromium } from './chromium.ts';

export interface BrowserSite {
  origin: string;
  site: TestSite;
  browser: Browser;
  /**
   * A fresh browser profile: JavaScript on or off, a phone or a desktop. It has answered the privacy
   * banner, accepting everything, unless `privacy` says otherwise (decision 0051): pages then look
   * and record as before the banner existed.
   */
  context(options?: BrowserContextOptions & { privacy?: PrivacyAnswer }): Promise<BrowserContext>;
  /** The first analytics event of that name matching `match`, waiting for it (events travel in batches). */
  received(name: string, match: (properties: Record<string, unknown>) => boolean): Promise<TrackedEvent>;
  close(): Promise<void>;
}

/** How a browser profile has answered the privacy banner. */
export type PrivacyAnswer = 'accepted' | 'refused' | 'unanswered';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The whole site listening on localhost (a secure context for the browser), and a Chromium to visit it. */
export async function startBrowserSite(
  environment: Record<string, string | undefined> = {},
  options: TestSiteOptions = {},
): Promise<BrowserSite> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const site = await startTestSite({ BASE_URL: origin, PORT: String(port), ...environment }, options);
  // No load balancer to warn before the listener closes: the test stops its own browser first.
  const server: RunningServer = await listen(site.app, { port, logger: site.logger, announceMs: 0, idleMs: 100 });
  const browser = await openChromium();
  return {
    origin,
    site,
    browser,
    async context({ privacy = 'accepted', ...options } = {}) {
      const context = await browser.newContext({ baseURL: origin, locale: 'en-GB', ...options });
      if (privacy !== 'unanswered') {
        const value = formatConsent({ analytics: privacy === 'accepted', marketing: privacy === 'accepted' });
        await context.addCookies([{ name: CONSENT_COOKIE, value, url: origin }]);
      }
      return context;
    },
    async received(name, match) {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const event = (await site.analytics!.received(name)).find((candidate) => match(candidate.properties));
        if (event) return event;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`No ${name} event arrived`);
    },
    async close() {
      await browser.close();
      await server.shutdown();
      await site.close();
    },
  };
}

export const PHONE = { viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;
export const DESKTOP = { viewport: { width: 1440, height: 900 } } as const;
/** The most common laptop screen. */
export const LAPTOP = { viewport: { width: 1366, height: 768 } } as const;

const SCREENSHOTS = fromRoot('test-results', 'screenshots');

/**
 * How far down a full-page screenshot goes, in CSS pixels: about eight phone screens. Past that a
 * page is more of the same list (a line-up of two hundred artists), far dearer for the browser to
 * draw than it tells a person looking; the layout checks still cover the whole page.
 */
const SCREENSHOT_MAX_HEIGHT = 6000;

/**
 * Saves a full-page screenshot (down to SCREENSHOT_MAX_HEIGHT) under test-results/screenshots for
 * people to look at, with the lazy images below the fold loaded first (without JavaScript the
 * browser loads them at once anyway). JPEG at CSS pixels: a tall page encodes several times faster
 * than as a PNG, and reads as well.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { javaScriptEnabled?: boolean; element?: string; viewportOnly?: boolean } = {},
): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  if (options.javaScriptEnabled !== false) await loadLazyImages(page);
  const file = { path: path.join(SCREENSHOTS, `${name}.jpg`), type: 'jpeg', quality: 80, scale: 'css' } as const;
  // One part of the page (a footer, a bar, what the screen shows) when that is what changed.
  if (options.element) await page.locator(options.element).first().screenshot(file);
  else if (options.viewportOnly) await page.screenshot(file);
  else {
    const clip = await page.evaluate((maxHeight) => {
      const { clientWidth, scrollHeight } = document.documentElement;
      return { x: 0, y: 0, width: clientWidth, height: Math.min(scrollHeight, maxHeight) };
    }, SCREENSHOT_MAX_HEIGHT);
    await page.screenshot({ ...file, fullPage: true, clip });
  }
}

/** Lazy images load as if the visitor had scrolled to them, without scrolling or waiting for the network to idle. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')];
    for (const image of images) image.loading = 'eager';
    const decoded = Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
}
