import type { BrowserContext, Page } from 'playwright-core';
import { createAccount } from '#test/support/accounts.ts';
import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { axeViolations, horizontalOverflow, localized } from './support/page-checks.ts';

/**
 * The account area in a real browser: the address book and the personal details with JavaScript
 * (English, desktop) and without (Arabic, phone), changing the password, deleting the account, and every account page at
 * both widths in both languages, checked for sideways scrolling and by axe, with screenshots.
 */

const PASSWORD = 'Browser-account-2026!';
const SECTIONS = [
  ['overview', '/account'],
  ['details', '/account/details'],
  ['addresses', '/account/addresses'],
  ['newsletters', '/account/newsletters'],
  ['preferences', '/account/preferences'],
  ['manage', '/account/manage'],
] as const;

const LABELS = {
  en: {
    signIn: 'Sign in',
    add: 'Add address',
    added: 'The address has been added.',
    edit: 'Edit',
    save: 'Save address',
    saved: 'The address has been saved.',
    delete: 'Delete',
    confirmTitle: 'Delete this address?',
    confirm: 'Delete address',
    removed: 'The address has been deleted.',
    default: 'Default',
    deleteAccount: 'Delete my account',
    understand: 'I understand this cannot be undone',
    accountDeleted: 'Your account has been deleted.',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    changePassword: 'Change password',
    passwordChanged: 'Your password has been changed.',
    stillNeeds: 'Your password still needs: at least 8 characters',
    weak: 'Strength: weak',
    strong: 'Strength: strong',
  },
  ar: {
    signIn: 'تسجيل الدخول',
    add: 'إضافة العنوان',
    added: 'تمت إضافة العنوان.',
    edit: 'تعديل',
    save: 'حفظ العنوان',
    saved: 'تم حفظ العنوان.',
    delete: 'حذف',
    confirmTitle: 'هل تريد حذف هذا العنوان؟',
    confirm: 'حذف العنوان',
    removed: 'تم حذف العنوان.',
    default: 'الافتراضي',
    deleteAccount: 'حذف حسابي',
    understand: 'أدرك أنه لا يمكن التراجع عن ذلك',
    accountDeleted: 'تم حذف حسابك.',
    currentPassword: 'كلمة المرور الحالية',
    newPassword: 'كلمة المرور الجديدة',
    confirmPassword: 'تأكيد كلمة المرور الجديدة',
    changePassword: 'تغيير كلمة المرور',
    passwordChanged: 'تم تغيير كلمة المرور.',
    stillNeeds: 'ما زالت كلمة المرور تحتاج إلى: 8 أحرف على الأقل',
    weak: 'القوة: ضعيفة',
    strong: 'القوة: قوية',
  },
} as const;

let site: BrowserSite;
let users = 0;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

/** A new account of this test's own (never the shared demo user), signed in on `page` at `start`. */
async function signInNewUser(page: Page, locale: 'en' | 'ar', start: string): Promise<string> {
  users += 1;
  const email = `browser-account-${users}-${Date.now()}@nabd.example`;
  await createAccount(site.site.database.db, { email, password: PASSWORD, givenName: 'Huda', familyName: 'Omar' });
  await page.goto(localized(locale, start));
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: LABELS[locale].signIn, exact: true }).click();
  await page.waitForURL(`${site.origin}${localized(locale, start)}`);
  return email;
}

async function addAddress(
  page: Page,
  locale: 'en' | 'ar',
  fields: { address1: string; city: string; country?: string; isDefault?: boolean },
) {
  const form = page.locator('#address-add');
  await form.locator('input[name="address1"]').fill(fields.address1);
  await form.locator('input[name="city"]').fill(fields.city);
  if (fields.country) await form.locator('select[name="countryCode"]').selectOption(fields.country);
  if (fields.isDefault) await form.locator('input[name="isDefault"]').check();
  await form.getByRole('button', { name: LABELS[locale].add }).click();
  await page.getByRole('status').getByText(LABELS[locale].added).waitFor();
}

