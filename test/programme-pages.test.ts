import { readFileSync } from 'node:fs';
import request from 'supertest';
import { fromRoot } from '#platform/paths.ts';
import { decoded } from './support/html.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';
import { publishedContent } from './support/content-records.ts';

/**
 * Timetables and the day and night programmes (SPEC 2.1, 3.2), in both languages. Expectations
 * come from the content files and the locale files, not from today's wording.
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
const FORUM = 'future-sound-forum-2027';
const LOCALES = ['en', 'ar'] as const;

const get = (path: string) => request(site.app).get(path);
const localized = (locale: Locale, path: string) => (locale === 'ar' ? `/ar${path}` : path);
const records = (type: string, locale: Locale = 'en') => published.filter((entry) => entry.type === type && entry.locale === locale);
const record = (id: string, locale: Locale = 'en') => published.find((entry) => entry.id === id && entry.locale === locale)!;
const strings = (locale: Locale, namespace: string) => JSON.parse(readFileSync(fromRoot('locales', locale, `${namespace}.json`), 'utf8'));
const programme = { en: strings('en', 'programme'), ar: strings('ar', 'programme') };
const lineupStrings = { en: strings('en', 'lineup'), ar: strings('ar', 'lineup') };

/** Riyadh is UTC+3 all year: the day and the clock time of an instant there, worked out by hand. */
const riyadh = (instant: string) => new Date(Date.parse(instant) + 3 * 3600_000).toISOString();
const riyadhDay = (instant: string) => riyadh(instant).slice(0, 10);
const riyadhTime = (instant: string) => riyadh(instant).slice(11, 16);

const eventOf = (slug: string) => records('event').find((event) => event.slug === slug)!;
const ofEvent = (type: string, slug: string, locale: Locale = 'en') =>
  records(type, locale).filter((entry) => entry.fields.event?.ref === eventOf(slug).id);
const byStart = (a: ContentRecord, b: ContentRecord) => Date.parse(a.fields.startDatetime) - Date.parse(b.fields.startDatetime);
const daysOf = (entries: ContentRecord[]) => [...new Set(entries.map((entry) => riyadhDay(entry.fields.startDatetime)))].sort();

const performances = (locale: Locale = 'en') => ofEvent('performance', FESTIVAL, locale);
const daySessions = (locale: Locale = 'en') => ofEvent('daySession', FORUM, locale).sort(byStart);
const nightSessions = (locale: Locale = 'en') => ofEvent('nightSession', FORUM, locale).sort(byStart);
const festivalDays = () => daysOf(performances());

/** Every value a field takes across entries, once. */
const valuesOf = (entries: ContentRecord[], name: string) =>
  [...new Set(entries.map((entry) => entry.fields[name]).filter(Boolean))] as string[];

/** The timetable entries of a page: each slot's link (or title) and its times, in document order. */
function timetableEntries(html: string) {
  return [...html.matchAll(/<li class="timetable__entry[^"]*"[^>]*>(.*?)<\/li>/g)].map((match) => {
    const [start, end] = [...match[1]!.matchAll(/<time dateTime="([^"]+)">([^<]+)<\/time>/g)].map((time) => ({
      instant: time[1]!,
      text: time[2]!,
    }));
    return { html: match[1]!, href: /href="([^"]+)"/.exec(match[1]!)?.[1], start: start!, end: end! };
  });
}
const stageTitles = (html: string) =>
  [...html.matchAll(/<h3 class="timetable__stage-title"[^>]*>([^<]+)<\/h3>/g)].map((match) => decoded(match[1]!));
const currentLinks = (html: string) =>
  [...html.matchAll(/<a[^>]*aria-current="page"[^>]*>/g)].map((match) => /href="([^"]+)"/.exec(match[0])![1]);
const titleOf = (html: string) => decoded(/<title>([^<]*)<\/title>/.exec(html)![1]!);

