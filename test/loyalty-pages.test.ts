import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { insertOrder } from '#graphql/commerce/test-support/paid-orders.ts';
import { fromRoot } from '#platform/paths.ts';
import { createFormatter } from '#views/format.ts';
import { Browser } from './support/browser.ts';
import { databaseBackends, sessionBackends } from './support/backends.ts';
import { newSignedInVisitor, textOf, type SignedInVisitor } from './support/signed-in-visitor.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/**
 * Loyalty points through the real site without JavaScript (SPEC 2.4, 3.3, 4.3, 6, 8; decision
 * 0039), in both languages: the points account in the account area and the overview's card. The
 * sandbox programme's test members (README) stand for the outside programme.
 */

const database = databaseBackends.at(-1)!;
const sessions = sessionBackends.at(-1)!;

let site: TestSite;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await database.create({ startedSite: true });
  drop = created.drop;
  site = await startTestSite({ DATABASE_URL: created.url, REDIS_URL: sessions.redisUrl });
});
afterAll(async () => {
  await site.close();
  await drop();
});

type Locale = 'en' | 'ar';
const LOYALTY = { en: loyaltyTexts('en'), ar: loyaltyTexts('ar') };
function loyaltyTexts(locale: Locale) {
  return JSON.parse(readFileSync(fromRoot('locales', locale, 'loyalty.json'), 'utf8'));
}
const path = (locale: Locale, sitePath: string) => (locale === 'ar' ? `/ar${sitePath}` : sitePath);

/** Each language links its own test members, so the two runs never meet. */
const MEMBERS = {
  en: { spender: ['9000000001', '1234', 5000], spare: ['9000000006', '6666'], claimer: ['9000000002', '2468'] },
  ar: { spender: ['9000000005', '5555', 2000], spare: ['9000000007', '7777'], claimer: ['9000000008', '8888'] },
} as const;

async function link(visitor: SignedInVisitor, locale: Locale, memberId: string, memberPin: string) {
  return visitor.submit(path(locale, '/account/loyalty'), { intent: 'loyalty-link', memberId, memberPin });
}