const cardTitles = (page: Page) => page.locator('.address-card__title').allTextContents();

/** The address book from empty: add two, edit one, delete one after confirming. */
async function useAddressBook(page: Page, locale: 'en' | 'ar') {
  const labels = LABELS[locale];
  expect(await page.locator('select[name="countryCode"] option').first().getAttribute('value')).toBe('SA');
  // Nothing filled in: the messages come from the server, in the page's language.
  await page.locator('#address-add').getByRole('button', { name: labels.add }).click();
  await page.locator('#address-add .field__error').first().waitFor();
  expect(await page.locator('#address-add [aria-invalid="true"]').count()).toBe(2);

  await addAddress(page, locale, { address1: 'Tahlia Street 12', city: 'Riyadh' });
  await addAddress(page, locale, { address1: 'Corniche Road 3', city: 'Dubai', country: 'AE', isDefault: true });
  expect(await page.locator('.address-card').first().textContent()).toContain(labels.default);
  expect(await page.locator('.address-card').first().textContent()).toContain('Dubai');

  await page
    .locator('.address-card')
    .nth(1)
    .getByRole('link', { name: new RegExp(`^${labels.edit}`) })
    .click();
  const edit = page.locator('#address-edit');
  await edit.locator('input[name="address1"]').fill('Tahlia Street 14');
  await edit.getByRole('button', { name: labels.save }).click();
  await page.getByRole('status').getByText(labels.saved).waitFor();
  expect(await page.locator('.address-card').nth(1).textContent()).toContain('Tahlia Street 14');

  await page
    .locator('.address-card')
    .nth(1)
    .getByRole('link', { name: new RegExp(`^${labels.delete}`) })
    .click();
  await page.getByRole('heading', { name: labels.confirmTitle }).waitFor();
  await page.getByRole('button', { name: labels.confirm }).click();
  await page.getByRole('status').getByText(labels.removed).waitFor();
  expect(await page.locator('.address-card').count()).toBe(1);
  expect(await cardTitles(page)).toHaveLength(1);
}

/**
 * Changing the password on the manage page (SPEC 5): the rules and the strength follow the typing
 * with JavaScript; without, the server names the broken rules and the strength. Then the change.
 */
