import type { BrowserServer } from 'playwright-core';
import snapshotKeySetup from '../../support/global-setup.ts';
import { CHROMIUM_ENDPOINT_VARIABLE, launchChromiumServer } from './chromium.ts';

/** The global teardown runs in this process and finds the server here. */
const holder = globalThis as { sharedChromium?: BrowserServer };

/**
 * Once per browser-test run: the prepared database's key, and one Chromium every test file connects
 * to (a launch per file cost each file a second or two of a busy CPU and another browser's memory).
 */
export default async function globalSetup(globalConfig: { rootDir: string }): Promise<void> {
  await snapshotKeySetup(globalConfig);
  holder.sharedChromium = await launchChromiumServer();
  process.env[CHROMIUM_ENDPOINT_VARIABLE] = holder.sharedChromium.wsEndpoint();
}

export async function closeSharedChromium(): Promise<void> {
  await holder.sharedChromium?.close();
  delete holder.sharedChromium;
}
