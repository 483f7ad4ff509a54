import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { atEveryWidth, axeViolations, checkLayout, localized } from './support/page-checks.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

// The home page's layout is checked in site-chrome.test.ts, an event page's in events-pages.test.ts.
const PAGES = [
  ['events', '/events'],
  ['not-found', '/no-such-page'],
] as const;

describe('every page at phone and desktop widths, in both languages', () => {
  test.each(atEveryWidth(PAGES))(
    '%s (%s) in %s on a %s: no horizontal scroll, no axe-core violations on a desktop, screenshot taken',
    async (name, path, locale, device) => {
      const status = name === 'not-found' ? 404 : 200;
      await checkLayout(site, localized(locale, path), device, `${name}-${locale}-${device}`, status, { axe: device === 'desktop' });
    },
  );
});

describe('accessibility', () => {
  // The pages above are checked where their layout is.
  test.each([
    ['the hosted login page', '/account/login'],
    ['the hosted login page (ar)', '/ar/account/login'],
  ])('%s has no axe-core violations', async (_name, path) => {
    // axe is injected as an inline script, which the site's CSP rightly forbids.
    const context = await site.context({ ...DESKTOP, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(path);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the language switch', () => {
  test('keeps the page and turns it right to left and back', async () => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    await page.goto('/events/dunes-sessions-2027');
    await page.locator('.language-switch').first().click();
    await page.waitForURL(`${site.origin}/ar/events/dunes-sessions-2027`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByRole('heading', { level: 1, name: 'جلسات الكثبان' }).waitFor();
    await page.locator('.language-switch').first().click();
    await page.waitForURL(`${site.origin}/events/dunes-sessions-2027`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });
});

describe('the navigation radio player', () => {
  test('with JavaScript it plays and pauses from one button', async () => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    await page.goto('/');
    const button = page.locator('.radio-player button[aria-pressed]');
    await button.waitFor();
    const audio = page.locator('.radio-player audio');
    expect(await audio.getAttribute('controls')).toBeNull();
    await button.click();
    await page.waitForFunction(() => {
      const element = document.querySelector<HTMLAudioElement>('.radio-player audio');
      return element && !element.paused && element.currentTime > 0;
    });
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    await button.click();
    await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('.radio-player audio')?.paused);
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });

  test("without JavaScript it leads to the radio page, whose player is the browser's own control with the stream", async () => {
    const context = await site.context({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/ar');
    // No native control squeezed into the header: a link of the play button's size.
    expect(await page.locator('.radio-player audio').isVisible()).toBe(false);
    const link = page.getByRole('link', { name: 'استمع إلى الراديو المباشر' });
    await link.click();
    await page.waitForURL(`${site.origin}/ar/radio`);
    const audio = page.locator('main audio[controls]').first();
    expect(await audio.getAttribute('src')).toMatch(/^\/media\/radio\/.+\.wav$/);
    expect(await audio.isVisible()).toBe(true);
    const stream = await page.request.get(site.origin + (await audio.getAttribute('src'))!);
    expect(stream.headers()['content-type']).toMatch(/^audio\//);
    await context.close();
  });
});

describe('the newsletter form', () => {
  test('with JavaScript, the form is swapped in place with the message', async () => {
    const context = await site.context(PHONE);
    const page = await context.newPage();
    await page.goto('/ar/events');
    await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
    const form = page.locator('#newsletter');
    await form.locator('input[name="email"]').fill('not-an-email');
    await form.getByRole('button').click();
    await page.getByText('أدخل بريدًا إلكترونيًا صحيحًا.').waitFor();
    await form.locator('input[name="email"]').fill('e2e-js@example.com');
    await form.getByRole('button').click();
    await page.getByRole('status').getByText('تم تسجيلك').waitFor();
    // The page was never reloaded: only the form changed.
    expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
    await context.close();
  });

  test('without JavaScript, the page posts, shows the message, and confirms after a redirect', async () => {
    const context = await site.context({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/events');
    const form = page.locator('#newsletter');
    await form.locator('input[name="email"]').fill('nope');
    await form.getByRole('button').click();
    await page.getByText('Enter a valid email address.').waitFor();
    await page.locator('#newsletter input[name="email"]').fill('e2e-nojs@example.com');
    await page.locator('#newsletter').getByRole('button').click();
    await page.waitForURL(`${site.origin}/events`);
    await page.getByRole('status').getByText("You're on the list.").waitFor();
    await context.close();
  });
});
