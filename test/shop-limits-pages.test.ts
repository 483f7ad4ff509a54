import request from 'supertest';
import { RATE_LIMITS } from '#platform/rate-limits.ts';
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

const TOO_MANY = {
  en: "Too many codes that don't work were tried. Wait a few minutes before trying another: your cart is unchanged.",
  ar: 'جُرّبت رموز كثيرة غير صالحة. انتظر بضع دقائق قبل تجربة رمز آخر: سلتك كما هي.',
};

const text = (html: string) => decoded(html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

function islandProps(html: string) {
  const match = /data-island="cart" data-props="([^"]*)"/.exec(html);
  return match ? JSON.parse(decoded(match[1]!)) : null;
}

describe.each(sessionBackends)('the shop limits on the cart page, $name', ({ redisUrl }) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ REDIS_URL: redisUrl });
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
});
