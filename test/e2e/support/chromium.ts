import { chromium, type Browser, type BrowserServer } from 'playwright-core';

/**
 * Debian's Chromium for the browser tests: one started by the suite's global setup and shared by
 * every test file (each test still opens its own context, a fresh profile), rather than one per file.
 * Loaded by the global setup without jest's transforms: no imports of the site here.
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the global setup tells the test files the shared Chromium listens. */
export const CHROMIUM_ENDPOINT_VARIABLE = 'NABD_TEST_CHROMIUM_ENDPOINT';

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

export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * The suite's shared Chromium; a file run without the global setup launches its own. Closing the
 * returned browser closes the contexts this file opened and, when shared, only disconnects.
 */
export function openChromium(): Promise<Browser> {
  const endpoint = process.env[CHROMIUM_ENDPOINT_VARIABLE];
  return endpoint ? chromium.connect(endpoint) : chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
