import { createServer } from 'node:net';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { fromRoot } from '#platform/paths.ts';
import type { TrackedEvent } from '#server/analytics/analytics-sink.ts';
import { listen, type RunningServer } from '#server/lifecycle.ts';
import { startTestSite, type TestSite } from '../../support/test-site.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless Chromium on a machine with no network beyond loopback. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

export interface BrowserSite {
  origin: string;
  site: TestSite;
  browser: Browser;
  /** A fresh browser profile: JavaScript on or off, a phone or a desktop. */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** The first analytics event of that name matching `match`, waiting for it (events travel in batches). */
  received(name: string, match: (properties: Record<string, unknown>) => boolean): Promise<TrackedEvent>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The whole site listening on localhost (a secure context for the browser), and a Chromium to visit it. */
export async function startBrowserSite(environment: Record<string, string | undefined> = {}): Promise<BrowserSite> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const site = await startTestSite({ BASE_URL: origin, PORT: String(port), ...environment });
  const server: RunningServer = await listen(site.app, { port, logger: site.logger });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    origin,
    site,
    browser,
    context: (options = {}) => browser.newContext({ baseURL: origin, locale: 'en-GB', ...options }),
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

const SCREENSHOTS = fromRoot('test-results', 'screenshots');

/**
 * Saves a full-page screenshot under test-results/screenshots for people to look at, after
 * scrolling through the page so that lazy images below the fold are there too (without
 * JavaScript the browser loads them at once, and nothing could scroll anyway).
 */
export async function screenshot(page: Page, name: string, options: { javaScriptEnabled?: boolean } = {}): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  if (options.javaScriptEnabled !== false) await scrollThrough(page);
  // At CSS pixels: a phone's screenshot is a quarter of the pixels to encode, and as legible.
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true, scale: 'css' });
}

async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}
