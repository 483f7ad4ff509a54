import { databaseBackends } from '#test/support/backends.ts';
import { startCommerceService, type RunningCommerceService } from './test-support/commerce-fixture.ts';
import { insertOrder } from './test-support/paid-orders.ts';

/** Decision 0036: a staging site in production mode says TEST MODE in its order e-mails too. */
describe.each(databaseBackends)('the order confirmation of a staging site, on $name', (backend) => {
  let staging: RunningCommerceService;
  let shop: RunningCommerceService;
  beforeAll(async () => {
    [staging, shop] = await Promise.all([startCommerceService(backend, { testMode: true }), startCommerceService(backend)]);
  });
  afterAll(async () => Promise.all([staging?.close(), shop?.close()]));

  it.each([
    ['en', 'TEST MODE'],
    ['ar', 'وضع الاختبار'],
  ] as const)('says TEST MODE in its subject, text and HTML (%s)', async (locale, tag) => {
    const { orderId } = await insertOrder(staging.database.db, {
      customerId: 'guest_staging',
      lines: [{ ticketId: 'tkt_nabd_ga', quantity: 1, price: 59_500 }],
      locale,
    });
    const email = (await staging.service.parts.confirmationEmails!.compose(orderId))!;
    expect(email.subject.startsWith(`[${tag}] `)).toBe(true);
    expect(email.text.split('\n')[0]).toContain(tag);
    expect(email.html).toContain(tag);
  });

  it("a real shop's e-mail says nothing of the kind", async () => {
    const { orderId } = await insertOrder(shop.database.db, {
      customerId: 'guest_buyer',
      lines: [{ ticketId: 'tkt_nabd_ga', quantity: 1, price: 59_500 }],
    });
    const email = (await shop.service.parts.confirmationEmails!.compose(orderId))!;
    expect(`${email.subject}${email.text}${email.html}`).not.toContain('TEST MODE');
  });
});
