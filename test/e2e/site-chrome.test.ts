import { DESKTOP, PHONE, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { atEveryWidth, checkLayout, localized } from './support/page-checks.ts';

/**
 * The header, footer and home page in a real browser: the phone menu with and without JavaScript,
 * the desktop menus by keyboard, navigation analytics, axe-core and the layout at both widths.
 */

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

describe('the phone menu', () => {
  test.each(['en', 'ar'] as const)(
    'without JavaScript the checkbox opens it from the keyboard and the page behind stays still (%s)',
    async (locale) => {
      const context = await site.context({ ...PHONE, javaScriptEnabled: false });
      const page = await context.newPage();
      // Without JavaScript nothing holds DOMContentLoaded back until the stylesheet applies: wait for load.
      await page.goto(localized(locale, '/'), { waitUntil: 'load' });
      const nav = page.locator('#site-nav');
      expect(await nav.isVisible()).toBe(false);
      expect(await page.locator('.site-nav__button').isVisible()).toBe(false);
      // Skip link, brand, then the menu checkbox, named by its label.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-nav-toggle');
      expect(await page.getByRole('checkbox', { name: locale === 'en' ? 'Menu' : 'القائمة' }).count()).toBe(1);
      await page.keyboard.press('Space');
      expect(await nav.isVisible()).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
      // The menus are reachable next, and the language switch and account link come with them.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('#site-nav') !== null)).toBe(true);
      expect(await page.locator('.site-header__tools > .language-switch').isVisible()).toBe(true);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Space');
      expect(await nav.isVisible()).toBe(false);
      await context.close();
    },
  );

  test.each(['en', 'ar'] as const)(
    'with JavaScript a disclosure button opens it; Escape closes it and focus returns (%s)',
    async (locale) => {
      const context = await site.context(PHONE);
      const page = await context.newPage();
      await page.goto(localized(locale, '/'), { waitUntil: 'domcontentloaded' });
      const button = page.getByRole('button', { name: locale === 'en' ? 'Menu' : 'القائمة' });
      await button.waitFor({ state: 'visible' });
      expect(await page.locator('#site-nav-toggle').isVisible()).toBe(false);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect(await page.locator('#site-nav').isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('#site-nav') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('#site-nav').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.classList.contains('site-nav__button'))).toBe(true);
      await site.received('navigation_closed', (properties) => properties.navigation_type === 'mobile');

      // A link used in the phone menu says so.
      await button.click();
      await page.locator('#site-nav summary').first().click();
      const link = page.locator('#site-nav .site-nav__panel a').first();
      const href = await link.getAttribute('href');
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      await site.received(
        'navigation_item_clicked',
        (properties) => properties.navigation_type === 'mobile' && properties.link_url === href,
      );
      await context.close();
    },
  );
});

describe('the desktop header', () => {
  test.each(['en', 'ar'] as const)(
    'every header link is reachable by keyboard; a group closes on Escape and on a click elsewhere (%s)',
    async (locale) => {
      const context = await site.context(DESKTOP);
      const page = await context.newPage();
      await page.goto(localized(locale, '/'), { waitUntil: 'domcontentloaded' });
      // The navigation script has run once its button is no longer hidden (the stylesheet hides it on desktops).
      await page.locator('.site-nav__button:not([hidden])').waitFor({ state: 'attached' });
      const groups = page.locator('#site-nav details');
      const groupCount = await groups.count();
      // Tab through the header, opening each group on the way (Enter on its summary).
      const reached = new Set<string>();
      for (let step = 0; step < 200; step += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element?.closest('.site-header')) return null;
          return {
            tag: element.tagName,
            href: element.getAttribute('href'),
            open: element.parentElement instanceof HTMLDetailsElement && element.parentElement.open,
          };
        });
        if (!focused) break;
        if (focused.href) reached.add(focused.href);
        if (focused.tag === 'SUMMARY' && !focused.open) await page.keyboard.press('Enter');
      }
      const hrefs = await page.locator('.site-header a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      expect([...new Set(hrefs)].filter((href) => !reached.has(href))).toEqual([]);
      expect(groupCount).toBeGreaterThan(3);

      const events = groups.first();
      await events.locator('summary').click();
      expect(await events.getAttribute('open')).not.toBeNull();
      await page.keyboard.press('Escape');
      expect(await events.getAttribute('open')).toBeNull();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
      await events.locator('summary').click();
      // A click outside the open panel (which covers the top of the page), near the bottom corner.
      await page.mouse.click(DESKTOP.viewport.width - 8, DESKTOP.viewport.height - 8);
      expect(await events.getAttribute('open')).toBeNull();

      // A link chosen from a desktop menu is reported as a header link.
      await events.locator('summary').click();
      const link = events.locator('.site-nav__panel a').first();
      const href = await link.getAttribute('href');
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      await site.received(
        'navigation_item_clicked',
        (properties) => properties.navigation_type === 'header' && properties.link_url === href,
      );
      await context.close();
    },
  );
});

describe('the home page', () => {
  test.each(atEveryWidth([['home', '/']] as const))(
    '%s (%s) in %s on a %s: axe-clean, no horizontal scroll, screenshot taken',
    async (name, path, locale, device) => {
      await checkLayout(site, localized(locale, path), device, `chrome-${name}-${locale}-${device}`, 200, { axe: true });
    },
  );
});