describe.each(['en', 'ar'] as const)('the points account in %s', (locale) => {
  const texts = LOYALTY[locale];
  const [memberId, pin, balance] = MEMBERS[locale].spender;
  const points = (count: number) =>
    texts[count === 1 ? 'points_one' : 'points_other'].replace('{{points}}', createFormatter(locale).number(count));

  test('an anonymous visitor is sent to sign in and back', async () => {
    const page = await new Browser(site.fetch).get(`${TEST_ORIGIN}${path(locale, '/account/loyalty')}`);
    expect(page.status).toBe(302);
    expect(page.location).toBe(`${path(locale, '/account/login')}?returnTo=${encodeURIComponent(path(locale, '/account/loyalty'))}`);
  });

  test('a wrong PIN is refused with SPEC 8’s message; the right one links the member, shown with balance and statuses', async () => {
    const visitor = await newSignedInVisitor(site, path(locale, '/account/loyalty'));
    expect(textOf(visitor.page)).toContain(texts.account.linkTitle);

    const wrong = await link(visitor, locale, memberId, '0000');
    expect(wrong.status).toBe(422);
    expect(textOf(wrong)).toContain(texts.errors.pinIncorrect);
    expect(textOf(wrong)).toContain(`value="${memberId}"`);

    const linked = await visitor.landing(await link(visitor, locale, memberId, pin));
    const shown = textOf(linked);
    expect(shown).toContain(texts.account.linked);
    expect(shown).toContain(memberId);
    expect({ balance: shown.includes(points(balance)) }).toEqual({ balance: true });
    expect(shown).toContain(texts.account.membershipACTIVE);
    expect(shown).toContain(texts.account.verifiedVERIFIED);
    expect(shown).not.toContain('name="memberPin"');

    // SPEC 2.4: the overview's card says where the points account stands.
    const overview = textOf(await visitor.get(path(locale, '/account')));
    expect(overview).toContain(texts.overview.linked.replace('{{memberId}}', memberId));

    // SPEC 4.3: unlinking asks first; the confirmation is a step of the page.
    const confirm = await visitor.get(path(locale, '/account/loyalty?unlink=confirm'));
    expect(textOf(confirm)).toContain(texts.account.unlinkConfirmTitle);
    const unlinked = await visitor.landing(
      await visitor.submit(path(locale, '/account/loyalty?unlink=confirm'), { intent: 'loyalty-unlink' }),
    );
    expect(unlinked.url).toBe(`${TEST_ORIGIN}${path(locale, '/account/loyalty')}`);
    expect(textOf(unlinked)).toContain(texts.account.unlinked);
    expect(textOf(unlinked)).toContain(texts.account.linkTitle);
    expect(textOf(await visitor.get(path(locale, '/account')))).toContain(texts.overview.notLinked);
  });

  test('an unknown member, a malformed id, a member of another account and the programme down each get their message', async () => {
    const [spareId, sparePin] = MEMBERS[locale].spare;
    const owner = await newSignedInVisitor(site, path(locale, '/account/loyalty'));
    await owner.landing(await link(owner, locale, spareId, sparePin));

    const visitor = await newSignedInVisitor(site, path(locale, '/account/loyalty'));
    const unknown = await link(visitor, locale, '9000004444', '1234');
    expect([unknown.status, textOf(unknown).includes(texts.errors.memberNotFound)]).toEqual([422, true]);
    const malformed = await link(visitor, locale, '90000a4444', '12b4');
    expect(malformed.status).toBe(422);
    expect(textOf(malformed)).toContain(texts.errors.memberIdFormat);
    expect(textOf(malformed)).toContain(texts.errors.pinFormat);
    // SPEC 5: a field of an exact length says which.
    const exactLength: string = JSON.parse(readFileSync(fromRoot('locales', locale, 'validation.json'), 'utf8')).exactLength;
    const tooShort = await link(visitor, locale, '90000', '12345');
    expect(textOf(tooShort)).toContain(exactLength.replace('{{length}}', '10'));
    expect(textOf(tooShort)).toContain(exactLength.replace('{{length}}', '4'));
    const taken = await link(visitor, locale, spareId, sparePin);
    expect([taken.status, textOf(taken).includes(texts.errors.alreadyLinked)]).toEqual([409, true]);
    const down = await link(visitor, locale, '9000000099', '0000');
    expect([down.status, textOf(down).includes(texts.errors.unavailable)]).toEqual([503, true]);
    // Nothing was linked by any of them.
    expect(textOf(await visitor.get(path(locale, '/account/loyalty')))).toContain(texts.account.linkTitle);
    await owner.submit(path(locale, '/account/loyalty?unlink=confirm'), { intent: 'loyalty-unlink' });
  });

  test('PIN attempts are limited: after five wrong ones the form says to wait', async () => {
    const visitor = await newSignedInVisitor(site, path(locale, '/account/loyalty'));
    // Unknown members count like wrong PINs (guessing ids is guessing too) and lock no real member.
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await link(visitor, locale, `900000500${attempt}`, '1111')).status).toBe(422);
    const limited = await link(visitor, locale, '9000000008', '8888');
    expect(limited.status).toBe(429);
    expect(textOf(limited)).toContain(texts.errors.tooManyRequests);
  });
});

