import { readFileSync } from 'node:fs';
import request from 'supertest';
import { fromRoot } from '#platform/paths.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_NOW, type TestSite } from './support/test-site.ts';
import { publishedContent } from './support/content-records.ts';

/**
 * The music area: performers, radio and podcasts, the record label's pages, in both languages.
 * Expectations come from the content files, not from today's wording.
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

const get = (path: string) => request(site.app).get(path);
const records = (type: string, locale: Locale = 'en') => published.filter((entry) => entry.type === type && entry.locale === locale);
const record = (id: string, locale: Locale = 'en') => published.find((entry) => entry.id === id && entry.locale === locale)!;
const fields = (id: string, locale: Locale = 'en'): Fields => record(id, locale).fields;
const strings = (locale: Locale, namespace: string) => JSON.parse(readFileSync(fromRoot('locales', locale, `${namespace}.json`), 'utf8'));
const music = { en: strings('en', 'music'), ar: strings('ar', 'music') };
const localized = (locale: Locale, path: string) => (locale === 'ar' ? `/ar${path}` : path);
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
/** The attributes of every tag matching a pattern (React writes them in prop order, so none is assumed). */
const tags = (html: string, pattern: RegExp) =>
  [...html.matchAll(pattern)].map((match) =>
    Object.fromEntries([...match[0].matchAll(/([\w-]+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]])),
  );

/** SPEC 7.1: midnight in Riyadh (UTC+3) of the test clock's day. */
const startOfDay = new Date(Math.floor((TEST_NOW.getTime() + 3 * 3600_000) / 86_400_000) * 86_400_000 - 3 * 3600_000);

/** A performer's events as the page must list them: running at or after the start of today, soonest first, never unlisted. */
function upcomingEventsOf(performerId: string) {
  const eventIds = new Set(
    records('performance')
      .filter((performance) => performance.fields.performers?.some((performer: { ref: string }) => performer.ref === performerId))
      .map((performance) => performance.fields.event.ref as string),
  );
  return records('event')
    .filter((event) => eventIds.has(event.id) && !event.fields.config.unlistedEvent)
    .filter((event) => Date.parse(event.fields.config.endDatetime) >= startOfDay.getTime())
    .sort((a, b) => Date.parse(a.fields.config.startDatetime) - Date.parse(b.fields.config.startDatetime))
    .map((event) => event.slug);
}

const catchLinks = (html: string) =>
  tags(html, /<li [^>]*data-track="catch_artist_clicked"[^>]*>/g).map((attributes) => attributes['data-track-event']);