async function changePassword(page: Page, locale: 'en' | 'ar', javaScriptEnabled: boolean) {
  const labels = LABELS[locale];
  await page.goto(localized(locale, '/account/manage'));
  const form = page.locator('#password');
  await form.getByLabel(labels.currentPassword, { exact: true }).fill(PASSWORD);
  await form.getByLabel(labels.newPassword, { exact: true }).fill('short');
  await form.getByLabel(labels.confirmPassword, { exact: true }).fill('short');
  if (javaScriptEnabled) {
    await form.getByText(labels.weak).waitFor();
    expect(await form.locator('[data-rule="length"]').getAttribute('data-met')).toBe('false');
    expect(await form.locator('[data-rule="lowercase"]').getAttribute('data-met')).toBe('true');
  } else {
    await form.getByRole('button', { name: labels.changePassword, exact: true }).click();
    await form.getByText(labels.stillNeeds).waitFor();
    await form.getByText(labels.weak).waitFor();
    expect(await form.getByLabel(labels.newPassword, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('[data-rule="length"]').getAttribute('data-met')).toBe('false');
    await form.getByLabel(labels.currentPassword, { exact: true }).fill(PASSWORD);
  }
  const next = `${PASSWORD}-Changed-9`;
  await form.getByLabel(labels.newPassword, { exact: true }).fill(next);
  await form.getByLabel(labels.confirmPassword, { exact: true }).fill(next);
  if (javaScriptEnabled) await form.getByText(labels.strong).waitFor();
  await form.getByRole('button', { name: labels.changePassword, exact: true }).click();
  await page.getByText(labels.passwordChanged).waitFor();
}

/** Deleting the account from the manage page: the box to tick, the final button, the home page's message. */
async function deleteAccount(page: Page, locale: 'en' | 'ar') {
  const labels = LABELS[locale];
  await page.goto(localized(locale, '/account/manage'));
  await page.getByRole('link', { name: new RegExp(`^${labels.deleteAccount}`) }).click();
  await page.getByLabel(labels.understand).check();
  await page.locator('#delete-account').getByRole('button', { name: labels.deleteAccount }).click();
  await page.waitForURL(`${site.origin}${localized(locale, '/')}`);
  await page.getByRole('status').getByText(labels.accountDeleted).waitFor();
  await page.goto(localized(locale, '/account'));
  await page.waitForURL(/\/oidc\/interaction\//);
}

/** Every account page at this context's width in both languages: no sideways scrolling, axe clean, a screenshot. */
async function checkEveryPage(context: BrowserContext, device: 'phone' | 'desktop', javaScriptEnabled: boolean) {
  const page = await context.newPage();
  for (const locale of ['en', 'ar'] as const) {
    for (const [name, path] of SECTIONS) {
      const response = await page.goto(localized(locale, path));
      expect({ path, status: response!.status() }).toEqual({ path, status: 200 });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect({ path, locale, violations: await axeViolations(page) }).toEqual({ path, locale, violations: [] });
      // The account menu sits above the page without pushing it down (decision 0023).
      const heading = await page.locator('main h1').boundingBox();
      expect(heading!.y).toBeLessThan(device === 'phone' ? 320 : 400);
      expect(await page.locator('.account-nav [aria-current="page"]').count()).toBe(1);
      await screenshot(page, `account-${name}-${locale}-${device}`, { javaScriptEnabled });
    }
  }
  await page.close();
}

test('with JavaScript in English on a desktop: details, the address book, every page in both languages, deleting the account', async () => {
  const context = await site.context({ ...DESKTOP, javaScriptEnabled: true });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInNewUser(page, 'en', '/account/details');

  await page.locator('input[name="phoneNumber"]').fill('0501234567');
  await page.locator('input[name="birthDate"]').fill('2999-01-01');
  await page.getByRole('button', { name: 'Save details' }).click();
  await page.getByText('Enter a valid phone number in international format').waitFor();
  expect(await page.locator('input[name="phoneNumber"]').getAttribute('aria-invalid')).toBe('true');
  await page.getByText(/The date must be before/).waitFor();
  await page.locator('input[name="firstName"]').fill('Hadeel');
  await page.locator('input[name="phoneNumber"]').fill('+966 50 123 4567');
  await page.locator('input[name="birthDate"]').fill('1990-02-03');
  await page.getByRole('button', { name: 'Save details' }).click();
  await page.getByRole('status').getByText('Your details have been saved.').waitFor();
  expect(await page.locator('.account-link').textContent()).toContain('Hadeel');

  await page.goto('/account/addresses');
  await useAddressBook(page, 'en');
  await site.received('user_address_removed', (properties) => properties.language === 'en');

  await changePassword(page, 'en', true);
  await checkEveryPage(context, 'desktop', true);
  await deleteAccount(page, 'en');
  await context.close();
}, 180_000);

test('without JavaScript in Arabic on a phone: the address book, every page in both languages, deleting the account', async () => {
  const context = await site.context({ ...PHONE, javaScriptEnabled: false });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInNewUser(page, 'ar', '/account/addresses');
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  await useAddressBook(page, 'ar');

  await page.goto('/ar/account/details');
  await page.locator('input[name="lastName"]').fill('');
  await page.getByRole('button', { name: 'حفظ البيانات' }).click();
  await page.getByText('هذا الحقل مطلوب.').waitFor();
  await changePassword(page, 'ar', false);

  // axe and the layout measures run scripts in the page: the same session, in a phone with JavaScript.
  const measuring = await site.context({ ...PHONE, storageState: await context.storageState() });
  measuring.setDefaultTimeout(15_000);
  await checkEveryPage(measuring, 'phone', true);
  await measuring.close();
  await deleteAccount(page, 'ar');
  await context.close();
}, 180_000);