describe.each(['en', 'ar'] as const)('claiming points for past orders at /loyalty/redeem in %s', (locale) => {
  const texts = LOYALTY[locale];
  const redeem = path(locale, '/loyalty/redeem');
  /** The page's own sign-in link: to the login and back. */
  const signInHere = `${path(locale, '/account/login')}?returnTo=${encodeURIComponent(redeem)}`;
  const GA = { ticketId: 'tkt_nabd_ga', quantity: 1, price: 59_550 };
  const paidOrder = (customerId: string, email: string, eventId?: string) =>
    insertOrder(site.database.db, {
      customerId,
      email,
      lines: [eventId ? { ...GA, ticketId: 'tkt_forum_2027_ga' } : GA],
      ...(eventId ? { eventId } : {}),
    }).then((order) => order.orderId);

  test('a signed-out visitor reads what the page is for and is offered sign-in, which comes back here', async () => {
    const page = await new Browser(site.fetch).get(`${TEST_ORIGIN}${redeem}`);
    expect(page.status).toBe(200);
    expect(textOf(page)).toContain(texts.redeem.signInTitle);
    expect(page.html).toContain(`href="${signInHere.replaceAll('&', '&amp;')}"`);
    const visitor = await newSignedInVisitor(site, signInHere);
    expect(visitor.page.url).toBe(`${TEST_ORIGIN}${redeem}`);
  });

  test('a visitor without a linked points account is asked to link one first', async () => {
    const visitor = await newSignedInVisitor(site, signInHere);
    expect(textOf(visitor.page)).toContain(texts.redeem.linkFirstTitle);
    expect(visitor.page.html).toContain(`href="${path(locale, '/account/loyalty')}"`);
  });

  test('two past orders are ticked and claimed; claimed again, the page says they were; a closed period is said', async () => {
    const [memberId, pin] = MEMBERS[locale].claimer;
    const visitor = await newSignedInVisitor(site, path(locale, '/account/loyalty'));
    await visitor.landing(await link(visitor, locale, memberId, pin));
    const orders = [await paidOrder(visitor.userId, visitor.email), await paidOrder(visitor.userId, visitor.email)];
    await paidOrder(visitor.userId, visitor.email, 'evt_forum_2027');

    const listed = await visitor.get(redeem);
    expect(listed.status).toBe(200);
    for (const orderId of orders) expect(listed.html).toContain(`name="order-${orderId}"`);
    expect(textOf(listed)).toContain(texts.redeem.closedOn.split('{{event}}')[0]);

    const form = Object.fromEntries(orders.map((orderId) => [`order-${orderId}`, 'on']));
    const claimed = await visitor.landing(await visitor.submit(redeem, { intent: 'claim', ...form }));
    expect(textOf(claimed)).toContain(texts.redeem.claimed);
    for (const orderId of orders) expect(claimed.html).not.toContain(`name="order-${orderId}"`);
    expect(textOf(claimed)).toContain(texts.redeem.stateCLAIMED);

    // The same form again (a second tab): nothing is claimed twice.
    const again = await visitor.submit(redeem, { intent: 'claim', ...form });
    expect(again.status).toBe(409);
    expect(textOf(again)).toContain(texts.errors.alreadyClaimed);
    const nothingTicked = await visitor.submit(redeem, { intent: 'claim' });
    expect([nothingTicked.status, textOf(nothingTicked).includes(texts.errors.chooseOrders)]).toEqual([422, true]);
    await visitor.submit(path(locale, '/account/loyalty?unlink=confirm'), { intent: 'loyalty-unlink' });
  });

  test('a guest order is claimed by its id when it was bought with the account’s e-mail, and only then', async () => {
    const [memberId, pin] = MEMBERS[locale].spare;
    const visitor = await newSignedInVisitor(site, path(locale, '/account/loyalty'));
    await visitor.landing(await link(visitor, locale, memberId, pin));
    const mine = await paidOrder(`guest_${crypto.randomUUID()}`, visitor.email);
    const someoneElses = await paidOrder(`guest_${crypto.randomUUID()}`, 'someone-else@example.com');
    await visitor.get(redeem);

    const mismatch = await visitor.submit(redeem, { intent: 'claim-guest', orderId: someoneElses });
    expect([mismatch.status, textOf(mismatch).includes(texts.errors.emailMismatch)]).toEqual([422, true]);
    const malformed = await visitor.submit(redeem, { intent: 'claim-guest', orderId: '12345' });
    expect([malformed.status, textOf(malformed).includes(texts.errors.orderIdFormat)]).toEqual([422, true]);
    const unknown = await visitor.submit(redeem, { intent: 'claim-guest', orderId: 'NBD-ZZZZZZZZ' });
    expect([unknown.status, textOf(unknown).includes(texts.errors.orderNotFound)]).toEqual([422, true]);

    const claimed = await visitor.landing(await visitor.submit(redeem, { intent: 'claim-guest', orderId: mine.toLowerCase() }));
    expect(textOf(claimed)).toContain(texts.redeem.claimed);
    expect(textOf(claimed)).toContain(mine);
    await visitor.submit(path(locale, '/account/loyalty?unlink=confirm'), { intent: 'loyalty-unlink' });
  });
});