describe('a performer page (SPEC 2.1 /performers/{performerSlug})', () => {
  const performers = () => records('performer');

  test.each(['en', 'ar'] as const)('answers in %s with the name, biography and JSON-LD', async (locale) => {
    const performer = record('performer-adam-rahal', locale);
    const response = await get(localized(locale, '/performers/adam-rahal'));
    expect(response.status).toBe(200);
    expect(response.text).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
    const html = decoded(response.text);
    expect(html).toContain(`<h1 class="hero__title">${performer.fields.name}</h1>`);
    expect(html).toContain(performer.fields.biography[0].children[0].text);
    const data = jsonLd(response.text).find((item) => item['@type'] === 'MusicGroup');
    expect(data).toMatchObject({ name: performer.fields.name, url: `http://localhost:3000${localized(locale, '/performers/adam-rahal')}` });
  });

  test('lists the events still running at or after the start of today in Riyadh, soonest first', async () => {
    const withEvents = performers().filter((performer) => upcomingEventsOf(performer.id).length > 0);
    expect(withEvents.length).toBeGreaterThan(0);
    for (const performer of withEvents.slice(0, 6)) {
      const { text } = await get(`/performers/${performer.slug}`);
      expect(catchLinks(text)).toEqual(upcomingEventsOf(performer.id));
    }
  });

  test('a performer with only past events says so and points to the calendar', async () => {
    const pastOnly = performers().find(
      (performer) =>
        upcomingEventsOf(performer.id).length === 0 &&
        records('performance').some((performance) =>
          performance.fields.performers?.some((item: { ref: string }) => item.ref === performer.id),
        ),
    )!;
    expect(pastOnly).toBeDefined();
    for (const locale of ['en', 'ar'] as const) {
      const { text } = await get(localized(locale, `/performers/${pastOnly.slug}`));
      expect(catchLinks(text)).toEqual([]);
      expect(decoded(text)).toContain(music[locale].performer.noUpcoming.replace('{{name}}', fields(pastOnly.id, locale).name));
    }
  });

  test('socials come in the order the content gives, named, in a new tab without a referrer, tracked', async () => {
    const withSocials = performers().filter((performer) => (performer.fields.socials?.order ?? []).length > 1);
    expect(withSocials.length).toBeGreaterThan(0);
    for (const performer of withSocials.slice(0, 5)) {
      const { text } = await get(`/performers/${performer.slug}`);
      // The performer's own links, not the site's in the footer.
      const main = text.slice(text.indexOf('<main'), text.indexOf('</main>'));
      const links = tags(main, /<a [^>]*data-track="social_media_account_clicked"[^>]*>/g);
      const socials = performer.fields.socials;
      const expected = (socials.order as string[]).filter((network) => socials[network]);
      expect(links.slice(0, expected.length).map((link) => link['data-track-social_platform'])).toEqual(expected);
      expect(links.slice(0, expected.length).map((link) => link.href)).toEqual(expected.map((network) => socials[network]));
      for (const link of links) {
        expect(link).toMatchObject({ target: '_blank', rel: 'noreferrer noopener' });
        expect(decoded(link['aria-label']!)).toContain(performer.fields.name);
      }
    }
  });

  test('a YouTube video is a lazy, titled privacy-enhanced embed that the content security policy allows', async () => {
    const performer = performers().find((item) => String(item.fields.externalVideo ?? '').includes('youtube.com/watch'))!;
    const response = await get(`/performers/${performer.slug}`);
    const [frame] = tags(response.text, /<iframe [^>]*>/g);
    const id = new URL(performer.fields.externalVideo).searchParams.get('v');
    expect(frame).toMatchObject({ src: `https://www.youtube-nocookie.com/embed/${id}`, loading: 'lazy' });
    expect(frame!.title).toContain(performer.fields.name);
    expect(response.headers['content-security-policy']).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
    // What the frame asks for, the permissions policy grants the player's origin.
    const policy = response.headers['permissions-policy']!;
    for (const feature of frame!.allow!.split(/;\s*/)) {
      expect(policy).toMatch(new RegExp(`(^|, )${feature}=(\\*|\\([^)]*"https://www\\.youtube-nocookie\\.com"[^)]*\\))`));
    }
  });

  test('booking is offered only when the performer takes bookings; associated performers are linked', async () => {
    const booking = performers().find((item) => item.fields.enableBooking)!;
    const noBooking = performers().find((item) => !item.fields.enableBooking)!;
    expect(decoded((await get(`/performers/${booking.slug}`)).text)).toContain(
      music.en.performer.book.replace('{{name}}', booking.fields.name),
    );
    expect(decoded((await get(`/performers/${noBooking.slug}`)).text)).not.toContain(
      music.en.performer.book.replace('{{name}}', noBooking.fields.name),
    );
    const associated = performers().find((item) => item.fields.associatedPerformers?.length)!;
    const { text } = await get(`/ar/performers/${associated.slug}`);
    for (const other of associated.fields.associatedPerformers as { ref: string }[]) {
      expect(text).toContain(`href="/ar/performers/${record(other.ref).slug}"`);
    }
  });

  test.each(['/performers/no-such-artist', '/ar/performers/no-such-artist'])('%s is not found', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
  });
});

