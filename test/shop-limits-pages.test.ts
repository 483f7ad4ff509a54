import request from 'supertest';
import { createLogger } from '#platform/logger.ts';
import { createRateLimits, RATE_LIMITS } from '#platform/rate-limits.ts';
import { sessionBackends } from './support/backends.ts';
import { decoded } from './support/html.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';

/**
 * What a visitor meets at a shop limit (decision 0043), without JavaScript and with htmx: the cart
 * page again with 429 and a message in their language saying to wait, and the cart unchanged. On the
 * embedded defaults and on Redis (sessions and limits).
 */

const CART = '/events/nabd-festival-2026/tickets/cart';
const TICKETS = '/events/nabd-festival-2026/tickets';

const TOO_MANY_CHANGES = {
  en: 'Your cart has changed many times in a short while. Wait a few minutes, then try again: nothing was changed.',
  ar: 'تغيّرت سلتك مرات كثيرة في وقت قصير. انتظر بضع دقائق ثم حاول مرة أخرى: لم يتغيّر شيء.',
};

const TOO_MANY = {
  en: "Too many codes that don't work were tried. Wait a few minutes before trying another: your cart is unchanged.",
  ar: 'جُرّبت رموز كثيرة غير صالحة. انتظر بضع دقائق قبل تجربة رمز آخر: سلتك كما هي.',
};

const text = (html: string) => decoded(html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

function islandProps(html: string) {
  const match = /<script type="application\/json" data-island-props="cart">(.*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe.each(sessionBackends)('the shop limits on the cart page, $name', ({ redisUrl }) => {
  let site: TestSite;
  const prefix = `test-${crypto.randomUUID()}`;
  beforeAll(async () => {
    // Behind one proxy: the visitor's address is the last one in X-Forwarded-For.
    site = await startTestSite({ REDIS_URL: redisUrl, TRUST_PROXY: '1', RATE_LIMIT_PREFIX: prefix });
  });
  afterAll(() => site.close());

  test('past the wrong coupon codes: 429 and the reason in English and Arabic, with and without JavaScript, the cart unchanged', async () => {
    const agent = request.agent(site.app);
    const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
      agent.post(path).set('Sec-Fetch-Site', 'same-origin').set(headers).type('form').send(body);
    const added = await post(TICKETS, { intent: 'add', ticketId: 'tkt_nabd_ga', quantity: '2' });
    expect(added.status).toBe(303);
    const before = islandProps((await agent.get(CART)).text);
    expect(before.totals.total).toBe(119000);

    for (let n = 0; n < RATE_LIMITS.couponFailuresPerCustomer.points; n++) {
      expect((await post(CART, { intent: 'coupon-apply', code: `GUESS${n}` })).status).toBe(422);
    }

    // Without JavaScript: the cart page again, 429, the reason.
    const english = await post(CART, { intent: 'coupon-apply', code: 'GUESS99' });
    expect(english.status).toBe(429);
    expect(text(english.text)).toContain(TOO_MANY.en);
    // In Arabic, even with a code that exists: no more tries for now.
    const arabic = await post(`/ar${CART}`, { intent: 'coupon-apply', code: 'WELCOME10' });
    expect(arabic.status).toBe(429);
    expect(text(arabic.text)).toContain(TOO_MANY.ar);
    // With htmx: answered as a 422 refusal is, swapped in place (the page's htmx settings swap a 429).
    const htmx = await post(CART, { intent: 'coupon-apply', code: 'WELCOME10' }, { 'HX-Request': 'true', 'HX-Target': 'cart' });
    expect(htmx.status).toBe(429);
    expect(htmx.text).toContain('id="cart"');
    expect(text(htmx.text)).toContain(TOO_MANY.en);
    expect(decoded(english.text)).toMatch(/"code":"429","swap":true/);

    // Nothing changed: no coupon, the same total.
    const after = islandProps((await agent.get(CART)).text);
    expect(after.coupon).toBeNull();
    expect(after.totals).toEqual(before.totals);
  });

  // The address's count is in Redis, where the test can use it up without a thousand page views.
  (redisUrl ? test : test.skip)(
    'an address past its cart changes: adding tickets answers 429 in both languages, and nothing is added',
    async () => {
      const venue = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
      const counts = await createRateLimits({ redisUrl, prefix, logger: createLogger({ level: 'silent' }) });
      try {
        for (let n = 0; n < RATE_LIMITS.cartChangesPerAddress.points; n++)
          await counts.consume('cartChangesPerAddress', `address:${venue}`);
      } finally {
        await counts.close();
      }
      const agent = request.agent(site.app);
      const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
        agent.post(path).set('Sec-Fetch-Site', 'same-origin').set('X-Forwarded-For', venue).set(headers).type('form').send(body);
      const add = { intent: 'add', ticketId: 'tkt_nabd_ga', quantity: '1' };

      const english = await post(TICKETS, add);
      expect(english.status).toBe(429);
      expect(text(english.text)).toContain(TOO_MANY_CHANGES.en);
      const arabic = await post(`/ar${TICKETS}`, add);
      expect(arabic.status).toBe(429);
      expect(text(arabic.text)).toContain(TOO_MANY_CHANGES.ar);
      // Nothing was added: the cart is empty.
      expect(islandProps((await agent.get(CART).set('X-Forwarded-For', venue)).text)).toBeNull();

      // From another address the same visitor goes on.
      expect(
        (await agent.post(TICKETS).set('Sec-Fetch-Site', 'same-origin').set('X-Forwarded-For', '192.0.2.10').type('form').send(add)).status,
      ).toBe(303);
    },
  );
});
