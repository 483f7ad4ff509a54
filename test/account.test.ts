import { sql } from 'drizzle-orm';
import { createAccount } from '#test/support/accounts.ts';
import { Browser, fieldValue, formAction, type Page } from './support/browser.ts';
import { databaseBackends, sessionBackends } from './support/backends.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';
import { ACCEPTED_PRIVACY } from './support/privacy.ts';

/**
 * The account area (SPEC 2.4, 3.3, 5, 8) through the real site without JavaScript: the identity
 * service, the user service and the web tier in one process, on the real PostgreSQL and Redis when
 * the environment names them. Every test signs in as a user of its own.
 */

const PASSWORD = 'Account-test-2026!';
const database = databaseBackends.at(-1)!;
const sessions = sessionBackends.at(-1)!;

let site: TestSite;
let drop: () => Promise<void>;
let users = 0;

beforeAll(async () => {
  const created = await database.create();
  drop = created.drop;
  site = await startTestSite({ DATABASE_URL: created.url, REDIS_URL: sessions.redisUrl });
});
afterAll(async () => {
  await site.close();
  await drop();
});

interface Visitor {
  browser: Browser;
  email: string;
  /** The page last shown, whose CSRF token the next form sends. */
  page: Page;
  get(path: string): Promise<Page>;
  /** Sends a form of the page last shown to `path` (the page itself, as every form here does). */
  submit(path: string, fields: Record<string, string>): Promise<Page>;
}

const follow = (browser: Browser, page: Page) => browser.follow(page, TEST_ORIGIN);

async function signIn(browser: Browser, email: string, password: string, start = '/account'): Promise<Page> {
  const loginPage = await follow(browser, await browser.get(`${TEST_ORIGIN}${start}`));
  expect(loginPage.url).toMatch(new RegExp(`^${TEST_ORIGIN}/oidc/interaction/`));
  const action = new URL(formAction(loginPage.html, '/login')!, loginPage.url);
  return follow(browser, await browser.post(action, { _csrf: fieldValue(loginPage.html, '_csrf')!, email, password }));
}

/** A new account with the identity service, signed in on a browser without JavaScript. */
async function newVisitor(start = '/account', givenName = 'Noura'): Promise<Visitor> {
  users += 1;
  const email = `account-${users}-${Date.now()}@nabd.example`;
  await createAccount(site.database.db, { email, password: PASSWORD, givenName, familyName: 'Saleh' });
  const browser = new Browser(site.fetch);
  const visitor: Visitor = {
    browser,
    email,
    page: await signIn(browser, email, PASSWORD, start),
    async get(path) {
      visitor.page = await browser.get(`${TEST_ORIGIN}${path}`);
      return visitor.page;
    },
    async submit(path, fields) {
      const sent = await browser.post(`${TEST_ORIGIN}${path}`, { _csrf: fieldValue(visitor.page.html, '_csrf')!, ...fields });
      if (sent.status === 200 || sent.status >= 400) visitor.page = sent;
      return sent;
    },
  };
  expect(visitor.page.status).toBe(200);
  return visitor;
}

/** The page a successful form redirects to, with its flash message. */
async function landing(visitor: Visitor, sent: Page): Promise<Page> {
  expect(sent.status).toBe(303);
  visitor.page = await follow(visitor.browser, sent);
  return visitor.page;
}

