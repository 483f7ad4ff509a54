import request from 'supertest';
import { DEMO_USER } from '#identity/service.ts';
import { UserPoolError } from '#server/auth/user-pool-api.ts';
import { refusalOf } from '#server/forms/account-forms.ts';
import { Browser, fieldValue, formAction, type Page } from './support/browser.ts';
import { startMailCatcher, type MailCatcher } from './support/mail-catcher.ts';
import { sessionBackends } from './support/backends.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/**
 * Sign-up, verification, forgot and reset password without JavaScript (SPEC 2.1, 2.4, 5, 8): the
 * forms' messages in both languages, the step state carried by the page and a signed cookie, and
 * the limits on where a visitor can be sent.
 */

const url = (path: string) => `${TEST_ORIGIN}${path}`;
/** What a reader sees: the page's text without its tags. */
const text = (page: Page) => decoded(page.html.replace(/<[^>]+>/g, ''));

/** Step 1's fields, valid. */
const details = (email: string) => ({ firstName: 'Noura', lastName: 'Al-Harbi', email, terms: 'on', returnTo: '/events' });
const GOOD_PASSWORD = 'Festival#2026';

describe.each(sessionBackends)('sign-up and password pages, $name', ({ redisUrl }) => {
  let site: TestSite;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    site = await startTestSite({ REDIS_URL: redisUrl, SMTP_URL: mail.url });
  });
  afterAll(async () => {
    await site.close();
    await mail.close();
  });

  /** The code of the next message to `email` that carries one. */
  const codeFor = async (email: string) => {
    for (let skipped = 0; skipped < 3; skipped += 1) {
      const message = await mail.nextMessage(email);
      const code = /^\s*(\d{6})\s*$/m.exec(message.text)?.[1];
      if (code) return { code, message };
    }
    throw new Error(`No code e-mailed to ${email}`);
  };

  /** Steps 1 and 2 posted; the account exists, unconfirmed, and its code is on its way. */
  const signUp = async (browser: Browser, email: string, locale: 'en' | 'ar' = 'en') =>
    browser.post(url(`${locale === 'ar' ? '/ar' : ''}/account/register`), {
      intent: 'register-password',
      ...details(email),
      returnTo: locale === 'ar' ? '/ar/events' : '/events',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });

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
    // Every sign-up field is required: no optional marker, and the fields' messages speak for the form.
    expect(text(english)).not.toContain('(optional)');
    expect(text(english)).not.toContain('Please check the fields marked below.');
    expect(english.html).toContain('aria-describedby="register-terms-error"');
    expect(english.html).toContain('id="register-terms-error"');
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
    // A code of the wrong length says how long it is; one of the right length but not digits, what it is made of.
    expect(text(verification)).toContain('This must be exactly 6 characters.');
    const lettered = await browser.post(url('/account/verification'), {
      intent: 'verification-verify',
      email: 'a@example.com',
      code: '12ab56',
    });
    expect(lettered.status).toBe(422);
    expect(text(lettered)).toContain('Enter the 6 digits of the code.');
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

  test('the whole sign-up with the code from the real e-mail: step 3, a new code, signed in on the done state', async () => {
    const browser = new Browser(site.fetch);
    const email = 'noura.flow@example.com';
    const created = await signUp(browser, email);
    expect([created.status, created.location]).toEqual([303, '/account/register?step=verify']);
    expect(browser.cookie('nabd.signup')).toMatch(/^s%3A/);
    const first = await codeFor(email);
    expect(first.message.subject).toBeTruthy();
    const step3 = await browser.get(url('/account/register?step=verify'));
    expect(step3.status).toBe(200);
    expect(text(step3)).toContain('Step 3 of 3');
    expect(text(step3)).toContain(`We sent a code to ${email}.`);
    expect(step3.html).toContain('autoComplete="one-time-code"');

    const wrongCode = first.code === '000000' ? '111111' : '000000';
    const incorrect = await browser.post(url('/account/register?step=verify'), { intent: 'register-verify', code: wrongCode });
    expect(incorrect.status).toBe(422);
    expect(text(incorrect)).toContain('This code is not correct. Check the email and try again.');

    // SPEC 2.4: the code can be sent again, and a second message says so.
    const resent = await browser.post(url('/account/register?step=verify'), { intent: 'register-resend' });
    expect([resent.status, resent.location]).toEqual([303, '/account/register?step=verify']);
    const second = await codeFor(email);
    const afterResend = await browser.get(url('/account/register?step=verify'));
    expect(text(afterResend)).toContain(`We sent a new code to ${email}. If it is not in your inbox, check your spam folder.`);

    const confirmed = await browser.post(url('/account/register?step=verify'), { intent: 'register-verify', code: ` ${second.code} ` });
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toMatch(new RegExp(`^${TEST_ORIGIN}/oidc/auth`));
    // The ticket was pushed to the provider: it never appears in a URL.
    expect(confirmed.location).not.toContain('login_ticket');
    expect(browser.cookie('nabd.signup')).toBeUndefined();
    const done = await browser.follow(confirmed, TEST_ORIGIN);
    expect(done.url).toBe(url('/account/register?step=done&next=%2Fevents'));
    expect(done.status).toBe(200);
    expect(text(done)).toContain('Welcome, Noura!');
    expect(done.html).toContain(`<meta http-equiv="refresh" content="5;url=${TEST_ORIGIN}/events"/>`);
    const account = await browser.get(url('/account'));
    expect(account.status).toBe(200);
    expect(account.html).toContain(email);
    const progressed = await tracked('user_registration_step_progressed', { step_number: 3 });
    expect(progressed).toContainEqual(expect.objectContaining({ step_number: 2 }));
    expect(progressed).toContainEqual(expect.objectContaining({ step_number: 3 }));
  });

  test('an e-mail that already has an account: api.error.account.exists, 409, in both languages', async () => {
    const english = await signUp(new Browser(site.fetch), DEMO_USER.email);
    expect(english.status).toBe(409);
    expect(text(english)).toContain('An account with this email already exists.');
    expect(text(english)).toContain('Step 2 of 3');
    const arabic = await signUp(new Browser(site.fetch), DEMO_USER.email, 'ar');
    expect(arabic.status).toBe(409);
    expect(text(arabic)).toContain('يوجد حساب بهذا البريد الإلكتروني بالفعل.');
    const failure = { step_number: 2, provider: 'Default', reason_code: 'account_exists' };
    expect(await tracked('user_registration_failed', failure)).toContainEqual(expect.objectContaining(failure));
  });

  test('/account/verification: the e-mail from the sign-up cookie, the generic error, a new code, then signed in', async () => {
    const stranger = new Browser(site.fetch);
    const unknown = await stranger.post(url('/ar/account/verification'), {
      intent: 'verification-verify',
      email: 'nobody@example.com',
      code: '123456',
      password: 'Whatever-2026!',
    });
    expect(unknown.status).toBe(422);
    expect(text(unknown)).toContain('تعذّر التحقق من رمزك. اطلب رمزًا جديدًا وحاول مرة أخرى.');
    const english = await stranger.post(url('/account/verification'), {
      intent: 'verification-verify',
      email: 'nobody@example.com',
      code: '123456',
      password: 'Whatever-2026!',
    });
    expect(text(english)).toContain("We couldn't verify your code. Ask for a new code and try again.");

    const browser = new Browser(site.fetch);
    const email = 'noura.later@example.com';
    await signUp(browser, email, 'ar');
    await codeFor(email);
    const later = await browser.get(url('/ar/account/verification'));
    expect(fieldValue(later.html, 'email')).toBe(email);
    expect(text(later)).toContain(`أرسلنا رمزًا إلى ${email}.`);
    const wrong = await browser.post(url('/ar/account/verification'), { intent: 'verification-verify', email, code: '000000' });
    expect([422]).toContain(wrong.status);
    const resent = await browser.post(url('/ar/account/verification'), { intent: 'verification-resend', email });
    expect([resent.status, resent.location]).toEqual([303, '/ar/account/verification']);
    const { code } = await codeFor(email);
    expect(text(await browser.get(url('/ar/account/verification')))).toContain(`أرسلنا رمزًا جديدًا إلى ${email}.`);
    const done = await browser.follow(
      await browser.post(url('/ar/account/verification'), { intent: 'verification-verify', email, code }),
      TEST_ORIGIN,
    );
    expect(done.url).toBe(url('/ar/account/register?step=done&next=%2Far%2Fevents'));
    expect(text(done)).toContain('أهلًا بك يا Noura!');
  });

  test('/account/verification in another browser: the sign-up password is asked for, and a wrong one is refused', async () => {
    const email = 'noura.phone@example.com';
    await signUp(new Browser(site.fetch), email);
    const { code } = await codeFor(email);
    const phone = new Browser(site.fetch);
    const page = await phone.get(url('/account/verification'));
    expect(page.html).toContain('name="password"');
    const missing = await phone.post(url('/account/verification'), { intent: 'verification-verify', email, code });
    expect(missing.status).toBe(422);
    const wrong = await phone.post(url('/ar/account/verification'), {
      intent: 'verification-verify',
      email,
      code,
      password: 'Not-Mine-2026!',
    });
    expect(wrong.status).toBe(422);
    expect(text(wrong)).toContain('هذه ليست كلمة المرور التي اخترتها عند التسجيل.');
    const done = await phone.follow(
      await phone.post(url('/account/verification'), { intent: 'verification-verify', email, code, password: GOOD_PASSWORD }),
      TEST_ORIGIN,
    );
    expect(done.url).toBe(url('/account/register?step=done&next=%2Faccount'));
  });

  test('too many codes for one e-mail: "try in a few minutes", 429, in both languages', async () => {
    const browser = new Browser(site.fetch);
    const email = 'noura.eager@example.com';
    await signUp(browser, email);
    let answer: Page | undefined;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      answer = await browser.post(url('/account/register?step=verify'), { intent: 'register-resend' });
      if (answer.status !== 303) break;
    }
    expect(answer!.status).toBe(429);
    expect(text(answer!)).toContain('Too many requests. Please try again in a few minutes.');
    const arabic = await browser.post(url('/ar/account/verification'), { intent: 'verification-resend', email });
    expect(arabic.status).toBe(429);
    expect(text(arabic)).toContain('طلبات كثيرة جدًا. يرجى المحاولة مرة أخرى بعد بضع دقائق.');
  });

  test('forgot and reset password: the same answer for any e-mail, the code from the e-mail, the SPEC 8 refusals', async () => {
    const browser = new Browser(site.fetch);
    const nobody = await browser.post(url('/account/forgot-password'), { intent: 'forgot-password', email: 'nobody@example.com' });
    const someone = await browser.post(url('/account/forgot-password'), { intent: 'forgot-password', email: DEMO_USER.email });
    expect([nobody.status, nobody.location]).toEqual([303, '/account/reset-password']);
    expect([someone.status, someone.location]).toEqual([303, '/account/reset-password']);
    expect(mail.pending('nobody@example.com')).toEqual([]);
    const { code } = await codeFor(DEMO_USER.email);
    const reset = await browser.get(url('/account/reset-password'));
    expect(text(reset)).toContain('If an account exists for this email, we sent a code to it.');
    expect(fieldValue(reset.html, 'email')).toBe(DEMO_USER.email);
    expect(await tracked('user_password_forgotten', { page_name: '/account/forgot-password' })).not.toEqual([]);

    const fields = { intent: 'reset-password', email: DEMO_USER.email, password: DEMO_USER.password, confirmPassword: DEMO_USER.password };
    const wrong = await browser.post(url('/ar/account/reset-password'), { ...fields, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(text(wrong)).toContain('هذا الرمز غير صحيح. راجع الرسالة وحاول مرة أخرى.');
    const noCode = await browser.post(url('/account/reset-password'), { ...fields, email: 'nobody@example.com', code: '123456' });
    expect(noCode.status).toBe(422);
    expect(text(noCode)).toContain("We couldn't verify your code. Ask for a new code and try again.");

    const changed = await browser.post(url('/account/reset-password'), { ...fields, code });
    expect([changed.status, changed.location]).toEqual([303, '/account/reset-password?changed']);
    const confirmation = await browser.get(url('/account/reset-password?changed'));
    expect(text(confirmation)).toContain('Your password has been changed. Sign in with your new password.');
    expect(confirmation.html).toContain('href="/account/login?returnTo=%2Faccount"');
  });

  test('a code that cannot be e-mailed: the SPEC 8 delivery failure, 503, in both languages', async () => {
    await mail.close();
    const english = await signUp(new Browser(site.fetch), 'noura.unreachable@example.com');
    expect(english.status).toBe(503);
    expect(text(english)).toContain("We couldn't send the email with your code.");
    const arabic = await signUp(new Browser(site.fetch), 'noura.unreachable.ar@example.com', 'ar');
    expect(arabic.status).toBe(503);
    expect(text(arabic)).toContain('تعذّر إرسال الرسالة التي تحمل رمزك.');
    const forgot = await new Browser(site.fetch).post(url('/account/forgot-password'), {
      intent: 'forgot-password',
      email: DEMO_USER.email,
    });
    expect(forgot.status).toBe(503);
  });
});

test('any other failure of the identity service is the SPEC 8 message of the flow with 503, never a 500', () => {
  const outage = new Error('connect ECONNREFUSED');
  expect(refusalOf(outage, 'register', {})).toEqual({ kind: 'failed', values: {}, message: 'errors:register.failed', cause: outage });
  expect(refusalOf(outage, 'verification', {})).toMatchObject({ kind: 'failed', message: 'errors:verification.generic' });
  expect(refusalOf(outage, 'forgotPassword', {})).toMatchObject({ kind: 'failed', message: 'errors:forgotPassword.failed' });
  expect(refusalOf(new UserPoolError('unauthorized', 401), 'resetPassword', {})).toMatchObject({
    kind: 'failed',
    message: 'errors:resetPassword.failed',
  });
  expect(refusalOf(new UserPoolError('code_expired', 400), 'resetPassword', {})).toMatchObject({
    kind: 'invalid',
    message: 'errors:verification.generic',
  });
});
