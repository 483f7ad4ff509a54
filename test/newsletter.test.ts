import request from 'supertest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';
import { databaseBackends } from './support/backends.ts';
import { decoded } from './support/html.ts';
import { ACCEPTED_PRIVACY } from './support/privacy.ts';

/**
 * A browser that opened `path` and posts its newsletter form from it, saying where it comes from as
 * browsers do (`Sec-Fetch-Site`). Anonymous pages are shared by every visitor: no form token in them.
 */
async function visitor(site: TestSite, path: string) {
  const page = await request(site.app).get(path).set('Cookie', ACCEPTED_PRIVACY);
  // Having accepted the privacy banner, so the subscription is tracked (decision 0051).
  const cookies = [
    ACCEPTED_PRIVACY,
    ...((page.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map((line) => line.split(';')[0]!),
  ].join('; ');
  return {
    page,
    cookies,
    subscribe: (email: string, options: { htmx?: boolean; from?: 'same-origin' | 'cross-site' | 'same-site' } = {}) => {
      const post = request(site.app)
        .post(path)
        .set('Cookie', cookies)
        .set('Sec-Fetch-Site', options.from ?? 'same-origin');
      if (options.htmx) post.set('HX-Request', 'true');
      return post.type('form').send({ intent: 'newsletter-subscribe', email });
    },
  };
}

const subscriptions = (site: TestSite) =>
  queryRows<{ email: string; locale: string }>(
    site.database.db,
    sql`select email, locale from users.newsletter_subscriptions order by email`,
  );

describe.each(databaseBackends)('the footer newsletter form without JavaScript, on $name', (backend) => {
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

  test('an invalid address shows the SPEC 5 message with what was typed, status 422, and stores nothing', async () => {
    const response = await (await visitor(site, '/events')).subscribe('not-an-email');
    expect(response.status).toBe(422);
    expect(response.text).toContain('Enter a valid email address.');
    expect(response.text).toContain('value="not-an-email"');
    expect(response.text).toContain('aria-invalid="true"');
    // The whole page again, not just the form.
    expect(response.text).toContain('<main id="main"');
    expect(await subscriptions(site)).toEqual([]);
  });

  test('in Arabic the message is Arabic', async () => {
    const response = await (await visitor(site, '/ar/events')).subscribe('');
    expect(response.status).toBe(422);
    expect(response.text).toContain('هذا الحقل مطلوب.');
    expect(await subscriptions(site)).toEqual([]);
  });

  test('a valid address is stored once and the page confirms after a redirect (POST-redirect-GET)', async () => {
    const fan = await visitor(site, '/ar');
    const post = () => fan.subscribe('  Fan@Example.COM ');
    const response = await post();
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/ar');
    const flash = (response.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('nabd.flash='))!.split(';')[0]!;
    const confirmation = await request(site.app).get('/ar').set('Cookie', `${fan.cookies}; ${flash}`);
    expect(confirmation.text).toContain('تم تسجيلك. تابع بريدك لمعرفة الجديد.');
    expect((await post()).status).toBe(303);
    expect(await subscriptions(site)).toEqual([{ email: 'fan@example.com', locale: 'ar' }]);
    // SPEC 9.4: each subscription is tracked, with the newsletter's name and never the address.
    await new Promise((resolve) => setTimeout(resolve, 1200)); // analytics are sent in batches every second
    const tracked = (await site.analytics!.received('pixel_subscribed')).filter((event) => event.properties.page_name === '/ar');
    expect(tracked).toHaveLength(2);
    expect(tracked[0]!.properties).toMatchObject({
      newsletter_name: 'general',
      language: 'ar',
      module_name: 'newsletter',
      page_type: 'home',
    });
    expect(JSON.stringify(tracked)).not.toMatch(/fan@example\.com/i);
  });

  test('an anonymous page carries no form token; a POST from another site is refused with 403 and stores nothing', async () => {
    const forger = await visitor(site, '/');
    expect(forger.page.text).not.toContain('name="_csrf"');
    const crossSite = await forger.subscribe('forged@example.com', { from: 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.text).toContain('This form has expired');
    expect((await forger.subscribe('forged@example.com', { from: 'same-site' })).status).toBe(403);
    // Browsers without Fetch Metadata still send Origin with a form POST.
    const foreignOrigin = await request(site.app)
      .post('/')
      .set('Origin', 'https://forger.example')
      .type('form')
      .send({ intent: 'newsletter-subscribe', email: 'forged@example.com' });
    expect(foreignOrigin.status).toBe(403);
    expect((await subscriptions(site)).map((row) => row.email)).not.toContain('forged@example.com');
  });
});

describe('the newsletter form with htmx', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(() => site.close());

  test('the same route answers an htmx submission with just the form', async () => {
    const fan = await visitor(site, '/events');
    const invalid = await fan.subscribe('nope', { htmx: true });
    expect(invalid.status).toBe(422);
    expect(invalid.text.startsWith('<form id="newsletter"')).toBe(true);
    expect(invalid.text).not.toContain('<html');
    expect(invalid.text).toContain('Enter a valid email address.');

    const valid = await fan.subscribe('fan@example.com', { htmx: true });
    expect(valid.status).toBe(200);
    expect(valid.text).toContain('role="status"');
    expect(decoded(valid.text)).toContain("You're on the list.");
  });
});

describe('when the user service fails', () => {
  let site: TestSite;
  beforeAll(async () => {
    // Nothing listens on port 9: the user service is unreachable.
    site = await startTestSite({ SERVICES: 'web,content,identity', USER_API_URL: 'http://127.0.0.1:9/graphql/user' });
  });
  afterAll(() => site.close());

  test('the form keeps the address and shows the SPEC 8 failure message, status 503', async () => {
    const response = await (await visitor(site, '/')).subscribe('fan@example.com');
    expect(response.status).toBe(503);
    expect(decoded(response.text)).toContain("We couldn't subscribe you right now.");
    expect(response.text).toContain('value="fan@example.com"');
  });
});
