import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { atEveryWidth, axeViolations, checkLayout, localized } from './support/page-checks.ts';

/**
 * The two audio players (SPEC 3.5, 4.2) and the music pages in a real browser: starting one player
 * stops the other, episodes play in the footer player, everything works without JavaScript, and
 * the pages are clean for axe-core and free of horizontal scroll in both languages.
 */

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

const PODCAST = '/radio/podcasts/backstage';
const NAVIGATION_AUDIO = '[data-player="navigation"] audio';
const FOOTER_AUDIO = '[data-player="footer"] audio';

const paused = (page: Page, selector: string) => page.locator(selector).evaluate((audio: HTMLAudioElement) => audio.paused);
const playing = (page: Page, selector: string) =>
  page.waitForFunction((target) => {
    const audio = document.querySelector<HTMLAudioElement>(target);
    return Boolean(audio && !audio.paused && audio.currentTime > 0);
  }, selector);

describe('the navigation and footer players (SPEC 4.2)', () => {
  test('an episode plays in the footer player; starting either player stops the other', async () => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    await page.goto(PODCAST);
    const footer = page.locator('[data-player="footer"]');
    expect(await footer.isVisible()).toBe(false);

    // The first episode: the footer player appears with its title and plays it.
    const episode = page.locator('.episode').first();
    const title = await episode.locator('.episode__title').textContent();
    await episode.locator('button[data-player-load]').click();
    await playing(page, FOOTER_AUDIO);
    expect(await footer.isVisible()).toBe(true);
    expect(await footer.locator('[data-player-title]').textContent()).toBe(title);
    expect(await episode.locator('button[data-player-load]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator(FOOTER_AUDIO).evaluate((audio: HTMLAudioElement) => new URL(audio.src).pathname)).toMatch(
      /^\/media\/podcasts\/.+\.wav$/,
    );

    // The radio in the header: the footer player stops.
    await page.locator('[data-player="navigation"] [data-player-toggle]').click();
    await playing(page, NAVIGATION_AUDIO);
    expect(await paused(page, FOOTER_AUDIO)).toBe(true);
    expect(await page.locator('[data-player="footer"] [data-player-toggle]').getAttribute('aria-pressed')).toBe('false');

    // And back: the footer player's own button stops the radio.
    await page.locator('[data-player="footer"] [data-player-toggle]').click();
    await playing(page, FOOTER_AUDIO);
    expect(await paused(page, NAVIGATION_AUDIO)).toBe(true);
    expect(await page.locator('[data-player="navigation"] [data-player-toggle]').getAttribute('aria-pressed')).toBe('false');

    // Closing unloads the footer player and hides it.
    await page.locator('[data-player-close]').click();
    await footer.waitFor({ state: 'hidden' });
    expect(await paused(page, FOOTER_AUDIO)).toBe(true);

    // Only the two players' audio elements remain once the script runs.
    expect(await page.locator('audio').count()).toBe(2);
    await context.close();
  });

  test('a station on the radio page plays in the navigation player and stops an episode', async () => {
    const context = await site.context(PHONE);
    const page = await context.newPage();
    await page.goto('/ar/radio');
    const station = page.locator('.station').nth(1);
    const name = await station.locator('.station__name').textContent();
    await station.locator('button[data-player-load="navigation"]').click();
    await playing(page, NAVIGATION_AUDIO);
    expect(await page.locator('[data-player="navigation"] [data-player-title]').textContent()).toBe(name);
    await screenshot(page, 'radio-playing-ar-phone');
    await context.close();
  });

  test("without JavaScript every episode is the browser's own audio control", async () => {
    const context = await site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/ar${PODCAST}`);
    const audios = page.locator('.episode audio[controls]');
    expect(await audios.count()).toBeGreaterThan(1);
    expect(await audios.first().isVisible()).toBe(true);
    expect(await audios.first().getAttribute('preload')).toBe('none');
    expect(await page.locator('[data-player="footer"]').isVisible()).toBe(false);
    expect(await page.locator('button[data-player-load]').first().isVisible()).toBe(false);
    const episode = await page.request.get(site.origin + (await audios.first().getAttribute('src'))!);
    expect(episode.headers()['content-type']).toMatch(/^audio\//);
    await screenshot(page, 'podcast-no-js-ar-phone', { javaScriptEnabled: false });
    await context.close();
  });
});

const PAGES = [
  ['performer', '/performers/adam-rahal'],
  ['radio', '/radio'],
  ['podcast', PODCAST],
  ['records', '/records'],
  ['releases', '/records/releases'],
  ['release', '/records/releases/sanad-sarawat'],
  ['playlists', '/records/playlists'],
  ['artists', '/records/artists'],
] as const;

describe('the music pages at phone and desktop widths, in both languages', () => {
  test.each(atEveryWidth(PAGES))('%s (%s) in %s on a %s: no horizontal scroll, screenshot taken', async (name, path, locale, device) => {
    await checkLayout(site, localized(locale, path), device, `${name}-${locale}-${device}`);
  });
});

describe('accessibility of the music pages', () => {
  test.each(PAGES.flatMap(([name, path]) => (['en', 'ar'] as const).map((locale) => [name, locale, localized(locale, path)] as const)))(
    '%s (%s) has no axe-core violations, with an episode or track loaded where there is one',
    async (_name, _locale, path) => {
      // axe is injected as an inline script, which the site's CSP rightly forbids.
      const context = await site.context({ ...DESKTOP, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(path);
      // Check the footer player too, where the page has one: load something into it.
      const load = page.locator('button[data-player-load="footer"]').first();
      if (await load.count()) {
        await load.click();
        await page.locator('[data-player="footer"]').waitFor();
        await page.locator('[data-player="footer"] [data-player-toggle]').click();
      }
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