describe('every page answers in both languages', () => {
  const paths = () => [
    `/events/${FESTIVAL}/lineup/timetable`,
    ...festivalDays().map((day) => `/events/${FESTIVAL}/lineup/timetable/${day}`),
    `/events/${FORUM}/program/day`,
    ...valuesOf(daySessions(), 'format').map((format) => `/events/${FORUM}/program/day/${format}`),
    `/events/${FORUM}/program/day/speakers`,
    `/events/${FORUM}/program/day/brands`,
    `/events/${FORUM}/program/day/timetable`,
    ...daysOf(daySessions()).map((day) => `/events/${FORUM}/program/day/timetable/${day}`),
    `/events/${FORUM}/program/nite`,
    ...valuesOf(nightSessions(), 'category').map((category) => `/events/${FORUM}/program/nite/${category}`),
    `/events/${FORUM}/program/nite/artists`,
    `/events/${FORUM}/program/nite/timetable`,
    ...daysOf(nightSessions()).map((day) => `/events/${FORUM}/program/nite/timetable/${day}`),
  ];

  test.each(LOCALES)('in %s, each under the event navigation and titled with the event', async (locale) => {
    const list = paths();
    expect(list.length).toBeGreaterThan(20);
    for (const path of list) {
      const response = await get(localized(locale, path));
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.text).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(response.text).toContain('class="event-nav"');
      const slug = path.split('/')[2]!;
      expect(titleOf(response.text)).toContain(record(eventOf(slug).id, locale).fields.title);
      expect(titleOf(response.text)).toMatch(new RegExp(` \\| ${record('global-config', locale).fields.siteTitleSuffix}$`));
    }
  });
});

