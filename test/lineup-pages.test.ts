import request from 'supertest';
import { DEMO_USER } from '#identity/service.ts';
import { Browser, fieldValue, formAction, type Page } from './support/browser.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';
import { publishedContent } from './support/content-records.ts';
import { ACCEPTED_PRIVACY } from './support/privacy.ts';

/**
 * The line-up area: overview, artists, stages, a day's schedule, search, performance pages and
 * "my schedule", in both languages, with the line-up settings of SPEC 3.2. Expectations come from
 * the content files, not from today's wording.
 */

type Locale = 'en' | 'ar';
type Fields = Record<string, any>;
type ContentRecord = Awaited<ReturnType<typeof publishedContent<Fields>>>[number];

let site: TestSite;
let published: ContentRecord[];
beforeAll(async () => {
  site = await startTestSite();
  published = await publishedContent();
});
afterAll(() => site.close());

const FESTIVAL = 'nabd-festival-2026';
const HIDES_TIMING = 'nabd-nights-jeddah-2027';
const HIDES_STAGES = 'dunes-sessions-2027';

const get = (path: string) => request(site.app).get(path);
const localized = (locale: Locale, path: string) => (locale === 'ar' ? `/ar${path}` : path);
const record = (id: string, locale: Locale = 'en') => published.find((entry) => entry.id === id && entry.locale === locale)!;
const fields = (id: string, locale: Locale = 'en'): Fields => record(id, locale).fields;
const performancesOf = (event: string, locale: Locale = 'en') =>
  published.filter((entry) => entry.type === 'performance' && entry.locale === locale && entry.fields.event?.ref === `event-${event}`);
const performer = (id: string, locale: Locale = 'en') => record(id, locale);
/** Riyadh is UTC+3 all year; sets before 06:00 belong to the night before. */
const festivalDay = (instant: string) => new Date(Date.parse(instant) + 3 * 3600_000 - 6 * 3600_000).toISOString().slice(0, 10);

/** The entries a listing shows (not hidden), by element id. */
const shownEntries = (html: string) =>
  [...html.matchAll(/<li id="([^"]+)" class="lineup-(?:card|row)[^"]*" data-lineup-entry=""( hidden="")?/g)]
    .filter((match) => !match[2])
    .map((match) => match[1]!);
const allEntries = (html: string) =>
  [...html.matchAll(/<li id="([^"]+)" class="lineup-(?:card|row)[^"]*" data-lineup-entry=""/g)].map((match) => match[1]!);
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);

