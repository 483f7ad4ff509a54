import { fromRoot } from '#platform/paths.ts';
import { siteDatabaseSnapshot } from '#test/support/site-snapshot.ts';
import { startContentService, type RunningContent } from './test-support/content-fixture.ts';

/**
 * The demo content (content/) is what every page, test and benchmark of the site shows: this
 * checks it is complete enough for that, and that every record the slug lists name opens in
 * both languages.
 */
let content: RunningContent;
beforeAll(async () => {
  // The demo content as a site's first start imports it (decision 0024), not imported once more.
  content = await startContentService(fromRoot('content'), { mediaDir: fromRoot('public', 'media'), initialData: await siteDatabaseSnapshot() });
}, 60_000);
afterAll(() => content.close());

async function data(query: string, variables: object = {}) {
  const response = await content.query({ query, variables }, { 'x-exclude-invalid': 'false' });
  if (response.body.errors) throw new Error(JSON.stringify(response.body.errors.slice(0, 3)));
  return response.body.data;
}

const SLUG_LISTS = [
  ['aboutPageSlugs', 'aboutCustomPage(locale: $locale, slug: $slug) { title seo { title } }'],
  ['articleSlugs', 'article(locale: $locale, slug: $slug) { title category { title } author { name } cover { width blurDataUrl } body body2 }'],
  ['articleCategorySlugs', 'articleCategory(locale: $locale, slug: $slug) { title }'],
  ['performerSlugs', 'performer(locale: $locale, slug: $slug) { name biography cover { width } socials { links { url } } releases { title } }'],
  ['podcastSlugs', 'podcast(locale: $locale, slug: $slug) { title episodes { title audio duration } }'],
  ['releaseSlugs', 'release(locale: $locale, slug: $slug) { title artists { name } audioSections { externalAudio } }'],
] as const;

describe('every record in a slug list opens by its slug', () => {
  test.each(SLUG_LISTS.flatMap(([list, single]) => (['en', 'ar'] as const).map((locale) => [list, locale, single] as const)))(
    '%s in %s',
    async (list, locale, single) => {
      const { [list]: slugs } = await data(`query($locale: Locale!) { ${list}(locale: $locale) { total items { slug } } }`, { locale });
      expect(slugs.total).toBeGreaterThan(0);
      const field = single.slice(0, single.indexOf('('));
      for (const { slug } of slugs.items) {
        const result = await data(`query($locale: Locale!, $slug: String!) { ${single} }`, { locale, slug });
        expect(result[field]).not.toBeNull();
      }
    },
  );

  test.each(['en', 'ar'])('events, their custom pages and performances in %s', async (locale) => {
    const { eventSlugs, customEventSlugs, performanceSlugs } = await data(
      `query($locale: Locale!) {
        eventSlugs(locale: $locale, first: 100) { items { slug } }
        customEventSlugs(locale: $locale) { items { slug collection } }
        performanceSlugs(locale: $locale) { total items { slug collection } }
      }`,
      { locale },
    );
    for (const { slug } of eventSlugs.items) {
      const { event } = await data(`query($locale: Locale!, $slug: String!) { event(locale: $locale, slug: $slug) { title config { city cover { width } } blocks { __typename } customPages { slug } } }`, { locale, slug });
      expect(event.title).toBeTruthy();
    }
    for (const { slug, collection } of customEventSlugs.items) {
      const { event } = await data(`query($locale: Locale!, $slug: String!) { event(locale: $locale, slug: $slug) { id } }`, { locale, slug: collection });
      const { customEventPage } = await data(`query($locale: Locale!, $slug: String!, $eventId: ID!) { customEventPage(locale: $locale, slug: $slug, eventId: $eventId) { title body } }`, { locale, slug, eventId: event.id });
      expect(customEventPage.title).toBeTruthy();
    }
    for (const { slug, collection } of performanceSlugs.items.slice(0, 40)) {
      const { performance } = await data(`query($locale: Locale!, $slug: String!, $event: String!) { performance(locale: $locale, slug: $slug, eventSlug: $event) { title performers { name } } }`, { locale, slug, event: collection });
      expect(performance.performers.length).toBeGreaterThan(0);
    }
  });
});