describe('pages not found', () => {
  const lineupWith = (setting: string) => records('lineup').filter((lineup) => lineup.fields[setting]);
  const eventOfLineup = (lineup: ContentRecord) => records('event').find((event) => event.id === lineup.fields.event.ref)!.slug!;

  test('the demo content has a line-up that hides its timetable and one that hides its stages', () => {
    expect(lineupWith('settingsHideTimetable').length).toBeGreaterThan(0);
    expect(lineupWith('settingsHideStages').filter((lineup) => !lineup.fields.settingsHideTimetable).length).toBeGreaterThan(0);
  });

  test.each(LOCALES)('a line-up that hides its timetable has no timetable pages (%s)', async (locale) => {
    for (const lineup of lineupWith('settingsHideTimetable')) {
      const slug = eventOfLineup(lineup);
      const day = daysOf(ofEvent('performance', slug))[0]!;
      expect((await get(localized(locale, `/events/${slug}/lineup/timetable`))).status).toBe(404);
      expect((await get(localized(locale, `/events/${slug}/lineup/timetable/${day}`))).status).toBe(404);
    }
  });

  test.each([
    '/events/no-such-event/lineup/timetable',
    '/events/no-such-event/lineup/timetable/2026-12-10',
    `/events/${FESTIVAL}/lineup/timetable/2026-12-13`,
    `/events/${FESTIVAL}/lineup/timetable/2026-12-1`,
    `/events/${FESTIVAL}/lineup/timetable/thursday`,
    `/ar/events/${FESTIVAL}/lineup/timetable/2026-12-09`,
    '/events/no-such-event/program/day',
    '/events/no-such-event/program/day/talk',
    '/events/no-such-event/program/day/speakers',
    '/events/no-such-event/program/day/brands',
    '/events/no-such-event/program/day/timetable',
    '/events/no-such-event/program/nite',
    '/events/no-such-event/program/nite/artists',
    '/events/no-such-event/program/nite/timetable/2027-03-09',
    `/events/${FORUM}/program/day/no-such-format`,
    `/events/${FORUM}/program/day/late-night`,
    `/events/${FORUM}/program/day/timetable/2027-03-12`,
    `/events/${FORUM}/program/day/timetable/day-1`,
    `/events/${FORUM}/program/nite/talk`,
    `/events/${FORUM}/program/nite/timetable/2027-03-08`,
    `/ar/events/${FORUM}/program/nite/no-such-category`,
    // An event without programmes has no programme pages.
    `/events/${FESTIVAL}/program/day`,
    `/events/${FESTIVAL}/program/day/speakers`,
    `/events/${FESTIVAL}/program/day/brands`,
    `/events/${FESTIVAL}/program/day/timetable`,
    `/events/${FESTIVAL}/program/nite`,
    `/events/${FESTIVAL}/program/nite/artists`,
    `/events/${FESTIVAL}/program/nite/timetable`,
    // An event without a line-up has no line-up timetable.
    `/events/${FORUM}/lineup/timetable`,
  ])('%s', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.text).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('the line-up timetable', () => {
  test.each(LOCALES)('shows every performance of the day (%s), at its Riyadh times, linking to its page', async (locale) => {
    for (const day of festivalDays()) {
      const { text } = await get(localized(locale, `/events/${FESTIVAL}/lineup/timetable/${day}`));
      const entries = timetableEntries(text);
      const expected = performances(locale).filter((performance) => riyadhDay(performance.fields.startDatetime) === day);
      expect(entries).toHaveLength(expected.length);
      for (const performance of expected) {
        const href = localized(locale, `/events/${FESTIVAL}/lineup/${performance.slug}`);
        const entry = entries.find((candidate) => candidate.href === href)!;
        expect(entry).toBeDefined();
        expect(decoded(entry.html)).toContain(performance.fields.title);
        expect(entry.start).toEqual({ instant: performance.fields.startDatetime, text: riyadhTime(performance.fields.startDatetime) });
        expect(entry.end).toEqual({ instant: performance.fields.endDatetime, text: riyadhTime(performance.fields.endDatetime) });
      }
    }
  });

  test('without a day it shows the first festival day, with every day as a tab', async () => {
    const first = await get(`/events/${FESTIVAL}/lineup/timetable`);
    const dayOne = await get(`/events/${FESTIVAL}/lineup/timetable/${festivalDays()[0]}`);
    expect(timetableEntries(first.text).map((entry) => entry.href)).toEqual(timetableEntries(dayOne.text).map((entry) => entry.href));
    const tabs = [...first.text.matchAll(/class="timetable-days__tab" href="([^"]+)"/g)].map((match) => match[1]);
    expect(tabs).toEqual(festivalDays().map((day) => `/events/${FESTIVAL}/lineup/timetable/${day}`));
    expect(currentLinks(first.text)).toContain(`/events/${FESTIVAL}/lineup/timetable/${festivalDays()[0]}`);
  });

  test('the day is a heading and part of the title, in the page language', async () => {
    const day = festivalDays()[1]!;
    const { text } = await get(`/ar/events/${FESTIVAL}/lineup/timetable/${day}`);
    const heading = new Intl.DateTimeFormat('ar-SA-u-nu-latn-ca-gregory', { dateStyle: 'full', timeZone: 'Asia/Riyadh' }).format(
      new Date(`${day}T12:00:00+03:00`),
    );
    expect(decoded(text)).toContain(`>${heading}</h2>`);
    expect(titleOf(text)).toContain(heading);
    expect(titleOf(text)).toContain(lineupStrings.ar.timetable.seoTitle.split('{{')[0]);
  });

  test('stages are columns in their running order, titled in the page language', async () => {
    const day = festivalDays()[0]!;
    for (const locale of LOCALES) {
      const { text } = await get(localized(locale, `/events/${FESTIVAL}/lineup/timetable/${day}`));
      const used = new Set(
        performances()
          .filter((performance) => riyadhDay(performance.fields.startDatetime) === day)
          .map((p) => p.fields.stage.ref),
      );
      const stages = records('stage', locale)
        .filter((stage) => used.has(stage.id))
        .sort((a, b) => a.fields.sortOrder - b.fields.sortOrder)
        .map((stage) => stage.fields.title);
      expect(stageTitles(text)).toEqual(stages);
    }
  });

  test('a line-up that hides its stages shows its timetable without them', async () => {
    const lineup = records('lineup').find((candidate) => candidate.fields.settingsHideStages && !candidate.fields.settingsHideTimetable)!;
    const slug = records('event').find((event) => event.id === lineup.fields.event.ref)!.slug!;
    const { status, text } = await get(`/events/${slug}/lineup/timetable`);
    expect(status).toBe(200);
    expect(stageTitles(text)).toEqual([]);
    expect(timetableEntries(text).length).toBeGreaterThan(0);
    for (const stage of ofEvent('stage', slug)) expect(decoded(text)).not.toContain(stage.fields.title);
  });
});

describe('analytics (SPEC 9.4)', () => {
  test('the page describes itself, and timetable slots and day tabs send a link click', async () => {
    const day = festivalDays()[0]!;
    const { text } = await get(`/events/${FESTIVAL}/lineup/timetable/${day}`);
    const first = timetableEntries(text)[0]!;
    expect(first.html).toContain('data-track="link_clicked"');
    expect(first.html).toContain('data-track-section_name="timetable"');
    expect(text).toMatch(/class="timetable-days__tab"[^>]*data-track="link_clicked"[^>]*data-track-section_name="timetable_days"/);
    expect(decoded(text)).toContain('"submodule_name":"timetable"');
  });
});

describe('route matching', () => {
  test('the named programme pages win over a tab of the same name', async () => {
    const speakers = await get(`/events/${FORUM}/program/day/speakers`);
    expect(currentLinks(speakers.text)).toContain(`/events/${FORUM}/program/day/speakers`);
    expect(speakers.text).toContain('class="profile-card profile-card--speakers"');
    const brands = await get(`/events/${FORUM}/program/day/brands`);
    expect(brands.text).toContain('class="profile-card profile-card--brands"');
    const timetable = await get(`/events/${FORUM}/program/day/timetable`);
    expect(timetable.text).toContain('class="timetable"');
    const artists = await get(`/events/${FORUM}/program/nite/artists`);
    expect(artists.text).toContain('class="profile-card profile-card--artists"');
    const nightTimetable = await get(`/events/${FORUM}/program/nite/timetable`);
    expect(nightTimetable.text).toContain('class="timetable"');
  });

  test('the line-up timetable wins over a performance called "timetable"', async () => {
    const { text } = await get(`/events/${FESTIVAL}/lineup/timetable`);
    expect(text).toContain('class="timetable"');
  });
});

describe('the day programme', () => {
  const sessionIds = (html: string) => [...html.matchAll(/<li class="session-card[^"]*" id="session-([^"]+)"/g)].map((match) => match[1]);

  test.each(LOCALES)('lists every session in start order, by day, with its Riyadh times (%s)', async (locale) => {
    const { text } = await get(localized(locale, `/events/${FORUM}/program/day`));
    expect(sessionIds(text)).toEqual(daySessions().map((session) => session.id));
    const html = decoded(text);
    for (const session of daySessions(locale)) {
      expect(html).toContain(session.fields.name);
      expect(html).toContain(`<time dateTime="${session.fields.startDatetime}">${riyadhTime(session.fields.startDatetime)}</time>`);
    }
    const headings = [...text.matchAll(/<h2 class="programme-day__heading" id="day-([^"]+)"/g)].map((match) => match[1]);
    expect(headings).toEqual(daysOf(daySessions()));
  });

  test('each format is a tab listing exactly its sessions, with their count', async () => {
    const overview = await get(`/events/${FORUM}/program/day`);
    const formats = valuesOf(daySessions(), 'format');
    const tabs = [...overview.text.matchAll(/class="programme-tabs__tab" href="([^"]+)"/g)].map((match) => match[1]);
    expect(tabs.sort()).toEqual(
      [`/events/${FORUM}/program/day`, ...formats.map((format) => `/events/${FORUM}/program/day/${format}`)].sort(),
    );
    for (const format of formats) {
      const { text } = await get(`/ar/events/${FORUM}/program/day/${format}`);
      const expected = daySessions().filter((session) => session.fields.format === format);
      expect(sessionIds(text)).toEqual(expected.map((session) => session.id));
      expect(decoded(text)).toContain(`${programme.ar.formats[format]}<span class="programme-tabs__count">${expected.length}</span>`);
      expect(currentLinks(text)).toContain(`/ar/events/${FORUM}/program/day/${format}`);
    }
  });

  test('speakers: everyone who speaks, with their role and sessions', async () => {
    const { text } = await get(`/ar/events/${FORUM}/program/day/speakers`);
    const html = decoded(text);
    const speakerIds = [
      ...new Set(daySessions().flatMap((session) => session.fields.speakers.map((speaker: { ref: string }) => speaker.ref))),
    ];
    expect([...text.matchAll(/id="speaker-([^"]+)"/g)].map((match) => match[1]).sort()).toEqual(
      speakerIds.map((id) => record(id).slug).sort(),
    );
    for (const id of speakerIds) {
      const card = new RegExp(`id="speaker-${record(id).slug}">(.*?)</li></ul></div></div></li>`).exec(text)![1]!;
      expect(decoded(card)).toContain(record(id, 'ar').fields.name);
      expect(decoded(card)).toContain(record(id, 'ar').fields.role);
      for (const session of daySessions('ar').filter((candidate) =>
        candidate.fields.speakers.some((speaker: { ref: string }) => speaker.ref === id),
      )) {
        expect(card).toContain(`href="/ar/events/${FORUM}/program/day#session-${session.id}"`);
      }
    }
    expect(html).toContain(programme.ar.nav.speakers);
  });

  test('brands: every brand taking part, with its website opening in a new tab', async () => {
    const { text } = await get(`/events/${FORUM}/program/day/brands`);
    const brandIds = [
      ...new Set(daySessions().flatMap((session) => (session.fields.brands ?? []).map((brand: { ref: string }) => brand.ref))),
    ];
    expect(brandIds.length).toBeGreaterThan(0);
    for (const id of brandIds) {
      expect(text).toContain(`id="brand-${record(id).slug}"`);
      expect(decoded(text)).toContain(record(id).fields.name);
      if (record(id).fields.url) expect(text).toContain(`href="${record(id).fields.url}" target="_blank" rel="noreferrer noopener"`);
    }
  });

  test('its timetable shows each day stage by stage, every session linking to its card', async () => {
    for (const day of daysOf(daySessions())) {
      const { text } = await get(`/events/${FORUM}/program/day/timetable/${day}`);
      const expected = daySessions().filter((session) => riyadhDay(session.fields.startDatetime) === day);
      const entries = timetableEntries(text);
      expect(entries.map((entry) => entry.href).sort()).toEqual(
        expected.map((session) => `/events/${FORUM}/program/day#session-${session.id}`).sort(),
      );
      for (const entry of entries) expect(entry.start.text).toBe(riyadhTime(entry.start.instant));
    }
  });
});

describe('the night programme', () => {
  test.each(LOCALES)('lists every set; each category is a tab (%s)', async (locale) => {
    const { text } = await get(localized(locale, `/events/${FORUM}/program/nite`));
    const ids = [...text.matchAll(/id="session-([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual(nightSessions().map((set) => set.id));
    for (const category of valuesOf(nightSessions(), 'category')) {
      const tab = await get(localized(locale, `/events/${FORUM}/program/nite/${category}`));
      const tabIds = [...tab.text.matchAll(/id="session-([^"]+)"/g)].map((match) => match[1]);
      expect(tabIds).toEqual(
        nightSessions()
          .filter((set) => set.fields.category === category)
          .map((set) => set.id),
      );
      expect(decoded(tab.text)).toContain(programme[locale].categories[category]);
    }
  });

  test('artists: every artist of the night programme with their sets', async () => {
    const { text } = await get(`/events/${FORUM}/program/nite/artists`);
    const artistIds = [...new Set(nightSessions().flatMap((set) => set.fields.artists.map((artist: { ref: string }) => artist.ref)))];
    expect([...text.matchAll(/id="artist-([^"]+)"/g)].map((match) => match[1]).sort()).toEqual(
      artistIds.map((id) => record(id).slug).sort(),
    );
    for (const set of nightSessions()) expect(text).toContain(`href="/events/${FORUM}/program/nite#session-${set.id}"`);
  });

  test('its timetable: the first night without a day, each set at its Riyadh times', async () => {
    const { text } = await get(`/ar/events/${FORUM}/program/nite/timetable`);
    const first = daysOf(nightSessions())[0]!;
    const expected = nightSessions('ar').filter((set) => riyadhDay(set.fields.startDatetime) === first);
    const entries = timetableEntries(text);
    expect(entries).toHaveLength(expected.length);
    for (const set of expected) {
      const entry = entries.find((candidate) => candidate.href === `/ar/events/${FORUM}/program/nite#session-${set.id}`)!;
      expect(decoded(entry.html)).toContain(set.fields.name);
      expect(entry.start.text).toBe(riyadhTime(set.fields.startDatetime));
      expect(entry.end.text).toBe(riyadhTime(set.fields.endDatetime));
    }
  });
});
