import request from 'supertest';
import { createAccount } from '#test/support/accounts.ts';
import { Browser, fieldValue, formAction } from './support/browser.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/*
 * What an outside security test sent, each reproduction answered as it must be now: a 4xx in the
 * visitor's language, nothing stored, never a 500. (The fuzz suite in test/fuzz sends the same
 * kinds of input to every form and operation; these are its named cases.)
 */

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const post = (path: string, body: string, contentType = 'application/x-www-form-urlencoded') =>
  request(site.app).post(path).set('content-type', contentType).set('sec-fetch-site', 'same-origin').send(body);
const text = (html: string) => decoded(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

test('a signed-in visitor sent on after sign-up is never sent off the site, whatever the address hides', async () => {
  const email = `redirect-${Date.now()}@nabd.example`;
  await createAccount(site.database.db, { email, password: 'Festival-2026!', givenName: 'Lina', familyName: 'Haddad' });
  const browser = new Browser(site.fetch);
  const loginPage = await browser.follow(await browser.get(`${TEST_ORIGIN}/account`), TEST_ORIGIN);
  const action = new URL(formAction(loginPage.html, '/login')!, loginPage.url);
  await browser.follow(
    await browser.post(action, { _csrf: fieldValue(loginPage.html, '_csrf')!, email, password: 'Festival-2026!' }),
    TEST_ORIGIN,
  );
  for (const next of ['/%09/evil.example', '/%0A/evil.example', '/%0D/evil.example', '//evil.example', '/%5Cevil.example']) {
    const done = await browser.get(`${TEST_ORIGIN}/account/register?step=done&next=${next}`);
    expect(done.status).toBe(200);
    const refresh = /<meta http-equiv="refresh" content="5;url=([^"]+)"/.exec(done.html)![1]!;
    expect(new URL(decoded(refresh)).origin).toBe(TEST_ORIGIN);
  }
});

test.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
  'a form intent named %s is a 400 page, not a crash',
  async (intent) => {
    const answer = await post('/', `intent=${intent}`);
    expect(answer.status).toBe(400);
    expect(text(answer.text)).toContain("We couldn't process that");
    expect((await post('/ar', `intent=${intent}`)).text).toContain('تعذّرت معالجة الطلب');
  },
);

test('what the body parsers refuse has its own status and message: too many fields 413, an unknown charset 415', async () => {
  const manyFields = Array.from({ length: 250 }, (_, index) => `f${index}=x`).join('&');
  const tooMany = await post('/events/nabd-festival-2026/tickets', `intent=add&${manyFields}`);
  expect(tooMany.status).toBe(413);
  expect(text(tooMany.text)).toContain('That was too much to send');
  const arabic = await post('/ar/events/nabd-festival-2026/tickets', `intent=add&${manyFields}`);
  expect(arabic.status).toBe(413);
  expect(arabic.text).toContain('حجم المُرسَل أكبر من المسموح');
  const charset = await post('/', 'intent=newsletter-subscribe&email=a%40b.example', 'application/x-www-form-urlencoded; charset=x-evil');
  expect(charset.status).toBe(415);
  expect(text(charset.text)).toContain("We couldn't read that");
  const tooLarge = await post('/', `intent=newsletter-subscribe&email=${'a'.repeat(70_000)}`);
  expect(tooLarge.status).toBe(413);
});

test('the payment sandbox refuses too many fields with 413, not a crash', async () => {
  const many = Array.from({ length: 30 }, (_, index) => `f${index}=x`).join('&');
  expect((await request(site.app).post('/sandbox/payments/pay_unknown').type('form').send(many)).status).toBe(413);
});

describe('NUL and unpaired surrogates are refused where they enter (400), never stored', () => {
  test('in forms and addresses of the site', async () => {
    const answer = await post('/events/nabd-festival-2026/tickets', 'intent=request&ticketId=tkt_nabd_group&firstName=a%00b');
    expect(answer.status).toBe(400);
    expect(text(answer.text)).toContain("We couldn't process that");
    // Half a surrogate pair cannot be UTF-8: a form sending its bytes arrives as replacement characters, a name refused as such.
    const halfPair = await post('/events/nabd-festival-2026/tickets', 'intent=request&ticketId=tkt_nabd_group&firstName=%ED%A0%80');
    expect(halfPair.status).toBe(422);
    expect((await request(site.app).get('/events/a%00b')).status).toBe(400);
    expect((await request(site.app).get('/search?q=a%00b')).status).toBe(400);
    expect((await request(site.app).get('/ar/search?q=a%00b')).text).toContain('تعذّرت معالجة الطلب');
  });

  test('at the identity service: authorization requests, tokens and its API', async () => {
    const auth = await request(site.app).get('/oidc/auth?client_id=website&response_type=code&scope=openid&state=a%00b');
    expect(auth.status).toBe(400);
    expect((await request(site.app).get('/oidc/auth?client_id=a%00b&response_type=code&scope=openid')).status).toBe(400);
    const token = await request(site.app).post('/oidc/token').type('form').send('grant_type=authorization_code&code=%00&client_id=website');
    expect(token.status).toBeGreaterThanOrEqual(400);
    expect(token.status).toBeLessThan(500);
    const api = await request(site.app)
      .post('/oidc/api/forgot-password')
      .set('content-type', 'application/json')
      .send('{"email":"a\\u0000b@nabd.example"}');
    expect(api.status).toBeGreaterThanOrEqual(400);
    expect(api.status).toBeLessThan(500);
  });

  test('in GraphQL variables and in strings written into the query', async () => {
    const variables = await request(site.app)
      .post('/graphql/commerce')
      .send({ query: 'query ($id: ID!) { eventCategories(eventId: $id) { id } }', variables: { id: 'a\u0000b' } });
    expect(variables.status).toBe(400);
    expect(variables.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    const literal = await request(site.app).post('/graphql/commerce').send({ query: '{ eventCategories(eventId: "a\\u0000b") { id } }' });
    expect(literal.status).toBe(400);
    expect(JSON.stringify(literal.body)).not.toContain('INTERNAL_SERVER_ERROR');
    const surrogate = await request(site.app)
      .post('/graphql/content')
      .set('authorization', 'Bearer dev-content-token')
      .send({ query: 'query ($slug: String!) { playlist(slug: $slug, locale: "en") { id } }', variables: { slug: '\ud800' } });
    expect(surrogate.status).toBe(400);
  });
});

test('a field sent twice is refused with a 400 page', async () => {
  const answer = await post('/events/nabd-festival-2026/tickets/cart', 'intent=coupon-apply&code=a&code=b');
  expect(answer.status).toBe(400);
});

test('the user and commerce services refuse a query that fans out into many lookups', async () => {
  const aliases = Array.from({ length: 1500 }, (_, index) => `e${index}: eventCategories(eventId: "nabd-festival-2026") { id }`).join(' ');
  const answer = await request(site.app)
    .post('/graphql/commerce')
    .send({ query: `{ ${aliases} }` });
  expect(answer.status).toBe(400);
  expect(answer.text.length).toBeLessThan(2000);
});