describe('the radio page (SPEC 2.1 /radio)', () => {
  /** The test clock is Saturday 15:00 in Riyadh. */
  const onAirAt = (station: ContentRecord) =>
    (station.fields.schedule as { day: string; shows: { startTime: string; endTime: string; show: { ref: string } }[] }[])
      .find((day) => day.day === 'saturday')!
      .shows.find((slot) => slot.startTime <= '15:00' && ('15:00' < slot.endTime || slot.endTime === '23:59'))!;

  test.each(['en', 'ar'] as const)('in %s: every station live, with its week, the show on air marked, and the podcasts', async (locale) => {
    const response = await get(localized(locale, '/radio'));
    expect(response.status).toBe(200);
    const html = decoded(response.text);
    expect(html).toContain(`<title>${fields('page-radio', locale).seo.title} | `);
    const stations = records('radioStation', locale);
    expect(stations.length).toBeGreaterThan(1);
    for (const station of stations) {
      expect(html).toContain(`>${station.fields.name}</h3>`);
      // Live without JavaScript: the browser's own control on the stream.
      expect(html).toMatch(new RegExp(`<audio class="playable__audio" src="${station.fields.streamUrl}" preload="none" controls=""`));
      const slot = onAirAt(station);
      const show = fields(slot.show.ref, locale).title;
      expect(html).toMatch(
        new RegExp(`aria-current="time"><span class="schedule-slot__time">${slot.startTime}–${slot.endTime}</span>.*?${show}`),
      );
    }
    expect((html.match(/aria-current="time"/g) ?? []).length).toBe(stations.length);
    expect((html.match(/<details class="schedule-day" open="">/g) ?? []).length).toBe(stations.length);
    expect(html).toContain(music[locale].radio.days.saturday);
    for (const podcast of records('podcast', locale)) {
      expect(html).toContain(`href="${localized(locale, `/radio/podcasts/${podcast.slug}`)}"`);
    }
  });
});