describe('every line-up page answers in both languages', () => {
  const paths = [
    `/events/${FESTIVAL}/lineup`,
    `/events/${FESTIVAL}/lineup/artists`,
    `/events/${FESTIVAL}/lineup/stages`,
    `/events/${FESTIVAL}/lineup/stages/2026-12-11`,
    `/events/${FESTIVAL}/lineup/search`,
    `/events/${FESTIVAL}/lineup/barq`,
    `/events/${FESTIVAL}/lineup/my-schedule`,
    `/events/${HIDES_TIMING}/lineup`,
    `/events/${HIDES_STAGES}/lineup/artists`,
    '/events/nabd-festival-2025/lineup',
  ];
  test.each(paths.flatMap((path) => (['en', 'ar'] as const).map((locale) => [localized(locale, path), locale] as const)))(
    '%s',
    async (path, locale) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.text).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
      const event = path.split('/events/')[1]!.split('/')[0]!;
      const lineupTitle = fields(`lineup-${event}`, locale).title as string;
      // The title names the line-up; the event's own navigation is there.
      expect(decoded(response.text)).toMatch(new RegExp(`<title>[^<]*${lineupTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      expect(response.text).toContain('class="event-nav"');
    },
  );

  test('the overview is titled from the line-up and described for search engines', async () => {
    const { text } = await get(`/events/${FESTIVAL}/lineup`);
    const suffix = fields('global-config').siteTitleSuffix;
    expect(decoded(text)).toContain(`<title>${fields(`lineup-${FESTIVAL}`).title} | ${suffix}</title>`);
    expect(decoded(text)).toContain(`<meta name="description" content="${fields(`lineup-${FESTIVAL}`).seo.description}"/>`);
  });

  test.each([
    '/events/no-such-event/lineup',
    '/events/no-such-event/lineup/artists',
    '/events/no-such-event/lineup/no-such-set',
    '/events/no-such-event/lineup/my-schedule',
    '/events/no-such-event/lineup/my-schedule.ics',
    // An event without a line-up.
    '/events/balad-beats-2026/lineup',
    `/events/${FESTIVAL}/lineup/no-such-set`,
    `/events/${FESTIVAL}/lineup/no-such-set/calendar.ics`,
    // A performance belongs to its own event's line-up only.
    `/events/${HIDES_STAGES}/lineup/barq`,
    `/events/${FESTIVAL}/lineup/stages/2026-12-13`,
    `/events/${FESTIVAL}/lineup/stages/tuesday`,
    `/ar/events/${FESTIVAL}/lineup/no-such-set`,
    `/ar/events/${FESTIVAL}/lineup/stages/2027-01-01`,
  ])('%s is not found', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.text).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('the line-up listings', () => {
  test('the artists page lists every performer of every performance, A–Z, each linking to the performance', async () => {
    const { text } = await get(`/events/${FESTIVAL}/lineup/artists`);
    const performances = performancesOf(FESTIVAL);
    const expected = performances.flatMap((performance) =>
      (performance.fields.performers as { ref: string }[]).map((reference) => `${performance.slug}--${performer(reference.ref).slug}`),
    );
    expect(allEntries(text).sort()).toEqual(expected.sort());
    expect(shownEntries(text)).toHaveLength(expected.length);
    expect(text).toContain(`href="/events/${FESTIVAL}/lineup/barq"`);
    // Clicking an artist is tracked with the artist's name (SPEC 9.4): the list says once that its
    // links send catch_artist_clicked, their text the name and their address the link_url.
    expect(text).toMatch(
      /<div id="lineup-results" [^>]*data-track-links="catch_artist_clicked" data-track-shared="link_url=href artist_name=text" data-track-event="nabd-festival-2026"/,
    );
    // The artists page shows Barq's picture and headliner badge, so the link says the name itself.
    expect(decoded(text)).toContain(
      `href="/events/${FESTIVAL}/lineup/barq" data-track-artist_name="${performer('performer-barq').fields.name}"`,
    );
    const overview = await get(`/events/${FESTIVAL}/lineup`);
    expect(decoded(overview.text)).toContain(
      `href="/events/${FESTIVAL}/lineup/barq"><span class="lineup-card__name">${performer('performer-barq').fields.name}</span>`,
    );
  });

  test('the poster bills the headliners first, in the line-up’s order', async () => {
    const { text } = await get(`/events/${FESTIVAL}/lineup`);
    const tier = /<ul class="lineup-poster__tier lineup-poster__tier--headliner">(.*?)<\/ul>/.exec(text)![1]!;
    const names = [...tier.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((match) => decoded(match[1]!));
    const order = (fields(`lineup-${FESTIVAL}`).headlinerOrder as { ref: string }[]).map(
      (reference) => performer(reference.ref).fields.name,
    );
    expect(names.slice(0, order.length)).toEqual(order);
  });

  test('the programme lists each stage’s performances in start order; a day lists only that day', async () => {
    const stages = await get(`/events/${FESTIVAL}/lineup/stages`);
    expect(allEntries(stages.text)).toHaveLength(performancesOf(FESTIVAL).length);
    for (const stage of published.filter(
      (entry) => entry.type === 'stage' && entry.locale === 'en' && entry.fields.event?.ref === `event-${FESTIVAL}`,
    )) {
      expect(decoded(stages.text)).toContain(`>${stage.fields.title}</h3>`);
    }
    for (const date of ['2026-12-10', '2026-12-11', '2026-12-12'])
      expect(stages.text).toContain(`href="/events/${FESTIVAL}/lineup/stages/${date}"`);
    const day = await get(`/events/${FESTIVAL}/lineup/stages/2026-12-11`);
    const onDay = performancesOf(FESTIVAL).filter((performance) => festivalDay(performance.fields.startDatetime) === '2026-12-11');
    expect(allEntries(day.text).sort()).toEqual(onDay.map((performance) => performance.slug!).sort());
    expect(day.text).toContain(`href="/events/${FESTIVAL}/lineup/stages/2026-12-10"`);
    expect(day.text).toMatch(/href="\/events\/nabd-festival-2026\/lineup\/stages\/2026-12-11" aria-current="page"/);
  });

  test('times are shown in Riyadh time', async () => {
    const { text } = await get(`/events/${FESTIVAL}/lineup/stages/2026-12-12`);
    const barq = fields('performance-nabd-festival-2026-barq');
    const riyadh = new Date(Date.parse(barq.startDatetime) + 3 * 3600_000).toISOString().slice(11, 16);
    expect(text).toContain(`<time dateTime="${barq.startDatetime}">${riyadh}</time>`);
  });
});

describe('filters through the query string (JavaScript off)', () => {
  test('a letter shows only the artists filed under it; the rest stay in the page, hidden', async () => {
    const { text } = await get(`/events/${FESTIVAL}/lineup/artists?letter=B`);
    const shown = shownEntries(text);
    expect(shown.length).toBeGreaterThan(0);
    for (const key of shown) expect(key.split('--')[1]).toMatch(/^b/);
    expect(allEntries(text).length).toBeGreaterThan(shown.length);
    expect(text).toMatch(/<input type="radio" name="letter" checked="" value="b"\/>/);
  });

  test('# shows the names that start with no letter a–z', async () => {
    const { text } = await get(`/events/${FESTIVAL}/lineup/artists?letter=%23`);
    const expected = performancesOf(FESTIVAL).flatMap((performance) =>
      (performance.fields.performers as { ref: string }[])
        .map((reference) => performer(reference.ref).slug!)
        .filter((slug) => !/^[a-z]/.test(slug))
        .map((slug) => `${performance.slug}--${slug}`),
    );
    expect(shownEntries(text).sort()).toEqual(expected.sort());
  });

  test('day, stage and style combine', async () => {
    const stage = 'stage-nabd-festival-2026-pulse';
    const { text } = await get(`/events/${FESTIVAL}/lineup?day=2026-12-10&stage=${stage}`);
    const expected = performancesOf(FESTIVAL).filter(
      (performance) => festivalDay(performance.fields.startDatetime) === '2026-12-10' && performance.fields.stage.ref === stage,
    );
    expect(new Set(shownEntries(text).map((key) => key.split('--')[0]))).toEqual(new Set(expected.map((performance) => performance.slug)));
    const category = fields('performance-category-melodic').value;
    const melodic = await get(`/events/${FESTIVAL}/lineup/artists?category=${category}`);
    const withCategory = performancesOf(FESTIVAL).filter((performance) =>
      (performance.fields.categories ?? []).some((reference: { ref: string }) => reference.ref === 'performance-category-melodic'),
    );
    expect(new Set(shownEntries(melodic.text).map((key) => key.split('--')[0]))).toEqual(
      new Set(withCategory.map((performance) => performance.slug)),
    );
  });

  test('free text finds names in either script, whatever the accents', async () => {
    const en = await get(`/events/${FESTIVAL}/lineup/search?q=BARQ`);
    expect(shownEntries(en.text)).toEqual(['barq--barq']);
    const arabicName = performer('performer-barq', 'ar').fields.name as string;
    const ar = await get(`/ar/events/${FESTIVAL}/lineup/search?q=${encodeURIComponent(arabicName)}`);
    expect(shownEntries(ar.text)).toEqual(['barq--barq']);
  });

  test('nothing matching says so; a value the line-up does not offer is named back and ignored', async () => {
    const empty = await get(`/events/${FESTIVAL}/lineup?q=nobody-plays-this`);
    expect(shownEntries(empty.text)).toEqual([]);
    expect(empty.text).toMatch(/<div id="lineup-empty" class="empty-state[^"]*">/);
    const refused = await get(`/events/${FESTIVAL}/lineup?day=2030-01-01&stage=nope&letter=%C3%A9`);
    expect(refused.status).toBe(200);
    expect(shownEntries(refused.text)).toHaveLength(allEntries(refused.text).length);
    expect(refused.text).toContain('class="form-error lineup-listing__notice"');
  });
});

describe('the line-up settings (SPEC 3.2)', () => {
  test('a line-up that hides stages names none and has no stage pages', async () => {
    const { text } = await get(`/events/${HIDES_STAGES}/lineup`);
    for (const stage of published.filter(
      (entry) => entry.type === 'stage' && entry.locale === 'en' && entry.fields.event?.ref === `event-${HIDES_STAGES}`,
    )) {
      expect(decoded(text)).not.toContain(stage.fields.title);
    }
    expect(text).not.toContain('name="stage"');
    expect(text).not.toContain(`/events/${HIDES_STAGES}/lineup/stages`);
    const stages = await get(`/events/${HIDES_STAGES}/lineup/stages`);
    expect(stages.status).toBe(302);
    expect(stages.headers.location).toBe(`/events/${HIDES_STAGES}/lineup`);
    expect((await get(`/ar/events/${HIDES_STAGES}/lineup/stages/2027-02-05`)).headers.location).toBe(`/ar/events/${HIDES_STAGES}/lineup`);
  });

  test('a line-up that hides timing shows no times, no days and no schedule', async () => {
    const { text } = await get(`/events/${HIDES_TIMING}/lineup/artists`);
    expect(text).not.toMatch(/<time /);
    expect(text).not.toContain('name="day"');
    expect(text).not.toContain('my-schedule');
    expect(text).not.toContain('lineup/timetable');
    const [slug] = performancesOf(HIDES_TIMING).map((performance) => performance.slug);
    const performance = await get(`/events/${HIDES_TIMING}/lineup/${slug}`);
    expect(performance.status).toBe(200);
    expect(performance.text).not.toMatch(/<time /);
    expect(performance.text).not.toContain('calendar.ics');
    expect(jsonLd(performance.text).startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await get(`/events/${HIDES_TIMING}/lineup/my-schedule`)).status).toBe(404);
    expect((await get(`/events/${HIDES_TIMING}/lineup/my-schedule.ics`)).status).toBe(404);
    expect((await get(`/events/${HIDES_TIMING}/lineup/${slug}/calendar.ics`)).status).toBe(404);
    expect((await get(`/events/${HIDES_TIMING}/lineup/stages/2027-01-01`)).headers.location).toBe(`/events/${HIDES_TIMING}/lineup/stages`);
  });

  test('an ended event’s line-up offers no schedule', async () => {
    const { text } = await get('/events/nabd-festival-2025/lineup');
    expect(text).not.toContain('schedule-toggle');
    expect(text).not.toContain('lineup/my-schedule');
  });
});

describe('the performance page', () => {
  test('shows time, stage, styles, description and performers, with MusicEvent data', async () => {
    const { text } = await get(`/ar/events/${FESTIVAL}/lineup/barq`);
    const barq = fields('performance-nabd-festival-2026-barq', 'ar');
    const page = decoded(text);
    expect(page).toContain(barq.title);
    expect(page).toContain(barq.description);
    expect(page).toContain(fields(barq.stage.ref, 'ar').title);
    expect(page).toContain(fields(barq.categories[0].ref, 'ar').label);
    expect(text).toContain('href="/ar/performers/barq"');
    expect(text).toContain(`href="/ar/events/${FESTIVAL}/lineup/barq/calendar.ics"`);
    const data = jsonLd(text);
    expect(data['@type']).toBe('MusicEvent');
    expect(data.startDate).toMatch(/T\d{2}:\d{2}:00\+03:00$/);
    expect(Date.parse(data.startDate)).toBe(Date.parse(barq.startDatetime));
    expect(data.performer).toEqual([
      { '@type': 'MusicGroup', name: performer('performer-barq', 'ar').fields.name, url: `${TEST_ORIGIN}/ar/performers/barq` },
    ]);
  });

  test('its calendar file holds the set', async () => {
    const response = await get(`/events/${FESTIVAL}/lineup/barq/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.text).toContain('UID:performance-nabd-festival-2026-barq@nabd');
    expect(response.text).toContain(`DTSTART:${compactUtc(fields('performance-nabd-festival-2026-barq').startDatetime)}`);
  });
});

