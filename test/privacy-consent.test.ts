import request from 'supertest';
import { Browser } from './support/browser.ts';
import { decoded } from './support/html.ts';
import { newSignedInVisitor } from './support/signed-in-visitor.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';
import { ACCEPTED_PRIVACY, REFUSED_PRIVACY } from './support/privacy.ts';

const BANNER = 'class="privacy-banner"';

/** The banner's answer as a browser without JavaScript sends it from `page`. */
const answer = (browser: Browser, choice: string, returnTo: string, extra: Record<string, string> = {}) =>
  browser.post(`${TEST_ORIGIN}/privacy-choices`, { intent: 'privacy-consent', choice, returnTo, ...extra });

const cookieLine = (response: { headers: Headers }, name: string) =>
  response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));

/** Analytics are sent in batches every second. */
const afterABatch = () => new Promise((resolve) => setTimeout(resolve, 1200));

const pageViewsOf = async (site: TestSite, pageName: string) =>
  (await site.analytics!.received('page_viewed')).filter((event) => event.properties.page_name === pageName);

describe('privacy consent (decision 0051)', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(async () => {
    await site.close();
  });

  test('a first visit shows the banner in either language, accept and refuse alike, and a way to choose', async () => {
    for (const [path, texts] of [
      ['/events', ['Your privacy', 'Accept all', 'Reject all', 'Choose what to allow']],
      ['/ar/events', ['خصوصيتك', 'قبول الكل', 'رفض الكل', 'اختر ما تسمح به']],
    ] as const) {
      const page = await request(site.app).get(path);
      expect(page.status).toBe(200);
      const html = decoded(page.text);
      for (const text of texts) expect(html).toContain(text);
      // The two answers are the same control in the same style: neither is the easier one.
      const answers = [...page.text.matchAll(/<button type="submit" value="(accept-all|reject-all)" class="([^"]+)" name="choice">/g)];
      expect(answers.map((match) => match[1])).toEqual(['accept-all', 'reject-all']);
      expect(new Set(answers.map((match) => match[2])).size).toBe(1);
      expect(page.text).toContain(`name="returnTo" value="${path}"`);
      // The footer's way back to the choice: one address on every page.
      expect(page.text).toMatch(
        new RegExp(
          `<ul class="site-footer__legal-links" data-track-links="navigation_item_clicked".*?<a href="${path.startsWith('/ar') ? '/ar' : ''}/privacy-choices">`,
        ),
      );
    }
  });

  test('accepting without JavaScript returns to the same page (PRG), remembers the choice six months and keeps a partner’s code', async () => {
    const browser = new Browser(site.fetch, { privacy: 'unanswered' });
    const sent = await answer(browser, 'accept-all', '/ar/events?aff=PARTNER1');
    expect(sent.status).toBe(303);
    expect(sent.location).toBe('/ar/events?aff=PARTNER1');
    const consent = cookieLine(sent, 'consent')!;
    expect(consent).toMatch(/^consent=v1\.analytics1\.marketing1;/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(consent)![1]);
    expect(maxAge).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(maxAge).toBeLessThanOrEqual(366 * 24 * 3600);
    expect(consent).not.toMatch(/HttpOnly/i);

    const back = await browser.get(`${TEST_ORIGIN}${sent.location}`);
    expect(back.status).toBe(200);
    expect(back.html).not.toContain(BANNER);
    expect(decoded(back.html)).toContain('حُفظت اختيارات الخصوصية.');
    // The partner's link came before the answer; the same address after it keeps the code (SPEC 7.4).
    expect(browser.cookie('affiliate')).toBe('PARTNER1');
  });

  test('refusing stores nothing for marketing, drops a code kept before, and records no analytics', async () => {
    const browser = new Browser(site.fetch, { privacy: 'unanswered' });
    browser.setCookie('affiliate', 'OLDPARTNER');
    const sent = await answer(browser, 'reject-all', '/events/calendar?aff=PARTNER2');
    expect(sent.status).toBe(303);
    expect(cookieLine(sent, 'consent')).toMatch(/^consent=v1\.analytics0\.marketing0;/);
    // No credit without marketing consent: the code kept earlier is removed at once, no new one is set.
    expect(cookieLine(sent, 'affiliate')).toMatch(/^affiliate=;/);
    const back = await browser.get(`${TEST_ORIGIN}${sent.location}`);
    expect(back.html).not.toContain(BANNER);
    expect(browser.cookie('affiliate')).toBeUndefined();

    const events = await request(site.app)
      .post('/api/analytics')
      .set('Cookie', REFUSED_PRIVACY)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({
        name: 'language_switched',
        properties: { old_language_code: 'en', new_language_code: 'ar' },
        page: { page_type: 'calendar', module_name: 'events' },
        pageName: '/events/calendar',
        language: 'en',
      });
    expect(events.status).toBe(204);
    await afterABatch();
    expect(await pageViewsOf(site, '/events/calendar')).toEqual([]);
    expect(
      (await site.analytics!.received('language_switched')).filter((event) => event.properties.page_name === '/events/calendar'),
    ).toEqual([]);
  });

  test('page views are recorded with consent only: not before the answer, not after a refusal', async () => {
    await request(site.app).get('/about');
    await request(site.app).get('/about').set('Cookie', REFUSED_PRIVACY);
    await afterABatch();
    expect(await pageViewsOf(site, '/about')).toEqual([]);
    await request(site.app).get('/about').set('Cookie', ACCEPTED_PRIVACY);
    await afterABatch();
    expect(await pageViewsOf(site, '/about')).toHaveLength(1);
  });

  test('the page cache keeps the banner for those who have not answered, and only for them', async () => {
    for (let visit = 0; visit < 2; visit += 1) {
      expect((await request(site.app).get('/events?month=2026-12')).text).toContain(BANNER);
      const answered = await request(site.app)
        .get('/events?month=2026-12')
        .set('Cookie', `locale=en; ${visit ? REFUSED_PRIVACY : ACCEPTED_PRIVACY}`);
      expect(answered.text).not.toContain(BANNER);
      expect(answered.headers['cache-control']).toMatch(/^public/);
    }
    // A choice given for an earlier notice is asked again.
    const earlier = await request(site.app).get('/events?month=2026-12').set('Cookie', 'consent=v0.analytics1.marketing1');
    expect(earlier.text).toContain(BANNER);
  });

  test('the choices page: nothing ticked for the visitor, one purpose at a time, and the visitor’s own page', async () => {
    const browser = new Browser(site.fetch, { privacy: 'unanswered' });
    const choices = await browser.get(`${TEST_ORIGIN}/ar/privacy-choices?returnTo=%2Far%2Fevents`);
    expect(choices.status).toBe(200);
    expect(choices.headers.get('cache-control')).toBe('private, no-cache');
    expect(choices.html).not.toContain(BANNER);
    expect(choices.html).not.toMatch(/type="checkbox"[^>]*checked/);
    expect(decoded(choices.html)).toContain('السماح بالتحليلات');

    const sent = await answer(browser, 'save', '/ar/events', { analytics: 'on' });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe('/ar/events');
    expect(cookieLine(sent, 'consent')).toMatch(/^consent=v1\.analytics1\.marketing0;/);
    // Reached by the footer's or the banner's link, it returns where the visitor came from, and only on this site.
    const fromPage = await request(site.app).get('/ar/privacy-choices').set('Referer', `${TEST_ORIGIN}/ar/events?month=2026-12`);
    expect(fromPage.text).toContain('name="returnTo" value="/ar/events?month=2026-12"');
    const fromElsewhere = await request(site.app).get('/privacy-choices').set('Referer', 'https://evil.example/ar/events');
    expect(fromElsewhere.text).toContain('name="returnTo" value="/privacy-choices"');
    const again = await browser.get(`${TEST_ORIGIN}/privacy-choices`);
    expect(again.html).toContain('<input type="checkbox" name="analytics" checked="" value="on"/>');
    expect(again.html).toContain('<input type="checkbox" name="marketing" value="on"/>');
  });

  test('a choice our forms never send is refused with a localized message, 400, and nothing stored', async () => {
    const browser = new Browser(site.fetch, { privacy: 'unanswered' });
    for (const [locale, text] of [
      ['', 'That choice could not be read.'],
      ['/ar', 'تعذّرت قراءة هذا الاختيار.'],
    ] as const) {
      const sent = await browser.post(`${TEST_ORIGIN}${locale}/privacy-choices`, { intent: 'privacy-consent', choice: 'maybe' });
      expect(sent.status).toBe(400);
      expect(decoded(sent.html)).toContain(text);
      expect(cookieLine(sent, 'consent')).toBeUndefined();
    }
    // A return address off the site leads to the choices page instead.
    const offSite = await answer(browser, 'accept-all', '//evil.example/x');
    expect(offSite.status).toBe(303);
    expect(offSite.location).toBe('/privacy-choices');
  });

  test('a form from another site is refused, and so is a signed-in visitor’s answer without its token', async () => {
    const stranger = new Browser(site.fetch, { privacy: 'unanswered' });
    const crossSite = await stranger.post(
      `${TEST_ORIGIN}/privacy-choices`,
      { intent: 'privacy-consent', choice: 'accept-all' },
      { from: 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(cookieLine(crossSite, 'consent')).toBeUndefined();

    const visitor = await newSignedInVisitor(site, '/account');
    const withoutToken = await visitor.browser.post(`${TEST_ORIGIN}/privacy-choices`, { intent: 'privacy-consent', choice: 'accept-all' });
    expect(withoutToken.status).toBe(403);
    await visitor.get('/privacy-choices');
    const withToken = await visitor.submit('/privacy-choices', { intent: 'privacy-consent', choice: 'reject-all', returnTo: '/account' });
    expect(withToken.status).toBe(303);
    expect(withToken.location).toBe('/account');
  });
});