/** Analytics are sent in batches: waits (up to 3 s) for an event that matches. */
async function trackedEvent(name: Parameters<NonNullable<TestSite['analytics']>['received']>[0], matches: (properties: any) => boolean) {
  for (let waited = 0; waited < 3000; waited += 200) {
    const found = (await site.analytics!.received(name)).find((event) => matches(event.properties));
    if (found) return found.properties;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return undefined;
}

const text = (page: Page) => decoded(page.html);

describe('who may use the account area', () => {
  const paths = [
    '/account',
    '/account/details',
    '/account/addresses',
    '/account/newsletters',
    '/account/preferences',
    '/account/manage',
    '/account/manage/data.json',
  ];

  test.each(paths)('an anonymous visitor asking for %s is sent to sign in and back, in both languages', async (path) => {
    const browser = new Browser(site.fetch);
    const english = await browser.get(`${TEST_ORIGIN}${path}`);
    expect(english.status).toBe(302);
    expect(english.location).toBe(`/account/login?returnTo=${encodeURIComponent(path)}`);
    const arabic = await browser.get(`${TEST_ORIGIN}/ar${path}`);
    expect(arabic.status).toBe(302);
    expect(arabic.location).toBe(`/ar/account/login?returnTo=${encodeURIComponent(`/ar${path}`)}`);
  });

  test('a form sent from another site is refused, and so is a signed-in form without its token', async () => {
    const visitor = await newVisitor('/account/details');
    const cookies = ['nabd.sid', 'nabd.csrf'].map((name) => `${name}=${visitor.browser.cookie(name)}`).join('; ');
    const form = new URLSearchParams({
      _csrf: fieldValue(visitor.page.html, '_csrf')!,
      intent: 'update-details',
      firstName: 'Mallory',
      lastName: 'X',
    });
    const crossSite = await site.fetch(`${TEST_ORIGIN}/account/details`, {
      method: 'POST',
      headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(crossSite.status).toBe(403);
    const withoutToken = await visitor.browser.post(`${TEST_ORIGIN}/account/details`, {
      intent: 'update-details',
      firstName: 'Mallory',
      lastName: 'X',
    });
    expect(withoutToken.status).toBe(403);
    const details = await visitor.get('/account/details');
    expect(fieldValue(details.html, 'firstName')).toBe('Noura');
  });
});

describe('the overview', () => {
  test('greets the visitor and links each section with where it stands, in English and Arabic', async () => {
    const visitor = await newVisitor();
    const overview = text(visitor.page);
    expect(overview).toContain('Welcome back, Noura');
    expect(overview).toContain('Noura Saleh');
    expect(overview).toContain(visitor.email);
    expect(overview).toContain('No address saved yet');
    expect(overview).toContain('Not subscribed to any newsletter');
    for (const section of ['tickets', 'details', 'addresses', 'newsletters', 'preferences', 'manage']) {
      expect(visitor.page.html).toContain(`href="/account/${section}"`);
    }
    expect(visitor.page.html).toMatch(/<a class="account-nav__link" href="\/account" aria-current="page">/);
    // The tickets card counts the user's orders (none yet).
    expect(overview).toContain('No orders yet');

    const arabic = text(await visitor.get('/ar/account'));
    expect(arabic).toContain('أهلًا بعودتك يا Noura');
    expect(arabic).toContain('لم تحفظ أي عنوان بعد');
    expect(visitor.page.html).toContain('href="/ar/account/addresses"');
  });
});

describe('personal details', () => {
  test('each field is checked with its SPEC 5 message, in English and Arabic, keeping what was typed (422)', async () => {
    const visitor = await newVisitor('/account/details');
    expect(text(visitor.page)).toContain('This is the email you sign in with');
    const invalid = await visitor.submit('/account/details', {
      intent: 'update-details',
      firstName: 'N'.repeat(81),
      middleName: '',
      lastName: '',
      phoneNumber: '0501234567',
      whatsappPhone: '+966 50 123 4567',
      birthDate: '2999-01-01',
      gender: 'male',
    });
    expect(invalid.status).toBe(422);
    const page = text(invalid);
    expect(page).toContain('Use at most 80 characters.');
    expect(page).toContain('This field is required.');
    expect(page).toContain('Enter a valid phone number in international format, such as +966 5X XXX XXXX.');
    expect(page).toMatch(/The date must be before \d{4}-\d{2}-\d{2}\./);
    expect(fieldValue(invalid.html, 'phoneNumber')).toBe('0501234567');
    expect(invalid.html).toContain('aria-invalid="true"');

    await visitor.get('/ar/account/details');
    const arabic = await visitor.submit('/ar/account/details', {
      intent: 'update-details',
      firstName: 'Noura',
      lastName: 'Saleh',
      phoneNumber: '12',
    });
    expect(arabic.status).toBe(422);
    expect(text(arabic)).toContain('أدخل رقم هاتف صحيحًا');
  });

  test('saved details show a message, are kept, and the header greets the visitor by the new name', async () => {
    const visitor = await newVisitor('/account/details');
    const sent = await visitor.submit('/account/details', {
      intent: 'update-details',
      firstName: 'Reem',
      middleName: 'A.',
      lastName: 'Saleh',
      phoneNumber: '+966 50 123 4567',
      whatsappPhone: '',
      birthDate: '1994-05-17',
      gender: 'female',
    });
    const page = await landing(visitor, sent);
    expect(page.url).toBe(`${TEST_ORIGIN}/account/details`);
    expect(text(page)).toContain('Your details have been saved.');
    expect(fieldValue(page.html, 'firstName')).toBe('Reem');
    expect(fieldValue(page.html, 'phoneNumber')).toBe('+966501234567');
    expect(fieldValue(page.html, 'birthDate')).toBe('1994-05-17');
    expect(page.html).toMatch(/<option value="female" selected="">/);
    expect(page.html).toMatch(/class="account-link"[^>]*>[\s\S]{0,1500}?Reem/);
    expect(text(await visitor.get('/account'))).toContain('Welcome back, Reem');
    expect(await trackedEvent('user_basic_info_updated', (properties) => properties.page_name === '/account/details')).toMatchObject({
      submodule_name: 'details',
      language: 'en',
    });
  });
});

describe('the address book', () => {
  const address = (fields: Record<string, string>) => ({
    intent: 'add-address',
    nickname: '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    postalCode: '',
    countryCode: 'SA',
    ...fields,
  });

  test('missing fields are named (422), in English and Arabic; the countries are listed in the language, Saudi Arabia first', async () => {
    const visitor = await newVisitor('/account/addresses');
    expect(visitor.page.html).toMatch(
      /<select[^>]*name="countryCode"[^>]*><option value="SA" selected="">Saudi Arabia<\/option><option value="AF">Afghanistan/,
    );
    const invalid = await visitor.submit('/account/addresses', address({ address1: '', city: '' }));
    expect(invalid.status).toBe(422);
    expect(text(invalid).match(/This field is required\./g)).toHaveLength(2);
    await visitor.get('/ar/account/addresses');
    expect(visitor.page.html).toMatch(/<option value="SA" selected="">المملكة العربية السعودية<\/option>/);
    const arabic = await visitor.submit('/ar/account/addresses', address({ address1: 'شارع التحلية', city: '', countryCode: 'XX' }));
    expect(arabic.status).toBe(422);
    expect(text(arabic)).toContain('هذا الحقل مطلوب.');
    expect(text(arabic)).toContain('اختر دولة من القائمة.');
  });

  test('adding, making default, editing and deleting after confirming; the default is listed first', async () => {
    const visitor = await newVisitor('/account/addresses');
    expect(text(visitor.page)).toContain('You have no saved addresses yet.');
    let page = await landing(
      visitor,
      await visitor.submit('/account/addresses', address({ nickname: 'Home', address1: 'Tahlia Street 12', city: 'Riyadh' })),
    );
    expect(text(page)).toContain('The address has been added.');
    page = await landing(
      visitor,
      await visitor.submit('/account/addresses', address({ nickname: 'Office', address1: 'King Road 4', city: 'Jeddah', isDefault: 'on' })),
    );
    const titles = () => [...visitor.page.html.matchAll(/class="address-card__title"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(titles()).toEqual(['Office', 'Home']);
    expect(page.html).toMatch(/Office<\/h2><span class="address-card__badge">Default<\/span>/);

    const ids = [...page.html.matchAll(/name="addressId" value="([^"]+)"/g)].map((match) => match[1]!);
    const [homeId] = ids; // only the address that is not default has a "make default" form
    page = await landing(visitor, await visitor.submit('/account/addresses', { intent: 'make-default', addressId: homeId! }));
    expect(text(page)).toContain('This is now your default address.');
    expect(titles()).toEqual(['Home', 'Office']);

    const editing = await visitor.get(`/account/addresses?edit=${homeId}`);
    expect(editing.html).toContain('Edit address');
    expect(fieldValue(editing.html, 'address1')).toBe('Tahlia Street 12');
    page = await landing(
      visitor,
      await visitor.submit(`/account/addresses?edit=${homeId}`, {
        ...address({ nickname: 'Home', address1: 'Tahlia Street 14', city: 'Riyadh', postalCode: '12345' }),
        intent: 'update-address',
        addressId: homeId!,
      }),
    );
    expect(page.url).toBe(`${TEST_ORIGIN}/account/addresses`);
    expect(text(page)).toContain('The address has been saved.');
    expect(text(page)).toContain('Tahlia Street 14');

    const confirming = await visitor.get(`/account/addresses?delete=${homeId}`);
    expect(text(confirming)).toContain('Delete this address?');
    expect(confirming.html).toContain('href="/account/addresses">Keep it</a>');
    page = await landing(
      visitor,
      await visitor.submit(`/account/addresses?delete=${homeId}`, { intent: 'delete-address', addressId: homeId! }),
    );
    expect(text(page)).toContain('The address has been deleted.');
    expect(titles()).toEqual(['Office']);
    expect(page.html).toMatch(/Office<\/h2><span class="address-card__badge">Default<\/span>/);

    const overview = text(await visitor.get('/account'));
    expect(overview).toContain('1 address · default: Jeddah, Saudi Arabia');
    expect(await trackedEvent('user_address_added', (properties) => properties.country_code === 'SA')).toBeDefined();
    expect(await trackedEvent('user_address_updated', (properties) => properties.country_code === 'SA')).toBeDefined();
    expect(await trackedEvent('user_address_removed', (properties) => properties.page_name === '/account/addresses')).toBeDefined();
  });

  test("another user's address cannot be changed or deleted: it is not in the visitor's address book (422)", async () => {
    const owner = await newVisitor('/account/addresses');
    const added = await landing(owner, await owner.submit('/account/addresses', address({ address1: 'Olaya 1', city: 'Riyadh' })));
    const ownerAddress = /\?delete=([^#"]+)/.exec(added.html)![1]!;
    const other = await newVisitor('/account/addresses');
    const refused = await other.submit('/account/addresses', { intent: 'delete-address', addressId: ownerAddress });
    expect(refused.status).toBe(422);
    expect(text(refused)).toContain('This address is no longer in your address book.');
    expect(text(await owner.get('/account/addresses'))).toContain('Olaya 1');
  });
});

describe('newsletters', () => {
  test("each newsletter in the visitor's language, subscribed and unsubscribed one at a time, tracked on subscribing", async () => {
    const visitor = await newVisitor('/account/newsletters');
    const choices = [...visitor.page.html.matchAll(/name="newsletterId" value="([^"]+)"/g)].map((match) => match[1]!);
    expect(choices.length).toBeGreaterThan(1);
    const [first] = choices;
    expect(visitor.page.html.match(/name="subscribed" value="true"/g)?.length).toBe(choices.length);

    let page = await landing(
      visitor,
      await visitor.submit('/account/newsletters', { intent: 'set-newsletter', newsletterId: first!, subscribed: 'true' }),
    );
    expect(text(page)).toContain('You are now subscribed.');
    expect(page.html.match(/name="subscribed" value="false"/g)?.length).toBe(1);
    expect(text(await visitor.get('/account'))).toContain('Subscribed to 1 newsletter');
    const subscribed = await trackedEvent('pixel_subscribed', (properties) => properties.page_name === '/account/newsletters');
    expect(subscribed?.newsletter_name).toEqual(expect.any(String));

    const arabic = await visitor.get('/ar/account/newsletters');
    expect(text(arabic)).toContain('إلغاء الاشتراك');
    expect(text(arabic)).toContain('أنت مشترك.');
    page = await landing(
      visitor,
      await visitor.submit('/ar/account/newsletters', { intent: 'set-newsletter', newsletterId: first!, subscribed: 'false' }),
    );
    expect(page.url).toBe(`${TEST_ORIGIN}/ar/account/newsletters`);
    expect(text(page)).toContain('تم إلغاء اشتراكك.');
    expect(text(page)).not.toContain('أنت مشترك.');

    const unknown = await visitor.submit('/account/newsletters', {
      intent: 'set-newsletter',
      newsletterId: 'no-such-newsletter',
      subscribed: 'true',
    });
    expect(unknown.status).toBe(422);
    expect(text(unknown)).toContain('This newsletter is not offered any more.');
  });
});

describe('preferences', () => {
  test('choosing Arabic saves it and continues in Arabic', async () => {
    const visitor = await newVisitor('/account/preferences');
    expect(visitor.page.html).toMatch(/<input type="radio" name="locale" checked="" value="en"/);
    const sent = await visitor.submit('/account/preferences', { intent: 'update-preferences', locale: 'ar' });
    expect(sent.location).toBe('/ar/account/preferences');
    const page = await landing(visitor, sent);
    expect(page.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(text(page)).toContain('تم حفظ تفضيلاتك.');
    expect(page.html).toMatch(/<input type="radio" name="locale" checked="" value="ar"/);
    // The language is named in the page's language: "Arabic" on an English page, "الإنجليزية" on an Arabic one.
    expect(text(await visitor.get('/account'))).toContain('Language: Arabic');
    expect(text(await visitor.get('/ar/account'))).toContain('اللغة: العربية');
    const words = (page: Page) => text(page).replace(/<[^>]+>/g, '');
    expect(words(await visitor.get('/ar/account/preferences'))).toContain('الإنجليزية · English');
    expect(words(await visitor.get('/account/preferences'))).toContain('Arabic · العربية');
    const invalid = await visitor.submit('/account/preferences', { intent: 'update-preferences', locale: 'fr' });
    expect(invalid.status).toBe(422);
  });
});

describe('managing the account', () => {
  test('changing the password: a wrong current password, the rules, then the new one signs in', async () => {
    const visitor = await newVisitor('/account/manage');
    const change = (fields: Record<string, string>) => visitor.submit('/account/manage', { intent: 'change-password', ...fields });
    const wrong = await change({
      currentPassword: 'Not-my-password-1!',
      password: 'New-password-2026!',
      confirmPassword: 'New-password-2026!',
    });
    expect(wrong.status).toBe(422);
    expect(text(wrong)).toContain('The current password is not correct.');
    // The form names the new password's broken rules and its strength, as sign-up and reset do (SPEC 5).
    const form = await visitor.get('/account/manage');
    expect(form.html).toContain('data-password-strength=""');
    expect(text(form)).toContain('Your password needs:');
    const weak = await change({ currentPassword: PASSWORD, password: 'short', confirmPassword: 'short' });
    expect(weak.status).toBe(422);
    expect(text(weak)).toContain(
      'Your password still needs: at least 8 characters, an uppercase letter, a digit, a special character, such as ! or #',
    );
    expect(text(weak)).toContain('Strength: weak');
    expect(weak.html).toMatch(/id="change-password-password"[^>]*aria-invalid="true"/);
    expect(weak.html).not.toContain('value="short"');
    const missing = await change({ currentPassword: '', password: '', confirmPassword: '' });
    expect(missing.status).toBe(422);
    expect(missing.html).toContain('id="change-password-currentPassword-error"');
    expect(missing.html).toContain('id="change-password-password-error"');
    expect(missing.html).toContain('id="change-password-confirmPassword-error"');
    const mismatch = await change({ currentPassword: PASSWORD, password: 'New-password-2026!', confirmPassword: 'New-password-2027!' });
    expect(text(mismatch)).toContain('The values do not match.');
    await visitor.get('/ar/account/manage');
    const arabic = await visitor.submit('/ar/account/manage', {
      intent: 'change-password',
      currentPassword: 'x',
      password: 'New-password-2026!',
      confirmPassword: 'New-password-2026!',
    });
    expect(text(arabic)).toContain('كلمة المرور الحالية غير صحيحة.');

    await visitor.get('/account/manage');
    const page = await landing(
      visitor,
      await change({ currentPassword: PASSWORD, password: 'New-password-2026!', confirmPassword: 'New-password-2026!' }),
    );
    expect(text(page)).toContain('Your password has been changed.');
    const again = await signIn(new Browser(site.fetch), visitor.email, 'New-password-2026!');
    expect(again.url).toBe(`${TEST_ORIGIN}/account`);
    expect(text(again)).toContain('Welcome back, Noura');
  });

  test('a user of a social sign-in has no password to change: no form, and a forged change is refused (SPEC 4.1, 6)', async () => {
    users += 1;
    const email = `social-${users}-${Date.now()}@nabd.example`;
    const account = await createAccount(site.database.db, { email, password: PASSWORD, givenName: 'Sami', familyName: 'Fahd' });
    // What a Google sign-in creates: a username with the provider's prefix.
    await site.database.db.execute(sql`update identity.users set username = ${`google_${account.id}`} where id = ${account.id}`);
    const browser = new Browser(site.fetch);
    // A social sign-in's user finishes onboarding first (SPEC 4.1, 6), then reaches the page.
    const onboarding = await signIn(browser, email, PASSWORD, '/account/manage');
    expect(onboarding.url).toBe(`${TEST_ORIGIN}/account/onboarding?returnTo=%2Faccount%2Fmanage`);
    const manage = await browser.follow(
      await browser.post(`${TEST_ORIGIN}/account/onboarding`, {
        _csrf: fieldValue(onboarding.html, '_csrf')!,
        intent: 'onboard',
        returnTo: '/account/manage',
        firstName: 'Sami',
        lastName: 'Fahd',
        locale: 'en',
        acceptTerms: 'on',
      }),
      TEST_ORIGIN,
    );
    expect(manage.url).toBe(`${TEST_ORIGIN}/account/manage`);
    expect(text(manage)).toContain('You sign in with Google or Apple, so there is no password to change here.');
    expect(manage.html).not.toContain('name="currentPassword"');
    const forged = await browser.post(`${TEST_ORIGIN}/account/manage`, {
      _csrf: fieldValue(manage.html, '_csrf')!,
      intent: 'change-password',
      currentPassword: PASSWORD,
      password: 'New-password-2026!',
      confirmPassword: 'New-password-2026!',
    });
    expect(forged.status).toBe(409);
    expect(text(forged)).toContain('You sign in with Google or Apple');
  });

  test('"download my data" is a private JSON file of everything kept about the visitor, tracked', async () => {
    const visitor = await newVisitor('/account/addresses');
    await landing(
      visitor,
      await visitor.submit('/account/addresses', { intent: 'add-address', address1: 'Corniche 9', city: 'Jeddah', countryCode: 'SA' }),
    );
    const response = await site.fetch(`${TEST_ORIGIN}/account/manage/data.json`, {
      // The visitor's session, and their answer to the privacy banner: the download is tracked.
      headers: { cookie: `nabd.sid=${visitor.browser.cookie('nabd.sid')}; ${ACCEPTED_PRIVACY}` },
      redirect: 'manual',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="?nabd-my-data\.json"?$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const data = await response.json();
    expect(data.account).toMatchObject({ email: visitor.email, canUpdatePassword: true });
    expect(data.profile).toMatchObject({ email: visitor.email, firstName: 'Noura', lastName: 'Saleh' });
    expect(data.addresses).toEqual([
      expect.objectContaining({ address1: 'Corniche 9', city: 'Jeddah', countryCode: 'SA', isDefault: true }),
    ]);
    expect(data.newsletters).toEqual(expect.any(Array));
    expect(data.schedule).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/"password(Hash)?"|\$argon2|eyJ[A-Za-z0-9_-]{10,}/i);
    expect(await trackedEvent('user_data_enquired', (properties) => properties.page_name === '/account/manage/data.json')).toBeDefined();
  });

  test('deleting the account takes a ticked box, erases it, signs out and says so on the home page; it cannot sign in again', async () => {
    const visitor = await newVisitor('/account/manage');
    expect(visitor.page.html).toContain('href="/account/manage?delete=confirm#delete-account"');
    const confirming = await visitor.get('/account/manage?delete=confirm');
    expect(text(confirming)).toContain('I understand this cannot be undone');
    const unticked = await visitor.submit('/account/manage?delete=confirm', { intent: 'delete-account' });
    expect(unticked.status).toBe(422);
    expect(text(unticked)).toContain('Tick the box to confirm that you understand.');

    const sent = await visitor.submit('/account/manage?delete=confirm', { intent: 'delete-account', understood: 'on' });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe('/');
    const home = await follow(visitor.browser, sent);
    expect(text(home)).toContain('Your account has been deleted.');
    const account = await visitor.browser.get(`${TEST_ORIGIN}/account`);
    expect(account.status).toBe(302);

    const retry = await signIn(new Browser(site.fetch), visitor.email, PASSWORD);
    expect(retry.url).toMatch(new RegExp(`^${TEST_ORIGIN}/oidc/`));
    expect(text(retry)).toContain('Wrong username or password.');
  });

  test('in Arabic the deletion is confirmed in Arabic and ends on the Arabic home page', async () => {
    const visitor = await newVisitor('/ar/account/manage?delete=confirm');
    expect(text(visitor.page)).toContain('أدرك أنه لا يمكن التراجع عن ذلك');
    const sent = await visitor.submit('/ar/account/manage?delete=confirm', { intent: 'delete-account', understood: 'on' });
    expect(sent.location).toBe('/ar');
    expect(text(await follow(visitor.browser, sent))).toContain('تم حذف حسابك.');
  });
});
