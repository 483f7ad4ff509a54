import request from 'supertest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';
import { databaseBackends } from './support/backends.ts';
import { decoded } from './support/html.ts';

/**
 * The ticket shop up to the cart (SPEC 2.1, 2.4, 4.3, 5, 8, 9.2) without JavaScript, against the
 * real commerce service and its demo catalogue (Nabd Festival 2026 at the test clock, 2026-11-21):
 * every rule and failure message in both languages, CSRF and the htmx fragments of the cart.
 */

const EVENT = '/events/nabd-festival-2026';
const TICKETS = `${EVENT}/tickets`;
const CART = `${EVENT}/tickets/cart`;

/** A browser with its own cookies (session, flash) that posts from the site itself. */
function visitor(site: TestSite) {
  const agent = request.agent(site.app);
  return {
    get: (path: string, headers: Record<string, string> = {}) => agent.get(path).set(headers),
    post: (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
      agent.post(path).set('Sec-Fetch-Site', 'same-origin').set(headers).type('form').send(body),
    /** Posts, expects the redirect and follows it. */
    async postAndFollow(path: string, body: Record<string, string>) {
      const response = await agent.post(path).set('Sec-Fetch-Site', 'same-origin').type('form').send(body);
      expect({ status: response.status, text: response.status === 303 ? '' : decoded(response.text).slice(0, 300) }).toEqual({
        status: 303,
        text: '',
      });
      return agent.get(response.headers.location!);
    },
  };
}

const add = (ticketId: string, quantity: number | string, extra: Record<string, string> = {}) => ({
  intent: 'add',
  ticketId,
  quantity: String(quantity),
  ...extra,
});

/** The text of a page as a reader sees it, tags out. */
/** What a reader sees: no tags, and no script's contents (an island's props travel in a JSON script). */
const text = (html: string) =>
  decoded(
    html
      .replaceAll('<!-- -->', '')
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  ).replace(/\s+/g, ' ');

/** The cart island's props in a cart page: lines, totals, checkout. */
function islandProps(html: string) {
  const match = /<script type="application\/json" data-island-props="cart">(.*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe.each(databaseBackends)('the ticket shop on $name', (backend) => {
  let site: TestSite;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await backend.create({ startedSite: true });
    drop = database.drop;
    site = await startTestSite({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await site.close();
    await drop();
  });

  const setSold = (ticketId: string, sold: number) =>
    site.database.db.execute(sql`update commerce.tickets set sold = ${sold} where id = ${ticketId}`);

  test('answers 404 for events whose tickets are not sold here: disabled, unlisted, unknown', async () => {
    for (const slug of ['balad-beats-2026', 'partners-preview-night-2026', 'no-such-event']) {
      for (const path of ['/tickets', '/tickets/cart', '/tickets/login']) {
        expect({ path: `${slug}${path}`, status: (await request(site.app).get(`/events/${slug}${path}`)).status }).toEqual({
          path: `${slug}${path}`,
          status: 404,
        });
      }
    }
    expect((await request(site.app).get('/ar/events/partners-preview-night-2026/tickets')).status).toBe(404);
  });

  test('lists the categories in editorial order with promo labels, perks, waves, prices and the instalment hint', async () => {
    const response = await request(site.app).get(TICKETS);
    expect(response.status).toBe(200);
    const page = text(response.text);
    // Editorial order: general admission (with its day passes), VIP, groups.
    const order = ['General admission', 'Day passes', 'VIP – 3 days', 'Groups and boxes'].map((name) => page.indexOf(name));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page).toContain('Best value');
    expect(page).toContain('Limited');
    // Perks: highlighted ones marked, hidden-on-detail ones absent.
    expect(response.text).toMatch(/perk perk--highlighted"><span class="perk__name">All stages, all three days/);
    expect(page).toContain('Re-entry each day');
    expect(page).not.toContain('Festival app access');
    expect(page).not.toContain('Reserved drop-off');
    // Wave states (SPEC 4.3).
    expect(page).toMatch(/Early bird – 3 days Sale ended/);
    expect(page).toMatch(/Friends presale – 3 days Sold out/);
    expect(page).toMatch(/Last call – 3 days On sale from 1 Dec 2026/);
    expect(page).toMatch(/General admission – 3 days Available now/);
    expect(page).toContain('Only a few left');
    // The day pass: discounted, its original price struck through, a time slot to choose.
    expect(response.text).toMatch(/<del class="price price--original">.*SAR.*295\.00<\/del>/);
    expect(page).toContain('SAR 249.00');
    expect(response.text).toContain('name="timeslotId"');
    // SPEC 9.2: 595.00 / 4 = 148.75 exactly; VIP is not offered in instalments.
    expect(page).toContain('or four interest-free monthly payments of SAR 148.75');
    expect(page).toContain('or four interest-free monthly payments of SAR 62.25');
    expect(page).not.toContain('payments of SAR 473.75');
    expect(page).toContain('Parking – 3 days +SAR 75.00');
    // Callback-form offers show the request form, not a buy button.
    expect(page).toContain('Request this offer');
    expect(response.text.match(/name="intent" value="request"/g)).toHaveLength(2);
    // The tickets page ships no React.
    expect(response.text).not.toMatch(/data-island=|islands\/cart/);
    // The page a search for the event's tickets should find; the steps after it are not.
    expect(response.headers['x-robots-tag']).toBeUndefined();
    expect(response.text).not.toMatch(/noindex/);
    expect(response.text).toMatch(/<meta name="description" content="[^"]+"/);
  });

  test('is Arabic under /ar', async () => {
    const response = await request(site.app).get(`/ar${TICKETS}`);
    expect(response.status).toBe(200);
    const page = text(response.text);
    expect(page).toContain('الدخول العام');
    expect(page).toContain('متاحة الآن');
    expect(page).toContain('انتهى البيع');
    expect(page).toContain('نفدت الكمية');
    expect(page).toContain('أضف إلى السلة');
    expect(page).toContain('أو أربع دفعات شهرية بدون فوائد بقيمة');
    expect(page).toContain('اطلب هذا العرض');
  });

  test('adds tickets: the cart is created, then added to; same ticket again adds to its line', async () => {
    const fan = visitor(site);
    const cart = await fan.postAndFollow(TICKETS, add('tkt_nabd_ga', 2));
    expect(cart.status).toBe(200);
    expect(cart.request.url).toContain(CART);
    let props = islandProps(cart.text);
    expect(props.lines).toEqual([expect.objectContaining({ name: 'General admission – 3 days', quantity: 2, discountedPrice: 59500 })]);
    expect(props.totals.total).toBe(119000);
    expect(text(cart.text)).toContain('Added to your cart.');
    // A visitor's own cart is no page for search engines.
    expect(cart.text).toMatch(/<meta name="robots" content="noindex/);

    await fan.postAndFollow(TICKETS, add('tkt_nabd_ga', 1));
    props = islandProps((await fan.get(CART)).text);
    expect(props.lines).toHaveLength(1);
    expect(props.lines[0].quantity).toBe(3);

    const withSlot = await fan.postAndFollow(TICKETS, add('tkt_nabd_day_pass', 1, { timeslotId: 'slot_nabd_day2' }));
    props = islandProps(withSlot.text);
    expect(props.lines).toHaveLength(2);
    expect(props.lines[1]).toEqual(expect.objectContaining({ originalPrice: 29500, discountedPrice: 24900 }));
    expect(props.lines[1].timeslot).toContain('11 December 2026');
    // Totals: subtotal of original prices, the product discount, VAT included.
    expect(props.totals).toEqual({
      subtotal: 3 * 59500 + 29500,
      discount: 4600,
      // No loyalty points on a guest's cart (decision 0039).
      loyalty: 0,
      loyaltyPoints: 0,
      total: 3 * 59500 + 24900,
      totalExcludingVat: 176870,
      vat: 203400 - 176870,
    });
    const page = text(withSlot.text);
    expect(page).toContain('Total excluding VAT SAR 1,768.70');
    expect(page).toContain('VAT (15%) SAR 265.30');
    expect(page).toContain('Total SAR 2,034.00');
    // The frame's cart link says what is in it.
    expect(page).toContain('4 tickets · SAR 2,034.00');
  });

  test('refuses a quantity above the ticket maximum or the cart limit of 34, and changes nothing', async () => {
    const fan = visitor(site);
    const tooMany = await fan.post(TICKETS, add('tkt_nabd_vip', 5));
    expect(tooMany.status).toBe(422);
    expect(text(tooMany.text)).toContain('You can buy at most 4 of this ticket per order.');
    const arabic = await fan.post(`/ar${TICKETS}`, add('tkt_nabd_vip', 5));
    expect(arabic.status).toBe(422);
    expect(text(arabic.text)).toContain('يمكنك شراء 4 تذاكر كحد أقصى من هذا النوع في الطلب الواحد.');
    expect(islandProps((await fan.get(CART)).text)).toBeNull();

    // The ticket's maximum counts all its lines: ten day passes whatever the days.
    await fan.postAndFollow(TICKETS, add('tkt_nabd_day_pass', 6, { timeslotId: 'slot_nabd_day1' }));
    const otherDay = await fan.post(TICKETS, add('tkt_nabd_day_pass', 5, { timeslotId: 'slot_nabd_day2' }));
    expect(otherDay.status).toBe(422);
    expect(text(otherDay.text)).toContain('You can buy at most 10 of this ticket per order.');

    // SPEC 5: 34 tickets in a cart at most, once a ticket allows more than that per order.
    await site.database.db.execute(sql`update commerce.tickets set max_per_order = 34 where id = 'tkt_nabd_ga'`);
    try {
      const direct = await fan.post(TICKETS, add('tkt_nabd_ga', 35));
      expect(direct.status).toBe(422);
      expect(text(direct.text)).toContain('A cart can hold at most 34 tickets.');
      await fan.postAndFollow(TICKETS, add('tkt_nabd_ga', 26));
      const beyond = await fan.post(TICKETS, add('tkt_nabd_ga', 3));
      expect(beyond.status).toBe(422);
      expect(text(beyond.text)).toContain('A cart can hold at most 34 tickets.');
      expect(text((await fan.post(`/ar${TICKETS}`, add('tkt_nabd_ga', 3))).text)).toContain('لا تتسع السلة لأكثر من 34 تذكرة.');
      const lines = islandProps((await fan.get(CART)).text).lines;
      expect(lines.map((line: { quantity: number }) => line.quantity)).toEqual([6, 26]);
      // The stepper is held to the same limit.
      const ga = lines[1];
      expect(ga.maxQuantity).toBe(34);
      const stepped = await fan.post(CART, { intent: 'quantity', itemId: ga.id, quantity: '29' });
      expect(stepped.status).toBe(422);
      expect(text(stepped.text)).toContain('A cart can hold at most 34 tickets.');
      await fan.postAndFollow(CART, { intent: 'quantity', itemId: ga.id, quantity: '28' });
    } finally {
      await site.database.db.execute(sql`update commerce.tickets set max_per_order = 10 where id = 'tkt_nabd_ga'`);
    }

    const zero = await fan.post(TICKETS, add('tkt_nabd_ga', 0));
    expect(zero.status).toBe(422);
    expect(text(zero.text)).toContain('Enter a quantity of at least 1.');
    const noSlot = await fan.post(TICKETS, add('tkt_nabd_day_pass', 1));
    expect(noSlot.status).toBe(422);
    expect(text(noSlot.text)).toContain('Choose a time slot.');
  });

  test('refuses tickets not on sale, sold out, or beyond the stock (SPEC 4.3, 8)', async () => {
    const fan = visitor(site);
    const comingSoon = await fan.post(TICKETS, add('tkt_nabd_last_call', 1));
    expect(comingSoon.status).toBe(422);
    expect(text(comingSoon.text)).toContain('This ticket is not on sale right now.');
    const ended = await fan.post(`/ar${TICKETS}`, add('tkt_nabd_ga_early', 1));
    expect(ended.status).toBe(422);
    expect(text(ended.text)).toContain('هذه التذكرة غير متاحة للبيع حاليًا.');
    const soldOut = await fan.post(TICKETS, add('tkt_nabd_friends', 1));
    expect(soldOut.status).toBe(422);
    expect(text(soldOut.text)).toContain('Sorry, this ticket is out of stock.');

    // Two places left of the backstage tour: three is more than is left.
    await setSold('tkt_nabd_vip_backstage', 28);
    try {
      const insufficient = await fan.post(TICKETS, add('tkt_nabd_vip_backstage', 3));
      expect(insufficient.status).toBe(422);
      expect(text(insufficient.text)).toContain('There are not enough tickets left for this quantity.');
      const arabic = await fan.post(`/ar${TICKETS}`, add('tkt_nabd_vip_backstage', 3));
      expect(text(arabic.text)).toContain('لا تتوفر تذاكر كافية لهذه الكمية.');
    } finally {
      await setSold('tkt_nabd_vip_backstage', 27);
    }
    expect(islandProps((await fan.get(CART)).text)).toBeNull();
  });

  test('"Added to your cart." shows once: on the cart the add leads to, in the cart\'s own status, then never again', async () => {
    const fan = visitor(site);
    const added = await fan.postAndFollow(TICKETS, add('tkt_nabd_ga', 1));
    expect(islandProps(added.text).message).toEqual({ kind: 'success', text: 'Added to your cart.' });
    expect(text(added.text).split('Added to your cart.')).toHaveLength(2);
    const again = await fan.get(CART);
    expect(islandProps(again.text).message).toBeNull();
    expect(text(again.text)).not.toContain('Added to your cart.');

    // The next change answers with its own outcome, with and without htmx.
    await fan.postAndFollow(TICKETS, add('tkt_nabd_ga', 1));
    const htmx = { 'HX-Request': 'true', 'HX-Target': 'cart' };
    const coupon = await fan.post(CART, { intent: 'coupon-apply', code: 'WELCOME10' }, htmx);
    expect(coupon.status).toBe(303);
    const swapped = await fan.get(coupon.headers.location!, htmx);
    expect(islandProps(swapped.text).couponMessage).toEqual({ kind: 'success', text: 'Coupon applied.' });
    expect(islandProps(swapped.text).message).toBeNull();
    expect(text(swapped.text)).not.toContain('Added to your cart.');
    const arabic = await fan.postAndFollow(`/ar${TICKETS}`, add('tkt_nabd_ga', 1));
    expect(islandProps(arabic.text).message).toEqual({ kind: 'success', text: 'أُضيفت إلى سلتك.' });
    expect(text((await fan.postAndFollow(`/ar${CART}`, { intent: 'coupon-remove', code: 'WELCOME10' })).text)).not.toContain(
      'أُضيفت إلى سلتك.',
    );
  });

  test('coupons: applied and removed, and each refusal in both languages (SPEC 8)', async () => {
    const fan = visitor(site);
    await fan.postAndFollow(TICKETS, add('tkt_nabd_ga', 2));
    const applied = await fan.postAndFollow(CART, { intent: 'coupon-apply', code: ' welcome10 ' });
    expect(text(applied.text)).toContain('Coupon applied.');
    let props = islandProps(applied.text);
    // 10% of 1190.00.
    expect(props.totals.total).toBe(107100);
    expect(props.coupon).toEqual({ type: 'PERCENTAGE', discount: 11900, base: 119000 });

    const twice = await fan.post(CART, { intent: 'coupon-apply', code: 'WELCOME10' });
    expect(twice.status).toBe(422);

    const removed = await fan.postAndFollow(CART, { intent: 'coupon-remove', code: 'WELCOME10' });
    expect(text(removed.text)).toContain('Coupon removed.');
    props = islandProps(removed.text);
    expect(props.totals.total).toBe(119000);

    const refusals: [string, string, string][] = [
      ['EXPIRED2025', 'This coupon has expired.', 'انتهت صلاحية هذه القسيمة.'],
      ['FORUMONLY', 'This coupon cannot be used for this cart.', 'لا يمكن استخدام هذه القسيمة لهذه السلة.'],
      ['NOSUCHCODE', 'This coupon code does not exist.', 'رمز القسيمة هذا غير موجود.'],
      ['', 'Enter a coupon code.', 'أدخل رمز القسيمة.'],
    ];
    for (const [code, english, arabic] of refusals) {
      const response = await fan.post(CART, { intent: 'coupon-apply', code });
      expect({ code, status: response.status }).toEqual({ code, status: 422 });
      expect(text(response.text)).toContain(english);
      expect(text((await fan.post(`/ar${CART}`, { intent: 'coupon-apply', code })).text)).toContain(arabic);
    }
    expect(islandProps((await fan.get(CART)).text).totals.total).toBe(119000);
  });

  test('quantity stepper, extras and removal; the empty cart links back to the tickets', async () => {
    const fan = visitor(site);
    await fan.postAndFollow(TICKETS, add('tkt_nabd_ga', 1));
    let props = islandProps((await fan.get(CART)).text);
    const line = props.lines[0];
    expect(line.extras.map((extra: { catalogueItemId: string }) => extra.catalogueItemId)).toContain('extra_nabd_parking');

    props = islandProps((await fan.postAndFollow(CART, { intent: 'quantity', itemId: line.id, quantity: '3' })).text);
    expect(props.lines[0].quantity).toBe(3);
    const above = await fan.post(CART, { intent: 'quantity', itemId: line.id, quantity: '11' });
    expect(above.status).toBe(422);
    expect(text(above.text)).toContain('You can buy at most 10 of this ticket per order.');

    props = islandProps((await fan.postAndFollow(CART, { intent: 'extras', itemId: line.id, 'extra-extra_nabd_parking': '2' })).text);
    expect(props.lines[0].subItems).toEqual([expect.objectContaining({ catalogueItemId: 'extra_nabd_parking', quantity: 2 })]);
    expect(props.totals.total).toBe(3 * 59500 + 2 * 7500);

    const empty = await fan.postAndFollow(CART, { intent: 'remove', itemId: line.id });
    expect(islandProps(empty.text)).toBeNull();
    const page = text(empty.text);
    expect(page).toContain('Removed from your cart.');
    expect(page).toContain('Your cart is empty.');
    expect(empty.text).toContain(`href="${TICKETS}"`);
    expect(text((await request(site.app).get(`/ar${CART}`)).text)).toContain('سلتك فارغة.');
  });

  test('an out-of-stock line blocks checkout until it is removed (SPEC 4.3)', async () => {
    const fan = visitor(site);
    await fan.postAndFollow(TICKETS, add('tkt_nabd_ga', 1));
    await fan.postAndFollow(TICKETS, add('tkt_nabd_vip_backstage', 2));
    let cart = await fan.get(CART);
    expect(islandProps(cart.text).canCheckout).toBe(true);
    // Guests go to the ticket login step first.
    expect(cart.text).toContain(`href="${EVENT}/tickets/login"`);

    await setSold('tkt_nabd_vip_backstage', 30);
    try {
      cart = await fan.get(CART);
      const props = islandProps(cart.text);
      expect(props.lines.map((line: { state: string }) => line.state)).toEqual(['AVAILABLE', 'OUT_OF_STOCK']);
      expect(props.canCheckout).toBe(false);
      expect(text(cart.text)).toContain('Out of stock: remove to continue');
      expect(cart.text).not.toContain(`href="${EVENT}/tickets/login"`);
      expect(text((await fan.get(`/ar${CART}`)).text)).toContain('نفدت الكمية: أزلها للمتابعة');

      const outOfStock = props.lines[1];
      cart = await fan.postAndFollow(CART, { intent: 'remove', itemId: outOfStock.id });
      expect(islandProps(cart.text).canCheckout).toBe(true);
      expect(cart.text).toContain(`href="${EVENT}/tickets/login"`);
    } finally {
      await setSold('tkt_nabd_vip_backstage', 27);
    }
  });

  test('htmx asks for the cart alone: a GET fragment, and a coupon refusal answered with the cart inside the page', async () => {
    const fan = visitor(site);
    await fan.postAndFollow(TICKETS, add('tkt_nabd_ga', 2));
    const htmx = { 'HX-Request': 'true', 'HX-Target': 'cart' };
    const fragment = await fan.get(CART, htmx);
    expect(fragment.status).toBe(200);
    expect(fragment.text.startsWith('<div id="cart"')).toBe(true);
    expect(fragment.text).not.toContain('<html');
    expect(fragment.headers.vary).toMatch(/HX-Request/);

    const refused = await fan.post(CART, { intent: 'coupon-apply', code: 'EXPIRED2025' }, htmx);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('id="cart"');
    expect(text(refused.text)).toContain('This coupon has expired.');
    const accepted = await fan.post(CART, { intent: 'coupon-apply', code: 'NABD50' }, htmx);
    // The same redirect as without JavaScript: the browser follows it with the htmx headers.
    expect({ status: accepted.status, alert: /role="alert">([^<]*)/.exec(accepted.text)?.[1] }).toEqual({ status: 303, alert: undefined });
    const after = await fan.get(accepted.headers.location!, htmx);
    expect(after.text.startsWith('<div id="cart"')).toBe(true);
    expect(text(after.text)).toContain('Coupon applied.');
    // NABD50: 50.00 off a cart of at least 1000.00.
    expect(islandProps(after.text).totals.total).toBe(119000 - 5000);
  });

  test('refuses forms posted from another site (CSRF) and changes nothing', async () => {
    const forged = await request(site.app).post(TICKETS).set('Sec-Fetch-Site', 'cross-site').type('form').send(add('tkt_nabd_ga', 1));
    expect(forged.status).toBe(403);
    const foreignOrigin = await request(site.app)
      .post(CART)
      .set('Origin', 'https://forger.example')
      .type('form')
      .send({ intent: 'coupon-apply', code: 'WELCOME10' });
    expect(foreignOrigin.status).toBe(403);
  });

  test('the ticket request form: messages in both languages, nothing sent while invalid', async () => {
    const fan = visitor(site);
    const invalid = await fan.post(TICKETS, {
      intent: 'request',
      ticketId: 'tkt_nabd_group',
      email: 'nope',
      phoneNumber: '0501234567',
      groupSize: '0',
    });
    expect(invalid.status).toBe(422);
    const page = text(invalid.text);
    expect(page).toContain('This field is required.');
    expect(page).toContain('Enter a valid email address.');
    expect(page).toContain('Enter a valid phone number in international format');
    expect(page).toContain('Choose at least one day.');
    expect(page).toContain('Enter a group size between 1 and 500.');
    // The form of that offer comes back open with what was typed.
    expect(invalid.text).toMatch(/<details class="ticket-request__details" open="">/);
    expect(invalid.text).toContain('value="nope"');
    const arabic = await fan.post(`/ar${TICKETS}`, { intent: 'request', ticketId: 'tkt_nabd_premium_box' });
    expect(arabic.status).toBe(422);
    expect(text(arabic.text)).toContain('هذا الحقل مطلوب.');
    const requests = () =>
      queryRows<{ offering: string; form: Record<string, unknown> }>(
        site.database.db,
        sql`select offering, form from commerce.application_requests`,
      );
    expect(await requests()).toEqual([]);

    const sent = await fan.post(`/ar${TICKETS}`, {
      intent: 'request',
      ticketId: 'tkt_nabd_premium_box',
      firstName: 'Hadeel',
      lastName: 'Saleh',
      email: 'hadeel@example.com',
      phoneNumber: '+966 50 123 4567',
      contactOption: 'whatsapp',
      'day-2026-12-11': 'on',
      'day-2026-12-12': 'on',
      groupSize: '8',
      groupType: 'corporate',
      isPremiumBoxCustomer: 'on',
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`/ar${TICKETS}?requested=tkt_nabd_premium_box#ticket-tkt_nabd_premium_box`);
    const thanks = await fan.get(sent.headers.location!);
    expect(text(thanks.text)).toContain('شكرًا لك. استلمنا طلبك');
    const rows = await requests();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.offering).toBe('PREMIUM_BOX');
    expect(rows[0]!.form).toEqual(
      expect.objectContaining({
        days: ['2026-12-11', '2026-12-12'],
        groupSize: 8,
        groupType: 'corporate',
        isPremiumBoxCustomer: true,
        contactOption: 'whatsapp',
      }),
    );
    // A buyable ticket has no request form.
    expect((await fan.post(TICKETS, { intent: 'request', ticketId: 'tkt_nabd_ga' })).status).toBe(422);
  });

  test('the ticket login step: guests choose, the choice is kept for checkout', async () => {
    const fan = visitor(site);
    const page = await fan.get(`${EVENT}/tickets/login`);
    expect(page.status).toBe(200);
    expect(text(page.text)).toContain('Continue as a guest');
    expect(text(page.text)).toContain('earn loyalty points');
    expect(text((await fan.get(`/ar${EVENT}/tickets/login`)).text)).toContain('المتابعة كضيف');
    const guest = await fan.post(`${EVENT}/tickets/login`, { intent: 'guest' });
    expect(guest.status).toBe(303);
    expect(guest.headers.location).toBe(`${EVENT}/tickets/checkout`);
    const signIn = await fan.post(`/ar${EVENT}/tickets/login`, { intent: 'sign-in' });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.location).toMatch(/\/oidc\//);
  });
});