describe('the demo data set (issue: content service)', () => {
  test('at least 10 events, past and future, in several cities, one unlisted', async () => {
    const { all, upcoming, past, unlistedEvents } = await data(`{
      all: eventCards(locale: en) { total items { config { cityKey } } }
      upcoming: eventCards(locale: en, filter: { timeframe: upcoming }) { total }
      past: eventCards(locale: en, filter: { timeframe: past }) { total }
      unlistedEvents { total }
    }`);
    expect(all.total + unlistedEvents.total).toBeGreaterThanOrEqual(10);
    expect(new Set(all.items.map((event: { config: { cityKey: string } }) => event.config.cityKey)).size).toBeGreaterThanOrEqual(4);
    expect(upcoming.total).toBeGreaterThan(0);
    expect(past.total).toBeGreaterThan(0);
    expect(unlistedEvents.total).toBeGreaterThanOrEqual(1);
  });

  test('a three-day festival with at least 4 stages, 80 performances, headliners and a timetable per day', async () => {
    const { festivalLineup, timetable } = await data(`{
      festivalLineup(locale: ar, eventSlug: "nabd-festival-2026") { days { date } stages { title } headliners { name } performances { performers { biography socials { links { url } } } } }
      timetable(locale: ar, eventId: "event-nabd-festival-2026", kind: lineup) { date stages { performances { title } } }
    }`);
    expect(festivalLineup.days).toHaveLength(3);
    expect(festivalLineup.stages.length).toBeGreaterThanOrEqual(4);
    expect(festivalLineup.performances.length).toBeGreaterThanOrEqual(80);
    expect(festivalLineup.headliners.length).toBeGreaterThan(0);
    expect(timetable).toHaveLength(3);
  });

  test('line-ups that hide stages, timing and the timetable', async () => {
    const { festivalLineupEvents } = await data('{ festivalLineupEvents(locale: en) { lineup { settingsHideStages settingsHideTiming settingsHideTimetable } } }');
    const settings = festivalLineupEvents.map((event: { lineup: Record<string, boolean> }) => event.lineup);
    expect(settings.some((lineup: Record<string, boolean>) => lineup.settingsHideStages)).toBe(true);
    expect(settings.some((lineup: Record<string, boolean>) => lineup.settingsHideTiming)).toBe(true);
    expect(settings.some((lineup: Record<string, boolean>) => lineup.settingsHideTimetable)).toBe(true);
  });

  test('a conference with a day programme (speakers, brands) and a night programme (artists)', async () => {
    const eventId = 'event-future-sound-forum-2027';
    const { dayPrograms, nightPrograms, speakers, brands, experienceArtists, day } = await data(`{
      dayPrograms(locale: ar, eventId: "${eventId}") { format interests speakers { name } brands { name } }
      nightPrograms(locale: ar, eventId: "${eventId}") { genre artists { name } }
      speakers(locale: ar, eventId: "${eventId}") { name }
      brands(locale: ar, eventId: "${eventId}") { name }
      experienceArtists(locale: ar, eventId: "${eventId}") { name }
      day: timetable(locale: ar, eventId: "${eventId}", kind: day) { date }
    }`);
    expect(dayPrograms.length).toBeGreaterThanOrEqual(20);
    expect(nightPrograms.length).toBeGreaterThanOrEqual(6);
    expect(speakers.length).toBeGreaterThanOrEqual(10);
    expect(brands.length).toBeGreaterThanOrEqual(5);
    expect(experienceArtists.length).toBeGreaterThanOrEqual(5);
    expect(day).toHaveLength(3);
  });

  test('at least 30 articles in at least 4 categories, with authors, images and videos in their bodies', async () => {
    const { articles, articleCategories } = await data('{ articles(locale: ar) { total items { author { name } body body2 } } articleCategories(locale: ar) { slug } }');
    expect(articles.total).toBeGreaterThanOrEqual(30);
    expect(articleCategories.length).toBeGreaterThanOrEqual(4);
    const blocks = articles.items.flatMap((article: { body: { type: string }[]; body2: { type: string }[] | null }) => [...(article.body ?? []), ...(article.body2 ?? [])]);
    expect(blocks.some((block: { type: string }) => block.type === 'image')).toBe(true);
    expect(blocks.some((block: { type: string }) => block.type === 'video')).toBe(true);
    expect(articles.items.every((article: { author: unknown }) => article.author)).toBe(true);
  });

  test('two radio stations with weekly schedules, and at least 3 podcasts with episodes', async () => {
    const { stations, podcasts } = await data('{ stations(locale: ar) { id streamUrl } podcasts(locale: ar) { total items { episodes { audio } } } }');
    expect(stations).toHaveLength(2);
    for (const station of stations) {
      const { radioSchedule } = await data(`{ radioSchedule(locale: ar, id: "${station.id}") { days { day shows { startTime show { title presenters { name } } } } } }`);
      expect(radioSchedule.days).toHaveLength(7);
      expect(radioSchedule.days.every((day: { shows: unknown[] }) => day.shows.length > 0)).toBe(true);
    }
    expect(podcasts.total).toBeGreaterThanOrEqual(3);
    expect(podcasts.items.every((podcast: { episodes: unknown[] }) => podcast.episodes.length > 0)).toBe(true);
  });

  test('at least 10 releases, several playlists, record-label artists', async () => {
    const { releases, playlists, artists } = await data('{ releases(locale: en) { total } playlists(locale: en) { total } artists(locale: en, filter: { labelArtist: true }) { total } }');
    expect(releases.total).toBeGreaterThanOrEqual(10);
    expect(playlists.total).toBeGreaterThanOrEqual(3);
    expect(artists.total).toBeGreaterThanOrEqual(3);
  });

  test('venues, travel packages with partners, and the site-wide records in both languages', async () => {
    for (const locale of ['en', 'ar']) {
      const result = await data(`query($locale: Locale!) {
        venues(locale: $locale) { name }
        travelPackages(locale: $locale) { title priceFrom partner { name } }
        highlightBanner(locale: $locale) { title active }
        redirects { total }
        translations(locale: $locale) { total }
        instagramPosts(locale: $locale) { caption }
        alphabetFilter(locale: $locale) { value }
        aboutPage(locale: $locale) { title } historyPage(locale: $locale) { title } faqPage(locale: $locale) { title }
        careerPage(locale: $locale) { title } partnersPage(locale: $locale) { title } contactPage(locale: $locale) { title channels { email } }
        termsPage(locale: $locale) { title } premiumPartners(locale: $locale) { name chips }
        notFoundPage(locale: $locale) { title }
      }`, { locale });
      expect(result.venues.length).toBeGreaterThan(0);
      expect(result.travelPackages.length).toBeGreaterThanOrEqual(3);
      expect(result.travelPackages.every((item: { partner: unknown }) => item.partner)).toBe(true);
      expect(result.highlightBanner).toBeTruthy();
      expect(result.redirects.total).toBeGreaterThan(0);
      expect(result.translations.total).toBeGreaterThan(0);
      expect(result.instagramPosts.length).toBeGreaterThan(0);
      // a–z or the 28 letters of the Arabic alphabet, then #.
      expect(result.alphabetFilter).toHaveLength(locale === 'ar' ? 29 : 27);
      for (const page of ['aboutPage', 'historyPage', 'faqPage', 'careerPage', 'partnersPage', 'contactPage', 'termsPage']) expect(result[page]).not.toBeNull();
      expect(result.premiumPartners.length).toBeGreaterThan(0);
    }
  });

  test('every search listing resolves', async () => {
    const kinds = (await data('{ __type(name: "SearchKind") { enumValues { name } } }')).__type.enumValues.map((value: { name: string }) => value.name);
    for (const kind of kinds) {
      const { searchListings } = await data(`{ searchListings(locale: ar, kind: ${kind}) { total items { title seo { title description image { url } } } } }`);
      expect(searchListings.items.every((item: { title: string }) => item.title)).toBe(true);
    }
  });

  test('every picture content refers to exists', async () => {
    // The import measures each referenced picture; one without a file would have no size.
    const { articles } = await data('{ articles(locale: en) { items { cover { url width } } } }');
    expect(articles.items.filter((article: { cover: { width: number | null } | null }) => !article.cover?.width)).toEqual([]);
  });
});
