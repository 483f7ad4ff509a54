import { DEMO_USER } from '#identity/service.ts';
import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('signing in and out through the hosted login page %s', (_label, javaScriptEnabled) => {
  test.each([
    ['en', '/account', 'Sign in', 'Welcome back, Layla', 'Sign out', 'You are signed out.'],
    ['ar', '/ar/account', 'تسجيل الدخول', 'أهلًا بعودتك يا Layla', 'تسجيل الخروج', 'تم تسجيل خروجك.'],
  ])('in %s', async (locale, start, signInLabel, greeting, signOutLabel, signedOut) => {
    const context = await site.context({ javaScriptEnabled, ...(locale === 'ar' ? PHONE : DESKTOP) });
    const page = await context.newPage();
    await page.goto(start);
    await page.waitForURL(/\/oidc\/interaction\//);
    expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    await screenshot(page, `login-${locale}-${javaScriptEnabled ? 'js' : 'nojs'}`, { javaScriptEnabled });

    await page.locator('input[name="email"]').fill(DEMO_USER.email);
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByRole('button', { name: signInLabel, exact: true }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.locator('input[name="email"]').inputValue()).toBe(DEMO_USER.email);

    await page.locator('input[name="password"]').fill(DEMO_USER.password);
    await page.getByRole('button', { name: signInLabel, exact: true }).click();
    await page.waitForURL(`${site.origin}${start}`);
    await page.getByRole('heading', { name: greeting }).waitFor();
    await screenshot(page, `account-${locale}-${javaScriptEnabled ? 'js' : 'nojs'}`, { javaScriptEnabled });

    // Decision 0040: one click, with or without JavaScript; the provider's session ends with the
    // site's, server to server, and the login page says so (SPEC 2.1).
    await page.getByRole('button', { name: signOutLabel }).first().click();
    await page.waitForURL(`${site.origin}${start}/login`);
    await page.getByRole('status').filter({ hasText: signedOut }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    await screenshot(page, `signed-out-${locale}-${javaScriptEnabled ? 'js' : 'nojs'}`, { javaScriptEnabled });
    // A password is needed again.
    await page.goto(start);
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.locator('input[name="password"]').waitFor();
    await context.close();
  });
});
