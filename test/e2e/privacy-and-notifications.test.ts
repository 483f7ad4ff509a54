import type { Page } from 'playwright-core';
import { LAPTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { axeViolations, localized } from './support/page-checks.ts';

/**
 * The privacy banner (decision 0051) as a first-time visitor meets it, with JavaScript and without,
 * in both languages, and the notifications (SPEC 9.3) its answer, like every form's success, becomes
 * with JavaScript: at most three, gone after 5 seconds unless hovered, announced politely. And the
 * footer player, back after a reload where it was, paused.
 */

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
}, 180_000);
afterAll(() => site.close());

const TEXTS = {
  en: { accept: 'Accept all', reject: 'Reject all', saved: 'Your privacy choices are saved.' },
  ar: { accept: 'قبول الكل', reject: 'رفض الكل', saved: 'حُفظت اختيارات الخصوصية.' },
} as const;

const consentCookie = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'consent')?.value;

describe.each(['en', 'ar'] as const)('the privacy banner (%s)', (locale) => {
  test('without JavaScript on a phone: in view at the bottom, refusing returns to the page with the message inline', async () => {
    const context = await site.context({ ...PHONE, javaScriptEnabled: false, privacy: 'unanswered' });
    const page = await context.newPage();
    await page.goto(localized(locale, '/events'), { waitUntil: 'load' });
    const banner = page.locator('.privacy-banner');
    expect(await banner.isVisible()).toBe(true);
    const box = (await banner.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(PHONE.viewport.height);
    // Accepting and refusing are the same size: neither is the easier answer.
    const accept = (await page.getByRole('button', { name: TEXTS[locale].accept }).boundingBox())!;
    const reject = (await page.getByRole('button', { name: TEXTS[locale].reject }).boundingBox())!;
    expect(Math.abs(accept.width - reject.width)).toBeLessThanOrEqual(1);
    expect(accept.height).toBe(reject.height);
    await screenshot(page, `privacy-banner-${locale}-360`, { javaScriptEnabled: false, viewportOnly: true });

    await page.getByRole('button', { name: TEXTS[locale].reject }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe(localized(locale, '/events'));
    expect(await banner.count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: TEXTS[locale].saved }).isVisible()).toBe(true);
    expect(await consentCookie(page)).toBe('v1.analytics0.marketing0');
    await context.close();
  });

  test('with JavaScript on a laptop: no accessibility violation; accepting shows a notification in the corner where lines start', async () => {
    const context = await site.context({ ...LAPTOP, privacy: 'unanswered' });
    const page = await context.newPage();
    await page.goto(localized(locale, '/events'), { waitUntil: 'load' });
    expect(await page.locator('.privacy-banner').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `privacy-banner-${locale}-1366`, { viewportOnly: true });

    await page.getByRole('button', { name: TEXTS[locale].accept }).click();
    const notification = page.locator('.notifications[role="status"][aria-live="polite"] .notification');
    await notification.waitFor({ state: 'visible' });
    expect(await notification.textContent()).toContain(TEXTS[locale].saved);
    expect(await page.locator('.privacy-banner').count()).toBe(0);
    expect(await consentCookie(page)).toBe('v1.analytics1.marketing1');
    // The inline copy gives way, so the message is announced once.
    expect(await page.locator('.site-notice .form-success').isVisible()).toBe(false);
    // Bottom-left in English, bottom-right in Arabic (decision 0051).
    const box = (await notification.boundingBox())!;
    const { width, height } = LAPTOP.viewport;
    expect(height - (box.y + box.height)).toBeLessThan(40);
    if (locale === 'en') expect(box.x).toBeLessThan(40);
    else expect(width - (box.x + box.width)).toBeLessThan(40);
    await screenshot(page, `notification-${locale}-1366`, { viewportOnly: true });
    await page.getByRole('button', { name: locale === 'en' ? 'Dismiss' : 'إغلاق' }).click();
    expect(await notification.count()).toBe(0);
    await context.close();
  });
});

