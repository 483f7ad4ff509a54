import request from 'supertest';
import { DEMO_USER } from '#identity/service.ts';
import { Browser, fieldValue, formAction, type Page } from './support/browser.ts';
import { sessionBackends } from './support/backends.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/**
 * Sign-up, verification, forgot and reset password without JavaScript (SPEC 2.1, 2.4, 5, 8): the
 * forms' messages in both languages, the step state carried by the page and a signed cookie, and
 * the limits on where a visitor can be sent.
 */

const url = (path: string) => `${TEST_ORIGIN}${path}`;
const text = (page: Page) => decoded(page.html);

/** Step 1's fields, valid. */
const details = (email: string) => ({ firstName: 'Noura', lastName: 'Al-Harbi', email, terms: 'on', returnTo: '/events' });
const GOOD_PASSWORD = 'Festival#2026';

describe.each(sessionBackends)('sign-up and password pages, $name', ({ redisUrl }) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ REDIS_URL: redisUrl });
  });
  afterAll(() => site.close());

  /** The properties of the events of this name, once the batch that carries `expected` arrived (every second). */
  const tracked = async (name: string, expected: Record<string, unknown>) => {
    for (let waited = 0; ; waited += 100) {
      const events = (await site.analytics!.received(name)).map((event) => event.properties);
      if (events.some((properties) => Object.entries(expected).every(([key, value]) => properties[key] === value)) || waited > 3000)
        return events;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  test('step 1 asks for the personal info with "Step 1 of 3", the terms link and a way to sign in, in both languages', async () => {
    const browser = new Browser(site.fetch);
    const english = await browser.get(url('/account/register?returnTo=/events'));
    expect(english.status).toBe(200);
    expect(text(english)).toContain('Step 1 of 3');
    expect(english.html).toContain('name="firstName"');
    expect(english.html).toContain('autoComplete="family-name"');
    expect(english.html).toContain('href="/terms-and-conditions"');
    expect(english.html).toContain('href="/account/login?returnTo=%2Fevents"');
    expect(english.html).toContain('<meta name="robots" content="noindex"/>');
    expect(fieldValue(english.html, 'returnTo')).toBe('/events');
    const arabic = await browser.get(url('/ar/account/register'));
    expect(arabic.html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(text(arabic)).toContain('الخطوة 1 من 3');
    expect(arabic.html).toContain('href="/ar/terms-and-conditions"');
  });

  test('step 1 refuses missing fields and unaccepted terms with the SPEC 5 messages (422), in English and Arabic', async () => {
    const browser = new Browser(site.fetch);
    const english = await browser.post(url('/account/register'), { intent: 'register-details', firstName: 'Noura', email: 'not-an-email' });
    expect(english.status).toBe(422);
    expect(text(english)).toContain('This field is required.');
    expect(text(english)).toContain('Enter a valid email address.');
    expect(text(english)).toContain('Please accept the terms and conditions.');
    expect(english.html).toContain('value="Noura"');
    expect(text(english)).toContain('Step 1 of 3');
    const arabic = await browser.post(url('/ar/account/register'), { intent: 'register-details' });
    expect(arabic.status).toBe(422);
    expect(text(arabic)).toContain('هذا الحقل مطلوب.');
    expect(text(arabic)).toContain('يرجى الموافقة على الشروط والأحكام.');
  });

  test('valid personal info shows step 2 with the values carried as hidden fields, and is tracked as started', async () => {
    const browser = new Browser(site.fetch);
    const step2 = await browser.post(url('/account/register'), { intent: 'register-details', ...details('noura@example.com') });
    expect(step2.status).toBe(200);
    expect(text(step2)).toContain('Step 2 of 3');
    expect(step2.html).toMatch(/<input type="hidden" name="email" value="noura@example.com"\/>/);
    expect(fieldValue(step2.html, 'firstName')).toBe('Noura');
    expect(fieldValue(step2.html, 'returnTo')).toBe('/events');
    // The SPEC 5 rules are listed.
    for (const rule of ['at least 8 characters', 'a lowercase letter', 'an uppercase letter', 'a digit', 'a special character']) {
      expect(text(step2)).toContain(rule);
    }
    expect(await tracked('user_registration_started', { provider: 'Default' })).toContainEqual(
      expect.objectContaining({ provider: 'Default', page_name: '/account/register' }),
    );
    expect(await tracked('user_registration_step_progressed', { step_number: 1 })).toContainEqual(
      expect.objectContaining({ step_number: 1 }),
    );
  });

  test('step 2 checks the password on the server: each broken rule named, the strength label, the confirmation', async () => {
    const browser = new Browser(site.fetch);
    const weak = await browser.post(url('/account/register'), {
      intent: 'register-password',
      ...details('noura@example.com'),
      password: 'festival',
      confirmPassword: 'festival',
    });
    expect(weak.status).toBe(422);
    expect(text(weak)).toContain('Your password still needs: an uppercase letter, a digit, a special character, such as ! or #');
    expect(text(weak)).toContain('Strength: weak');
    expect(weak.html).toContain('data-rule="length" data-met="true"');
    expect(weak.html).toContain('data-rule="digit" data-met="false"');
    // The password never comes back into the page.
    expect(weak.html).not.toContain('value="festival"');
    expect(text(weak)).toContain('Step 2 of 3');

    const mismatch = await browser.post(url('/ar/account/register'), {
      intent: 'register-password',
      ...details('noura@example.com'),
      password: GOOD_PASSWORD,
      confirmPassword: 'Festival#2027',
    });
    expect(mismatch.status).toBe(422);
    expect(text(mismatch)).toContain('القيمتان غير متطابقتين.');
    expect(text(mismatch)).toContain('القوة: قوية');
    const failure = { step_number: 2, provider: 'Default', reason_code: 'invalid_password' };
    expect(await tracked('user_registration_failed', failure)).toContainEqual(expect.objectContaining(failure));
  });

  test('step 1 values tampered with on the way through step 2 are refused: the visitor is back on step 1', async () => {
    const browser = new Browser(site.fetch);
    const tampered = await browser.post(url('/account/register'), {
      intent: 'register-password',
      ...details('not-an-email'),
      terms: '',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });
    expect(tampered.status).toBe(422);
    expect(text(tampered)).toContain('Step 1 of 3');
    expect(text(tampered)).toContain('Enter a valid email address.');
    expect(text(tampered)).toContain('Please accept the terms and conditions.');
    expect(browser.cookie('nabd.signup')).toBeUndefined();
  });

  test('"change my details" goes back from step 2 to step 1 with the values kept', async () => {
    const browser = new Browser(site.fetch);
    const back = await browser.post(url('/account/register'), { intent: 'register-edit', ...details('noura@example.com') });
    expect(back.status).toBe(200);
    expect(text(back)).toContain('Step 1 of 3');
    expect(back.html).toContain('value="noura@example.com"');
    expect(back.html).toMatch(/name="terms" checked="" value="on"/);
  });

  test('returnTo only ever names a path of ours', async () => {
    const browser = new Browser(site.fetch);
    for (const evil of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const page = await browser.get(url(`/account/register?returnTo=${encodeURIComponent(evil)}`));
      expect(fieldValue(page.html, 'returnTo')).toBe('/account');
      const step2 = await browser.post(url('/account/register'), {
        intent: 'register-details',
        ...details('noura@example.com'),
        returnTo: evil,
      });
      expect(fieldValue(step2.html, 'returnTo')).toBe('/account');
    }
    const arabic = await browser.get(url('/ar/account/register'));
    expect(fieldValue(arabic.html, 'returnTo')).toBe('/ar/account');
  });

  test('step 3 and the done state need their state: without it they go back to step 1', async () => {
    const browser = new Browser(site.fetch);
    expect((await browser.get(url('/account/register?step=verify'))).location).toBe('/account/register');
    expect((await browser.get(url('/ar/account/register?step=done&next=/events'))).location).toBe('/ar/account/register');
    // A cookie not signed by the site is worthless.
    browser.setCookie(
      'nabd.signup',
      encodeURIComponent(JSON.stringify({ email: 'x@example.com', locale: 'en', returnTo: '/', resent: false })),
    );
    expect((await browser.get(url('/account/register?step=verify'))).location).toBe('/account/register');
  });

  test('a form posted from another site is refused (403)', async () => {
    for (const [path, intent] of [
      ['/account/register', 'register-details'],
      ['/account/verification', 'verification-resend'],
      ['/account/forgot-password', 'forgot-password'],
      ['/account/reset-password', 'reset-password'],
    ]) {
      const response = await request(site.app)
        .post(path!)
        .set('Sec-Fetch-Site', 'cross-site')
        .type('form')
        .send({ intent, ...details('noura@example.com') });
      expect(response.status).toBe(403);
    }
  });

  test('verification, forgot and reset pages check their fields (422) in both languages', async () => {
    const browser = new Browser(site.fetch);
    const verification = await browser.post(url('/account/verification'), {
      intent: 'verification-verify',
      email: 'a@example.com',
      code: '12ab',
    });
    expect(verification.status).toBe(422);
    expect(text(verification)).toContain('Enter the 6 digits of the code.');
    expect(verification.html).toContain('autoComplete="one-time-code"');
    expect(verification.html).toContain('inputMode="numeric"');
    const forgot = await browser.post(url('/ar/account/forgot-password'), { intent: 'forgot-password', email: 'nope' });
    expect(forgot.status).toBe(422);
    expect(text(forgot)).toContain('أدخل بريدًا إلكترونيًا صحيحًا.');
    const reset = await browser.post(url('/account/reset-password'), {
      intent: 'reset-password',
      email: 'a@example.com',
      code: '',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(reset.status).toBe(422);
    expect(text(reset)).toContain('This field is required.');
    expect(text(reset)).toContain('Your password still needs: at least 8 characters');
    expect(text(reset)).toContain('The values do not match.');
    expect(reset.html).toContain('value="a@example.com"');
  });

  test('a signed-in visitor opening sign-up, verification, forgot or reset password goes to their account', async () => {
    const browser = new Browser(site.fetch);
    const loginPage = await browser.follow(await browser.get(url('/account/login')), TEST_ORIGIN);
    const action = new URL(formAction(loginPage.html, '/login')!, loginPage.url);
    await browser.follow(
      await browser.post(action, { _csrf: fieldValue(loginPage.html, '_csrf')!, email: DEMO_USER.email, password: DEMO_USER.password }),
      TEST_ORIGIN,
    );
    for (const path of ['/account/register', '/account/verification', '/account/forgot-password', '/account/reset-password']) {
      const page = await browser.get(url(path));
      expect([page.status, page.location]).toEqual([302, '/account']);
      const arabic = await browser.get(url(`/ar${path}`));
      expect(arabic.location).toBe('/ar/account');
    }
    // The done state welcomes them and sends them on after 5 seconds, also without JavaScript.
    const done = await browser.get(url('/account/register?step=done&next=%2Fevents'));
    expect(done.status).toBe(200);
    expect(text(done)).toContain('Welcome, Layla!');
    expect(done.html).toContain(`<meta http-equiv="refresh" content="5;url=${TEST_ORIGIN}/events"/>`);
    expect(done.html).toContain('href="/events"');
    const offsite = await browser.get(url('/account/register?step=done&next=https%3A%2F%2Fevil.example'));
    expect(offsite.html).toContain(`content="5;url=${TEST_ORIGIN}/account"`);
  });
});