describe('a podcast page (SPEC 2.1 /radio/podcasts/{slug})', () => {
  test.each(['en', 'ar'] as const)(
    'in %s: cover, categories, and every episode newest first, playable without JavaScript',
    async (locale) => {
      for (const podcast of records('podcast', locale)) {
        const response = await get(localized(locale, `/radio/podcasts/${podcast.slug}`));
        expect(response.status).toBe(200);
        const html = decoded(response.text);
        expect(html).toContain(`<h1 class="podcast-hero__title">${podcast.fields.title}</h1>`);
        for (const category of podcast.fields.categories) expect(html).toContain(music[locale].podcast.category[category]);
        const episodes = [...podcast.fields.episodes].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
        const audios = tags(response.text, /<audio class="playable__audio"[^>]*>/g);
        expect(audios.map((audio) => audio.src)).toEqual(episodes.map((episode) => episode.audio));
        for (const audio of audios) expect(audio).toMatchObject({ preload: 'none', controls: '' });
        const buttons = tags(response.text, /<button [^>]*data-player-load[^>]*>/g);
        expect(buttons.map((button) => [button['data-player-load'], button['data-src']])).toEqual(
          episodes.map((episode) => ['footer', episode.audio]),
        );
        expect(response.text).toContain('data-player="footer"');
      }
    },
  );

  test('episodes show their length and date', async () => {
    const podcast = records('podcast')[0]!;
    const episode = podcast.fields.episodes[0];
    const { text } = await get(`/radio/podcasts/${podcast.slug}`);
    expect(text).toContain(
      `<time dateTime="PT${Math.floor(episode.duration / 60)}M${episode.duration % 60}S">${Math.round(episode.duration / 60)} min</time>`,
    );
    expect(text).toContain(`<time dateTime="${episode.publishedAt}">`);
  });

  test.each(['/radio/podcasts/no-such-podcast', '/ar/radio/podcasts/no-such-podcast'])('%s is not found', async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});

describe('the record label (SPEC 2.1 /records...)', () => {
  /** Releases newest first, as the service orders them. */
  const releases = (locale: Locale = 'en') =>
    [...records('release', locale)].sort((a, b) => b.fields.releasedAt.localeCompare(a.fields.releasedAt));
  const releaseLinks = (html: string, locale: Locale = 'en') =>
    [...html.matchAll(new RegExp(`class="release-card__link" href="${localized(locale, '/records/releases/')}([^"]+)"`, 'g'))].map(
      (match) => match[1],
    );

  test.each([
    ['/records', 'page-records'],
    ['/records/releases', 'page-records-releases'],
    ['/records/playlists', 'page-records-playlists'],
    ['/records/artists', 'page-records-artists'],
  ] as const)('%s answers in both languages, titled from its SEO fields', async (path, id) => {
    for (const locale of ['en', 'ar'] as const) {
      const response = await get(localized(locale, path));
      expect(response.status).toBe(200);
      expect(response.text).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(decoded(response.text)).toContain(`<title>${fields(id, locale).seo.title} | `);
    }
  });

  test('the overview shows the latest releases, playlists and the label artists, with the way to each list', async () => {
    const { text } = await get('/ar/records');
    expect(releaseLinks(text, 'ar')).toEqual(
      releases('ar')
        .slice(0, 4)
        .map((release) => release.slug),
    );
    for (const path of ['/records/releases', '/records/playlists', '/records/artists']) expect(text).toContain(`href="/ar${path}"`);
    const label = records('performer', 'ar').filter((performer) => performer.fields.labelArtist);
    for (const artist of label.slice(0, 12)) expect(text).toContain(`href="/ar/performers/${artist.slug}"`);
  });

  test('releases are listed newest first, twelve a page, with GET paging that works without JavaScript', async () => {
    const all = releases().map((release) => release.slug);
    expect(all.length).toBeGreaterThan(12);
    const first = await get('/records/releases');
    expect(releaseLinks(first.text)).toEqual(all.slice(0, 12));
    expect(first.text).toMatch(/<a class="pagination__step" href="\/records\/releases\?page=2" rel="next"/);
    const second = await get('/records/releases?page=2');
    expect(second.status).toBe(200);
    expect(releaseLinks(second.text)).toEqual(all.slice(12, 24));
    expect(second.text).toMatch(/<a class="pagination__step" href="\/records\/releases" rel="prev"/);
    expect(second.text).toContain('<meta name="robots" content="noindex"/>');
    expect(decoded((await get('/ar/records/releases?page=2')).text)).toContain(music.ar.releases.previous);
  });

  test.each(['?page=0', '?page=99', '?page=abc', '?page=1.5', '?page=2&page=3'])(
    'releases%s is not found, never an error',
    async (query) => {
      expect((await get(`/records/releases${query}`)).status).toBe(404);
    },
  );

  test.each(['en', 'ar'] as const)('a release page in %s: artwork, listen link, artists, description, playable tracks', async (locale) => {
    const release = releases(locale).find((item) => item.fields.audioSections?.length && item.fields.listenUrl)!;
    const response = await get(localized(locale, `/records/releases/${release.slug}`));
    expect(response.status).toBe(200);
    const html = decoded(response.text);
    expect(html).toContain(`<h1 class="release-hero__title">${release.fields.title}</h1>`);
    expect(html).toContain(release.fields.description);
    const [listen] = tags(response.text, /<a [^>]*class="button button--primary release-hero__listen"[^>]*>/g);
    expect(listen).toMatchObject({ href: release.fields.listenUrl, target: '_blank', rel: 'noreferrer noopener' });
    for (const artist of release.fields.artists as { ref: string }[]) {
      expect(html).toContain(`href="${localized(locale, `/performers/${record(artist.ref).slug}`)}"`);
    }
    const audios = tags(response.text, /<audio class="playable__audio"[^>]*>/g);
    expect(audios.map((audio) => audio.src)).toEqual(
      release.fields.audioSections.map((section: { externalAudio: string }) => section.externalAudio),
    );
    expect(response.text).toContain('data-player="footer"');
    expect(jsonLd(response.text)[0]).toMatchObject({ name: release.fields.title });
  });

  test('playlists open on their platform in a new tab, each click tracked as playlist_click', async () => {
    const { text } = await get('/records/playlists');
    const links = tags(text, /<a [^>]*data-track="playlist_click"[^>]*>/g);
    const playlists = [...records('playlist')].sort((a, b) => b.fields.createdAt.localeCompare(a.fields.createdAt));
    expect(links.map((link) => link.href)).toEqual(playlists.map((playlist) => playlist.fields.url));
    for (const link of links) expect(link).toMatchObject({ target: '_blank', rel: 'noreferrer noopener' });
    expect(decoded(links[0]!['data-track-playlist_name']!)).toBe(playlists[0]!.fields.title);
  });

  test('the artists page lists the artists signed to the label, A to Z', async () => {
    const { text } = await get('/records/artists');
    const linked = [...text.matchAll(/class="artist-tile" href="\/performers\/([^"]+)"/g)].map((match) => match[1]);
    const label = records('performer').filter((performer) => performer.fields.labelArtist);
    expect(linked).toEqual(
      label.sort((a, b) => a.fields.name.toLowerCase().localeCompare(b.fields.name.toLowerCase())).map((artist) => artist.slug),
    );
  });

  test.each(['/records/releases/no-such-release', '/ar/records/releases/no-such-release'])('%s is not found', async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});
