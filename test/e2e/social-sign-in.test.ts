import { startUpstreamProvider, type UpstreamProvider } from '#identity/test-support/upstream-provider.ts';
import { axeViolations } from './support/page-checks.ts';
import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';

/**
 * Social sign-in with onboarding (SPEC 4.1, decision 0021), through a second OpenID provider
 * listening on loopback as the upstream `google`: with JavaScript in English on a desktop, and
 * without it in Arabic on a phone.
 */

let site: BrowserSite;
let upstream: UpstreamProvider;
beforeAll(async () => {
  upstream = await startUpstreamProvider({ redirectUri: () => `${site.origin}/oidc/social/callback` });
  site = await startBrowserSite(upstream.environment);
});
afterAll(async () => {
  await site?.close();
  await upstream?.close();
});

test('with JavaScript, in English on a desktop: the login page’s buttons, the provider, onboarding, the account', async () => {
  const context = await site.context({ javaScriptEnabled: true, ...DESKTOP });
  const page = await context.newPage();
  // The accessibility check needs JavaScript in the page: the Arabic login page is checked here.
  await page.goto('/ar/account/login');
  await page.waitForURL(/\/oidc\/interaction\//);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/account');
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
  expect(await page.getByRole('button', { name: 'Continue with Apple' }).isDisabled()).toBe(true);
  await page.getByText('Sign in with Apple is currently unavailable.').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'social-login-en-js', { javaScriptEnabled: true });

  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL(new RegExp(`^${upstream.issuer}/interaction/`));
  await page.getByLabel('Subject', { exact: true }).fill('e2e-en');
  await page.getByLabel('Email', { exact: true }).fill('e2e-en@example.com');
  await page.getByLabel('Given name').fill('Lina');
  await page.getByRole('button', { name: 'Sign in upstream' }).click();

  await page.waitForURL(`${site.origin}/account/onboarding?returnTo=%2Faccount`);
  expect(await page.getByLabel('First name').inputValue()).toBe('Lina');
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'social-onboarding-en-js', { javaScriptEnabled: true });

  await page.getByLabel('Mobile number (optional)').fill('+966 50 123 4567');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.waitForURL(`${site.origin}/account`);
  await page.getByText('Lina Khan').waitFor();
  await context.close();
});

test('without JavaScript, in Arabic on a phone: sign-up with Google from the site, onboarding errors, then the account', async () => {
  const context = await site.context({ javaScriptEnabled: false, ...PHONE });
  const page = await context.newPage();
  await page.goto('/ar/account/login');
  await page.waitForURL(/\/oidc\/interaction\//);
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  await page.getByText('تسجيل الدخول باستخدام Apple غير متاح حاليًا.').waitFor();
  await screenshot(page, 'social-login-ar-nojs', { javaScriptEnabled: false });

  // The site's "Sign up with Google" goes straight to the provider.
  await page.goto('/ar/account/login?provider=google');
  await page.waitForURL(new RegExp(`^${upstream.issuer}/interaction/`));
  await page.getByLabel('Subject', { exact: true }).fill('e2e-ar');
  await page.getByLabel('Email', { exact: true }).fill('e2e-ar@example.com');
  await page.getByRole('button', { name: 'Sign in upstream' }).click();

  await page.waitForURL(`${site.origin}/ar/account/onboarding?returnTo=%2Far%2Faccount`);
  await page.getByRole('heading', { name: 'أكمل ملفك الشخصي' }).waitFor();
  await page.getByRole('button', { name: 'احفظ وتابع' }).click();
  await page.getByText('يرجى الموافقة على الشروط والأحكام.').waitFor();
  await screenshot(page, 'social-onboarding-ar-nojs', { javaScriptEnabled: false });

  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'احفظ وتابع' }).click();
  await page.waitForURL(`${site.origin}/ar/account`);
  await context.close();
});