describe.each(['en', 'ar'] as const)('spending points in the cart and at checkout in %s', (locale) => {
  const texts = LOYALTY[locale];
  const tickets = path(locale, '/events/nabd-festival-2026/tickets');
  const cart = `${tickets}/cart`;
  const checkout = `${tickets}/checkout`;
  const format = createFormatter(locale);
  const money = (amount: string) => format.money(amount);

  /** A signed-in visitor with a member linked and `items` in the cart, on the cart page. */
  async function shopper(member: readonly [string, string], item: Record<string, string>) {
    const visitor = await newSignedInVisitor(site, path(locale, '/account/loyalty'));
    await visitor.landing(await link(visitor, locale, member[0], member[1]));
    await visitor.get(tickets);
    expect((await visitor.submit(tickets, { intent: 'add', quantity: '1', ...item })).status).toBe(303);
    await visitor.get(cart);
    return visitor;
  }

  test('a guest is told an account earns points, with a link to sign up; an unlinked visitor, to link', async () => {
    const guest = new Browser(site.fetch);
    await guest.post(`${TEST_ORIGIN}${tickets}`, { intent: 'add', ticketId: 'tkt_nabd_ga', quantity: '1' });
    const guestCart = await guest.get(`${TEST_ORIGIN}${cart}`);
    expect(textOf(guestCart)).toContain(texts.cart.guestText);
    expect(guestCart.html).toContain(`href="${path(locale, '/account/register')}"`);
    const login = await guest.get(`${TEST_ORIGIN}${tickets}/login`);
    expect(textOf(login)).toContain(texts.cart.guestEarn);

    const visitor = await newSignedInVisitor(site, path(locale, '/account'));
    await visitor.get(tickets);
    await visitor.submit(tickets, { intent: 'add', ticketId: 'tkt_nabd_ga', quantity: '1' });
    const unlinked = await visitor.get(cart);
    expect(textOf(unlinked)).toContain(texts.cart.linkText);
    expect(unlinked.html).toContain(`href="${path(locale, '/account/loyalty')}"`);
  });

  test('150 points with the PIN take 7.50 SAR off: the new total, then removed again; a wrong PIN or a step off 50 change nothing', async () => {
    const visitor = await shopper(MEMBERS[locale].spare, { ticketId: 'tkt_nabd_ga' });
    const shown = textOf(visitor.page);
    expect(shown).toContain(texts.cart.title);
    expect(visitor.page.html).toContain('name="memberPin"');

    const wrongPin = await visitor.submit(cart, { intent: 'points-apply', points: '150', memberPin: '0000' });
    expect([wrongPin.status, textOf(wrongPin).includes(texts.errors.pinIncorrect)]).toEqual([422, true]);
    const offStep = await visitor.submit(cart, { intent: 'points-apply', points: '120', memberPin: MEMBERS[locale].spare[1] });
    expect([offStep.status, textOf(offStep).includes(texts.errors.pointsStep)]).toEqual([422, true]);
    expect(textOf(offStep)).toContain(money('595.00'));

    const applied = await visitor.landing(
      await visitor.submit(cart, { intent: 'points-apply', points: '150', memberPin: MEMBERS[locale].spare[1] }),
    );
    const after = textOf(applied);
    expect(after).toContain(texts.cart.applied);
    expect(after).toContain(texts.cart.summaryLine.replace('{{points}}', '150'));
    expect(after).toContain(`−${money('7.50')}`);
    expect(after).toContain(money('587.50'));

    // The checkout shows the points and charges the rest by card.
    const steps = await answerSteps(visitor);
    expect(textOf(steps)).toContain(texts.checkout.pointsLine.replace('{{points}}', '150'));
    expect(steps.html).toContain('value="CREDIT_CARD"');

    // SPEC 8: the balance fell meanwhile (spent elsewhere): "Burn points failed", and why; nothing is charged.
    const spare = MEMBERS[locale].spare[0];
    await site.database.db.execute(sql`update loyalty_sandbox.members set balance = 100 where member_id = ${spare}`);
    const burnFailed = await visitor.submit(checkout, { intent: 'checkout-finalize', paymentMethod: 'CREDIT_CARD', acceptTerms: 'on' });
    expect([burnFailed.status, textOf(burnFailed).includes(texts.errors.insufficientPoints)]).toEqual([422, true]);
    await site.database.db.execute(sql`update loyalty_sandbox.members set balance = 2000 where member_id = ${spare}`);

    await visitor.get(cart);
    const removed = await visitor.landing(await visitor.submit(cart, { intent: 'points-remove' }));
    expect(textOf(removed)).toContain(texts.cart.removed);
    expect(textOf(removed)).not.toContain(texts.cart.summaryLine.replace('{{points}}', '150'));
    await visitor.submit(path(locale, '/account/loyalty?unlink=confirm'), { intent: 'loyalty-unlink' });
  });

  test('points that cover the whole total: no card to choose, the order is paid at once and its tickets are there', async () => {
    const [memberId, pin] = locale === 'en' ? (['9000000001', '1234'] as const) : (['9000000005', '5555'] as const);
    // The Arabic run's member gets the points a day pass needs (the sandbox's own state, set for the test).
    await site.database.db.execute(sql`update loyalty_sandbox.members set balance = greatest(balance, 5000) where member_id = ${memberId}`);
    const visitor = await shopper([memberId, pin], { ticketId: 'tkt_nabd_day_pass', timeslotId: 'slot_nabd_day1' });
    const applied = await visitor.landing(await visitor.submit(cart, { intent: 'points-apply', points: '5000', memberPin: pin }));
    expect(textOf(applied)).toContain(texts.cart.coversAll);

    const finalize = await answerSteps(visitor);
    expect(textOf(finalize)).toContain(texts.checkout.paidWithPoints);
    expect(finalize.html).not.toContain('value="CREDIT_CARD"');
    const placed = await visitor.submit(checkout, { intent: 'checkout-finalize', paymentMethod: 'LOYALTY_POINTS', acceptTerms: 'on' });
    expect(placed.status).toBe(303);
    expect(placed.location).toMatch(/\/tickets\/confirmation\?order=NBD-/);
    const confirmation = await visitor.landing(placed);
    expect(textOf(confirmation)).toContain(LOYALTY[locale].confirmation.spent.split('{{points}}')[0]);
    expect(confirmation.html).toContain('ticket-downloads__link');
    await visitor.submit(path(locale, '/account/loyalty?unlink=confirm'), { intent: 'loyalty-unlink' });
  });

  test('a member’s card purchase earns points, said on the confirmation with SPEC 9.2’s 24 hours', async () => {
    const [memberId, pin] = MEMBERS[locale].claimer;
    const visitor = await shopper([memberId, pin], { ticketId: 'tkt_nabd_ga' });
    await answerSteps(visitor);
    const placed = await visitor.submit(checkout, { intent: 'checkout-finalize', paymentMethod: 'CREDIT_CARD', acceptTerms: 'on' });
    expect(placed.location).toMatch(/\/sandbox\/payments\/pay_/);
    const paid = await visitor.browser.post(new URL(placed.location!, TEST_ORIGIN), {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });
    const confirmation = await visitor.landing(paid);
    const earned = texts.confirmation.earned.replace('{{points}}', locale === 'en' ? '595 points' : '595 نقطة');
    expect({ earned: textOf(confirmation).includes(earned) }).toEqual({ earned: true });
    await visitor.submit(path(locale, '/account/loyalty?unlink=confirm'), { intent: 'loyalty-unlink' });
  });

  /** The signed-in checkout's steps up to the last one, which it answers with. */
  async function answerSteps(visitor: SignedInVisitor) {
    await visitor.get(checkout);
    const email = visitor.email;
    expect((await visitor.submit(checkout, { intent: 'checkout-email', email, confirmEmail: email })).status).toBe(303);
    expect(
      (await visitor.submit(checkout, { intent: 'checkout-details', firstName: 'Noura', lastName: 'Saleh', phoneNumber: '+966501234567' }))
        .status,
    ).toBe(303);
    expect(
      (await visitor.submit(checkout, { intent: 'checkout-billing', address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' }))
        .status,
    ).toBe(303);
    return visitor.get(checkout);
  }
});
