import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { BrowserContext, Page } from 'playwright-core';
import { databaseBackends } from '#test/support/backends.ts';
import { PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import {
  addGeneralAdmission,
  answerGuestSteps,
  CARDS,
  cartToLogin,
  EVENT,
  finalizeToPayment,
  payByCard,
  texts,
  waitForHeading,
} from './support/checkout-steps.ts';
import { horizontalOverflow, localized, overlappingText } from './support/page-checks.ts';

/**
 * Arabic as a first language: a purchase in Arabic whose ticket PDF says, in Arabic, when and where
 * and for whom; the pages the Arabic formatting reaches (line-up index, event page, figures,
 * checkout, the sandbox payment page) with no text over other text on a phone, and screenshots of
 * each at 360 and 1366 px in both languages.
 */

const database = databaseBackends.at(-1)!;
const LAPTOP = { viewport: { width: 1366, height: 900 } } as const;

let site: BrowserSite;
let drop: () => Promise<void> = async () => {};
beforeAll(async () => {
  const created = await database.create({ startedSite: true });
  drop = created.drop;
  site = await startBrowserSite({ DATABASE_URL: created.url });
}, 180_000);
afterAll(async () => {
  await site?.close();
  await drop();
});

/** The text of a PDF's first page, with the spaces between shaped Arabic words taken out. */
async function pdfText(context: BrowserContext, href: string): Promise<string> {
  const response = await context.request.get(href);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const pdf = await getDocument({ data: new Uint8Array(await response.body()), isEvalSupported: false }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join('')
    .replace(/\s+/g, '');
}

const expectNoOverlap = async (page: Page, name: string) =>
  expect({ name, overlapping: await overlappingText(page) }).toEqual({ name, overlapping: [] });

test('the overlap check sees a card number set over its label, and not the same two side by side', async () => {
  const context = await site.context(PHONE);
  const page = await context.newPage();
  const label = '<span style="position:absolute;top:10px;right:10px">رقم البطاقة</span>';
  await page.setContent(`<html dir="rtl"><body>${label}<span style="position:absolute;top:14px;right:30px">4242 4242</span></body></html>`);
  expect(await overlappingText(page)).toEqual(['رقم البطاقة ⟂ 4242 4242']);
  await page.setContent(
    `<html dir="rtl"><body>${label}<span style="position:absolute;top:10px;right:200px">4242 4242</span></body></html>`,
  );
  expect(await overlappingText(page)).toEqual([]);
  await context.close();
});

describe('an Arabic purchase without JavaScript on a phone', () => {
  test('shows Arabic figures and an Arabic address, pays on an Arabic sandbox page and gives an Arabic ticket', async () => {
    const checkout = texts('ar', 'checkout');
    const context = await site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await addGeneralAdmission(page, 'ar', 2);
    expect(await page.locator('main').textContent()).toContain('ضريبة القيمة المضافة (15٪)');
    await cartToLogin(page, 'ar');
    await page.getByRole('button', { name: texts('ar', 'shop').login.guest }).click();
    await page.waitForURL(`**${EVENT}/tickets/checkout`);
    await answerGuestSteps(page, 'ar', `arabic-${Date.now()}@example.com`);

    // The finalize step: the billing address takes the Arabic comma, VAT the Arabic percent sign.
    const main = (await page.locator('main').textContent())!;
    expect(main).toContain('King Fahd Road 1، Riyadh، ');
    expect(main).not.toContain('Road 1, Riyadh');
    expect(main).toContain('ضريبة القيمة المضافة (15٪)');
    await expectNoOverlap(page, 'checkout finalize');
    await screenshot(page, 'arabic-checkout-finalize-ar-phone', { javaScriptEnabled: false });

    await finalizeToPayment(page);
    // The sandbox's card page: the amount as the site writes it, card numbers and 3-D Secure left to right.
    expect(await page.locator('main').textContent()).toContain('1,190.00\u00a0ر.س.');
    expect(await page.content()).toContain('<bdi dir="ltr">3-D Secure</bdi>');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoOverlap(page, 'sandbox card page');
    await screenshot(page, 'arabic-sandbox-card-ar-phone', { javaScriptEnabled: false });

    await payByCard(page, CARDS.success);
    await waitForHeading(page, checkout.confirmation.paidHeading);
    const href = await page.locator('.ticket-downloads__link').first().getAttribute('href');
    const ticket = await pdfText(context, href!);
    for (const expected of [
      'مهرجاننبض2026', // the event
      'دخولعام', // the ticket
      'التاريخ', // the date, in Arabic with Latin digits
      '10–12',
      '2026',
      'فتحالبوابات', // the gates
      '15:00يوميًابتوقيتالرياض',
      'المكان', // the venue and its address
      'ساحاتبنبان',
      'طريقالقصيم',
      'الخريطة',
      'المشتري'.replace('تر', 'رت'), // the buyer, while no holder is named (pdf.js reads the ligature تر back reversed)
      'LinaHaddad',
    ]) {
      expect({ expected, found: ticket.includes(expected) }).toEqual({ expected, found: true });
    }
    await context.close();
  }, 180_000);
});

const PAGES = [
  ['lineup-artists', `${EVENT}/lineup/artists`],
  ['event', EVENT],
  ['home', '/'],
  ['about', '/about'],
  ['tickets', `${EVENT}/tickets`],
  ['contact', '/contact'],
] as const;

describe('the pages the Arabic formatting reaches', () => {
  test.each(PAGES.flatMap(([name, path]) => (['ar', 'en'] as const).map((locale) => [name, path, locale] as const)))(
    '%s (%s) in %s: no text over other text at 360 px, nothing sideways, screenshots at 360 and 1366 px',
    async (name, path, locale) => {
      for (const [device, options] of [
        ['phone', PHONE],
        ['laptop', LAPTOP],
      ] as const) {
        const context = await site.context({ ...options, javaScriptEnabled: false });
        const page = await context.newPage();
        // Without JavaScript every image loads at once: on a busy machine that takes a while.
        expect((await page.goto(localized(locale, path), { timeout: 120_000 }))!.status()).toBe(200);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        if (device === 'phone') await expectNoOverlap(page, `${name} ${locale}`);
        await screenshot(page, `arabic-${name}-${locale}-${device}`, { javaScriptEnabled: false });
        await context.close();
      }
    },
    300_000,
  );

  test('a figure written in compact form stays on one line and inside its column at 1366 px', async () => {
    const context = await site.context({ ...LAPTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/ar');
    const figures = page.locator('.statistics__value');
    expect(await figures.count()).toBeGreaterThan(0);
    for (const figure of await figures.all()) {
      const box = (await figure.boundingBox())!;
      const lineHeight = await figure.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      expect({ text: await figure.textContent(), lines: Math.round(box.height / lineHeight) }).toEqual({
        text: await figure.textContent(),
        lines: 1,
      });
    }
    expect(await overlappingText(page, '.statistics')).toEqual([]);
    await context.close();
  });
});