/** 2026-12-12T19:30:00Z as iCalendar writes it: 20261212T193000Z. */
const compactUtc = (instant: string) => instant.replace(/[-:]/g, '').replace(/\.\d+/, '');

describe('my schedule', () => {
  const scheduleUrl = `${TEST_ORIGIN}/events/${FESTIVAL}/lineup/my-schedule`;

  /** Marks (or unmarks) a performance from a listing, as the toggle's form does. */
  async function mark(browser: Browser, from: Page, slug: string, marked: boolean) {
    const action = new URL(formAction(from.html, `/lineup/${slug}`)!, from.url);
    return browser.post(action, {
      _csrf: fieldValue(from.html, '_csrf')!,
      intent: 'my-schedule',
      marked: String(marked),
      returnTo: new URL(from.url).pathname,
    });
  }
  const scheduled = (html: string) => [...html.matchAll(/id="scheduled-([^"]+)"/g)].map((match) => match[1]);

  test('a set is marked from its slot in the timetable, and the timetable shows it marked', async () => {
    const browser = new Browser(site.fetch);
    const timetable = await browser.get(`${TEST_ORIGIN}/ar/events/${FESTIVAL}/lineup/timetable/2026-12-11`);
    const slot = (html: string) => new RegExp(`<form class="([^"]+)"[^>]*action="/ar/events/${FESTIVAL}/lineup/saqr"`).exec(html)?.[1];
    expect(slot(timetable.html)).toBe('schedule-toggle');
    const marked = await mark(browser, timetable, 'saqr', true);
    expect(marked.status).toBe(303);
    expect(marked.location).toBe(`/ar/events/${FESTIVAL}/lineup/timetable/2026-12-11`);
    const back = await browser.get(`${TEST_ORIGIN}${marked.location}`);
    expect(slot(back.html)).toBe('schedule-toggle schedule-toggle--marked');
    expect((await browser.get(`${TEST_ORIGIN}/events/${FESTIVAL}/lineup/my-schedule`)).html).toContain('id="scheduled-saqr"');
  });

  test('a guest marks and unmarks sets; the page lists them by day and clashes are called out', async () => {
    const browser = new Browser(site.fetch);
    const day = await browser.get(`${TEST_ORIGIN}/events/${FESTIVAL}/lineup/stages/2026-12-10`);
    const marked = await mark(browser, day, 'aurelio-sand', true);
    expect(marked.status).toBe(303);
    expect(marked.location).toBe(`/events/${FESTIVAL}/lineup/stages/2026-12-10`);
    expect(browser.cookie('nabd.schedule')).toBeTruthy();
    const back = await browser.get(`${TEST_ORIGIN}${marked.location}`);
    expect(back.html).toMatch(
      /class="schedule-toggle schedule-toggle--marked" [^>]*action="\/events\/nabd-festival-2026\/lineup\/aurelio-sand"/,
    );

    // Dhalam plays the same hours on another stage; Aurelio's second set is another day.
    await mark(browser, back, 'dhalam', true);
    await mark(browser, back, 'bashayer', true);
    let schedule = await browser.get(scheduleUrl);
    expect(scheduled(schedule.html)).toEqual(['bashayer', 'aurelio-sand', 'dhalam']);
    expect([
      ...schedule.html.matchAll(
        /lineup-row lineup-row--clash" id="scheduled-|id="scheduled-([^"]+)" class="lineup-row lineup-row--clash"/g,
      ),
    ]).toHaveLength(2);
    expect(decoded(schedule.html)).toContain(`overlaps with ${fields('performance-nabd-festival-2026-dhalam').title}.`);

    const file = await browser.get(`${scheduleUrl}.ics`);
    expect(file.status).toBe(200);
    expect(file.html.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(file.html).toContain(`DTSTART:${compactUtc(fields('performance-nabd-festival-2026-aurelio-sand').startDatetime)}`);
    expect(file.html).toContain('UID:performance-nabd-festival-2026-dhalam@nabd');

    await mark(browser, schedule, 'dhalam', false);
    schedule = await browser.get(scheduleUrl);
    expect(scheduled(schedule.html)).toEqual(['bashayer', 'aurelio-sand']);
    expect(schedule.html).not.toContain('lineup-row--clash');
  });

  test('a form posted from another site changes nothing', async () => {
    const response = await request(site.app)
      .post(`/events/${FESTIVAL}/lineup/barq`)
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ intent: 'my-schedule', marked: 'true' });
    expect(response.status).toBe(403);
    expect(response.headers['set-cookie']?.toString() ?? '').not.toContain('nabd.schedule');
  });

  test('with htmx only the toggle comes back, in its new state', async () => {
    const browser = new Browser(site.fetch);
    const page = await browser.get(`${TEST_ORIGIN}/events/${FESTIVAL}/lineup/barq`);
    const response = await request(site.app)
      .post(`/events/${FESTIVAL}/lineup/barq`)
      .set('Cookie', `nabd.csrf=${browser.cookie('nabd.csrf')}`)
      .set('HX-Request', 'true')
      .type('form')
      .send({ _csrf: fieldValue(page.html, '_csrf'), intent: 'my-schedule', marked: 'true', toggleId: 'toggle-performance' });
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/^<form class="schedule-toggle schedule-toggle--marked"/);
    expect(response.text).toContain('id="toggle-performance"');
    expect(response.text).not.toContain('<html');
  });

  test('signed in, the marks are kept with the account and the guest’s marks are merged in', async () => {
    const browser = new Browser(site.fetch);
    const day = await browser.get(`${TEST_ORIGIN}/events/${FESTIVAL}/lineup/stages/2026-12-11`);
    await mark(browser, day, 'nova-rask', true);
    expect(browser.cookie('nabd.schedule')).toBeTruthy();

    // Sign in (the account page sends the visitor through the identity service).
    const loginPage = await browser.follow(await browser.get(`${TEST_ORIGIN}/account`), TEST_ORIGIN);
    const submitted = await browser.post(new URL(formAction(loginPage.html, '/login')!, loginPage.url), {
      _csrf: fieldValue(loginPage.html, '_csrf')!,
      email: DEMO_USER.email,
      password: DEMO_USER.password,
    });
    expect((await browser.follow(submitted, TEST_ORIGIN)).status).toBe(200);

    // The first visit after signing in merges the guest's mark into the account and clears the cookie.
    let schedule = await browser.get(scheduleUrl);
    expect(scheduled(schedule.html)).toEqual(['nova-rask']);
    expect(browser.cookie('nabd.schedule')).toBeUndefined();
    expect(decoded(schedule.html)).toContain('Your schedule is kept with your account.');

    const again = await browser.get(`${TEST_ORIGIN}/events/${FESTIVAL}/lineup/stages/2026-12-11`);
    // Signed in, the page is the visitor's own and its forms carry a token bound to the session.
    expect(fieldValue(again.html, '_csrf')).toBeTruthy();
    const tokenless = await browser.post(`${TEST_ORIGIN}/events/${FESTIVAL}/lineup/saqr`, { intent: 'my-schedule', marked: 'true' });
    expect(tokenless.status).toBe(403);
    expect((await mark(browser, again, 'saqr', true)).status).toBe(303);
    expect(browser.cookie('nabd.schedule')).toBeUndefined();
    schedule = await browser.get(scheduleUrl);
    expect(scheduled(schedule.html).sort()).toEqual(['nova-rask', 'saqr']);

    // Another browser, a guest: none of it.
    const guest = new Browser(site.fetch);
    expect(scheduled((await guest.get(scheduleUrl)).html)).toEqual([]);
  });

  test('a guest’s schedule holds 60 sets; the next one asks them to sign in and changes nothing', async () => {
    const browser = new Browser(site.fetch);
    const stages = await browser.get(`${TEST_ORIGIN}/events/${FESTIVAL}/lineup/stages`);
    const slugs = performancesOf(FESTIVAL).map((performance) => performance.slug!);
    for (const slug of slugs.slice(0, 60)) expect((await mark(browser, stages, slug, true)).status).toBe(303);
    const cookie = browser.cookie('nabd.schedule');
    const refused = await mark(browser, stages, slugs[60]!, true);
    expect(refused.status).toBe(422);
    expect(decoded(refused.html)).toContain('Your schedule is full. Sign in to keep a longer one with your account.');
    expect(browser.cookie('nabd.schedule')).toBe(cookie);
    expect(scheduled((await browser.get(scheduleUrl)).html)).toHaveLength(60);
  });

  test('a set of a line-up without times, or of an ended event, cannot be marked', async () => {
    const browser = new Browser(site.fetch);
    for (const [event, slug] of [
      [HIDES_TIMING, performancesOf(HIDES_TIMING)[0]!.slug!],
      ['nabd-festival-2025', performancesOf('nabd-festival-2025')[0]!.slug!],
    ] as const) {
      const page = await browser.get(`${TEST_ORIGIN}/events/${event}/lineup/${slug}`);
      const refused = await browser.post(`${TEST_ORIGIN}/events/${event}/lineup/${slug}`, {
        _csrf: fieldValue(page.html, '_csrf')!,
        intent: 'my-schedule',
        marked: 'true',
      });
      expect(refused.status).toBe(422);
    }
    expect(browser.cookie('nabd.schedule')).toBeUndefined();
  });

  test('a tampered schedule cookie is ignored', async () => {
    const browser = new Browser(site.fetch);
    browser.setCookie('nabd.schedule', 'performance-nabd-festival-2026-barq');
    const schedule = await browser.get(scheduleUrl);
    expect(schedule.status).toBe(200);
    expect(scheduled(schedule.html)).toEqual([]);
  });
});

describe('analytics (SPEC 9.4)', () => {
  test('line-up and performance views say what they are', async () => {
    await get(`/ar/events/${FESTIVAL}/lineup/stages`).set('Cookie', ACCEPTED_PRIVACY);
    await get(`/events/${FESTIVAL}/lineup/barq`).set('Cookie', ACCEPTED_PRIVACY);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // events are sent in batches every second
    const views = (await site.analytics!.received('page_viewed')).map((event) => event.properties);
    expect(views).toContainEqual(
      expect.objectContaining({
        page_type: 'lineup',
        module_name: 'lineup',
        submodule_name: 'stages',
        category: FESTIVAL,
        category_name: fields(`event-${FESTIVAL}`, 'ar').title,
        language: 'ar',
        page_name: `/ar/events/${FESTIVAL}/lineup/stages`,
      }),
    );
    expect(views).toContainEqual(
      expect.objectContaining({ page_type: 'performance', module_name: 'lineup', submodule_name: 'performance', category: FESTIVAL }),
    );
  });
});