test('notifications: three at most, each gone after 5 seconds, held while the pointer is on it', async () => {
  const context = await site.context(LAPTOP);
  const page = await context.newPage();
  // A success after a redirect: the privacy choice saved from its own page.
  await page.goto('/privacy-choices', { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Reject all' }).click();
  const notifications = page.locator('.notifications .notification');
  await notifications.first().waitFor({ state: 'visible' });
  // Three more successes arrive as the cart's htmx (htmx:load) or the site's partial requests
  // (content:added) bring them in: the oldest gives way.
  await page.evaluate(() => {
    const arrivals: [text: string, added: string][] = [
      ['Added to your cart.', 'htmx:load'],
      ['Saved.', 'content:added'],
      ['Subscribed.', 'content:added'],
    ];
    for (const [text, added] of arrivals) {
      const message = document.createElement('p');
      message.className = 'form-success';
      message.dataset.notification = '';
      message.dataset.dismissLabel = 'Dismiss';
      message.textContent = text;
      document.querySelector('main')!.append(message);
      message.dispatchEvent(new CustomEvent(added, { bubbles: true }));
    }
  });
  const shownAt = Date.now();
  expect(await notifications.allTextContents()).toEqual(['Added to your cart.×', 'Saved.×', 'Subscribed.×']);

  // Held while hovered, past its 5 seconds; the others go on time.
  await notifications.first().hover();
  await page.waitForTimeout(5600 - (Date.now() - shownAt));
  expect(await notifications.allTextContents()).toEqual(['Added to your cart.×']);
  await page.mouse.move(5, 5);
  await notifications.first().waitFor({ state: 'detached', timeout: 7000 });
  await context.close();
}, 60_000);

describe('the footer player across a reload (SPEC 3.5, 4.4)', () => {
  const PODCAST = '/radio/podcasts/backstage';
  const FOOTER_AUDIO = '[data-player="footer"] audio';
  const KEY = 'nabd.footer-player';

  test('comes back with its episode and place, paused: a page never starts playing by itself', async () => {
    const context = await site.context(LAPTOP);
    const page = await context.newPage();
    await page.goto(PODCAST);
    const episode = page.locator('.episode').first();
    const title = await episode.locator('.episode__title').textContent();
    await episode.locator('button[data-player-load]').click();
    await page.waitForFunction((selector) => {
      const audio = document.querySelector<HTMLAudioElement>(selector);
      return Boolean(audio && !audio.paused && audio.currentTime > 0.5);
    }, FOOTER_AUDIO);
    await page.locator('[data-player="footer"] [data-player-toggle]').click();
    const position = await page.locator(FOOTER_AUDIO).evaluate((audio: HTMLAudioElement) => audio.currentTime);

    await page.reload();
    const footer = page.locator('[data-player="footer"]');
    await footer.waitFor({ state: 'visible' });
    expect(await footer.locator('[data-player-title]').textContent()).toBe(title);
    await page.waitForFunction(({ selector, at }) => Math.abs(document.querySelector<HTMLAudioElement>(selector)!.currentTime - at) < 0.5, {
      selector: FOOTER_AUDIO,
      at: position,
    });
    expect(await page.locator(FOOTER_AUDIO).evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true);
    expect(await page.locator('[data-player="footer"] [data-player-toggle]').getAttribute('aria-pressed')).toBe('false');

    // Closed, it stays closed.
    await page.locator('[data-player-close]').click();
    await page.reload();
    await page.waitForLoadState('load');
    expect(await footer.isVisible()).toBe(false);
    await context.close();
  });

  test('what an older script kept (another version marker) is discarded', async () => {
    const context = await site.context(LAPTOP);
    await context.addInitScript(({ key, entry }) => sessionStorage.setItem(key, JSON.stringify(entry)), {
      key: KEY,
      entry: { buster: 0, timestamp: Date.now(), state: { url: '/media/x.wav', title: 'Old', position: 3 } },
    });
    const page = await context.newPage();
    await page.goto(PODCAST, { waitUntil: 'load' });
    await page.waitForFunction((key) => sessionStorage.getItem(key) === null, KEY);
    expect(await page.locator('[data-player="footer"]').isVisible()).toBe(false);
    await context.close();
  });
});
