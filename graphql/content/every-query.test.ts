import { fromRoot } from '#platform/paths.ts';
import { siteDatabaseSnapshot } from '#test/support/site-snapshot.ts';
import { startContentService, type RunningContent } from './test-support/content-fixture.ts';

/**
 * Every root query of the content service answers, without errors, over the demo content: the
 * complete list of SPEC 7.1, each with the variables the site passes. Field selections are small;
 * what each returns is tested in content-queries.test.ts and demo-content.test.ts.
 */
const FESTIVAL = 'event-nabd-festival-2026';
const FORUM = 'event-future-sound-forum-2027';

const QUERIES: Record<string, string> = {
  aboutPageSlugs: 'aboutPageSlugs(locale: ar) { total }',
  customBlockSlugs: 'customBlockSlugs(locale: ar) { total }',
  customTextSlugs: 'customTextSlugs(locale: ar) { total }',
  customEventSlugs: 'customEventSlugs(locale: ar) { total items { collection } }',
  performanceSlugs: 'performanceSlugs(locale: ar, first: 5) { total }',
  eventSlugs: 'eventSlugs(locale: ar, first: 5) { total }',
  articleCategorySlugs: 'articleCategorySlugs(locale: ar) { total }',
  articleSlugs: 'articleSlugs(locale: ar) { total items { collection } }',
  performerSlugs: 'performerSlugs(locale: ar) { total }',
  podcastSlugs: 'podcastSlugs(locale: ar) { total }',
  releaseSlugs: 'releaseSlugs(locale: ar) { total }',
  homePage: 'homePage(locale: ar) { title blocks { __typename } }',
  aboutPage: 'aboutPage(locale: ar) { title }',
  careerPage: 'careerPage(locale: ar) { title }',
  contactPage: 'contactPage(locale: ar) { title address { city } channels { email } }',
  faqPage: 'faqPage(locale: ar) { title }',
  historyPage: 'historyPage(locale: ar) { title }',
  partnersPage: 'partnersPage(locale: ar) { title }',
  radioOverviewPage: 'radioOverviewPage(locale: ar) { title }',
  blogOverviewPage: 'blogOverviewPage(locale: ar) { title }',
  ecommercePage: 'ecommercePage(locale: ar) { title }',
  eventsOverviewPage: 'eventsOverviewPage(locale: ar) { title }',
  futureEventsCalendarPage: 'futureEventsCalendarPage(locale: ar) { title }',
  recordsPage: 'recordsPage(locale: ar) { title }',
  artistsOverviewPage: 'artistsOverviewPage(locale: ar) { title }',
  playlistsOverviewPage: 'playlistsOverviewPage(locale: ar) { title }',
  releasesOverviewPage: 'releasesOverviewPage(locale: ar) { title }',
  termsPage: 'termsPage(locale: ar) { title }',
  travelOverviewPage: 'travelOverviewPage(locale: ar) { title }',
  venuesOverviewPage: 'venuesOverviewPage(locale: ar) { title }',
  searchPage: 'searchPage(locale: ar) { title }',
  notFoundPage: 'notFoundPage(locale: ar) { title }',
  aboutCustomPage: 'aboutCustomPage(locale: ar, slug: "foundation") { title }',
  customBlockPage: 'customBlockPage(locale: ar, slug: "none") { title }',
  customTextPage: 'customTextPage(locale: ar, slug: "none") { title }',
  customEventPage: `customEventPage(locale: ar, slug: "getting-there", eventId: "${FESTIVAL}") { title }`,
  article: 'article(locale: ar, slug: "what-to-bring-to-a-desert-festival") { title moreInCategory { slug } }',
  articleCategory: 'articleCategory(locale: ar, slug: "guides") { title }',
  event: 'event(locale: ar, slug: "nabd-festival-2026") { title customPages { slug } lineup { id } }',
  performance: 'performance(locale: ar, slug: "barq", eventSlug: "nabd-festival-2026") { title }',
  performer: 'performer(locale: ar, slug: "barq") { name releases { slug } }',
  podcast: 'podcast(locale: ar, slug: "backstage") { title }',
  release: 'release(locale: ar, slug: "ghazal-paper-moons") { title }',
  festivalLineup: `festivalLineup(locale: ar, eventId: "${FESTIVAL}") { items(filter: { day: "2026-12-11" }) { performer { name } } }`,
  articles: 'articles(locale: ar, filter: { search: "صحراء" }, first: 5) { total }',
  articleCategories: 'articleCategories(locale: ar) { slug }',
  eventCards: 'eventCards(locale: ar, filter: { timeframe: upcoming, withTickets: true }) { total }',
  eventNavigation: 'eventNavigation(locale: ar, slug: "nabd-festival-2026") { items { title } callToAction { title } logo { url } }',
  festivalLineupEvents: 'festivalLineupEvents(locale: ar) { slug }',
  unlistedEvents: 'unlistedEvents { total }',
  performerEvents: 'performerEvents(locale: ar, performerId: "performer-barq", startOfDay: "2026-11-21T00:00:00+03:00") { slug }',
  artists: 'artists(locale: ar, filter: { labelArtist: true }) { total }',
  playlists: 'playlists(locale: ar, orderBy: title) { total }',
  releases: 'releases(locale: ar, filter: { releaseType: "album" }) { total }',
  podcasts: 'podcasts(locale: ar) { total }',
  stations: 'stations(locale: ar) { id }',
  radioSchedule: 'radioSchedule(locale: ar, id: "station-nabd-oasis") { days { day } }',
  instagramPosts: 'instagramPosts(locale: ar, first: 6) { caption thumbnail { url } }',
  newsletters: 'newsletters(locale: ar) { name analyticsName }',
  partners: 'partners(locale: ar) { name }',
  premiumPartners: 'premiumPartners(locale: ar) { name }',
  premiumPartner: 'premiumPartner(locale: ar, slug: "sahara-telecom") { name }',
  venues: 'venues(locale: ar) { name upcomingEvents { slug } }',
  travelPackages: 'travelPackages(locale: ar) { title }',
  travelPackage: 'travelPackage(locale: ar, slug: "nabd-festival-2026-weekend") { title }',
  travelPartner: 'travelPartner(locale: ar, slug: "falcon-air") { name packages { slug } }',
  travelPackagesConfig: 'travelPackagesConfig(locale: ar) { enabled partners { name } }',
  navigation: 'navigation(locale: ar) { menus { title } }',
  footer: 'footer(locale: ar) { sections { title } socials { order } }',
  globalConfig: 'globalConfig(locale: ar) { siteTitleSuffix }',
  highlightBanner: 'highlightBanner(locale: ar) { title }',
  alphabetFilter: 'alphabetFilter(locale: ar) { value }',
  redirects: 'redirects { total }',
  translations: 'translations(locale: ar) { total }',
  searchListings: 'searchListings(locale: ar, kind: event) { total }',
  search: 'search(locale: ar, query: "مهرجان") { total counts { kind count } items { title } }',
  contentVersion: 'contentVersion { version }',
  ticketsOverviewPage: 'ticketsOverviewPage(locale: ar, eventSlug: "nabd-festival-2026") { title }',
  ticketsConfirmationPage: 'ticketsConfirmationPage(locale: ar, eventSlug: "nabd-festival-2026") { title }',
  ticketEvent: 'ticketEvent(locale: ar, slug: "nabd-festival-2026") { slug }',
  dayPrograms: `dayPrograms(locale: ar, eventId: "${FORUM}") { name }`,
  nightPrograms: `nightPrograms(locale: ar, eventId: "${FORUM}") { name }`,
  dayProgram: 'dayProgram(locale: ar, id: "none") { name }',
  nightProgram: 'nightProgram(locale: ar, id: "none") { name }',
  timetable: `timetable(locale: ar, eventId: "${FORUM}", kind: night) { date }`,
  speakers: `speakers(locale: ar, eventId: "${FORUM}") { name }`,
  brands: `brands(locale: ar, eventId: "${FORUM}") { name }`,
  experienceArtists: `experienceArtists(locale: ar, eventId: "${FORUM}") { name }`,
  experienceSpeaker: `experienceSpeaker(locale: ar, id: "speaker-reem-al-otaibi", eventId: "${FORUM}") { speaker { name } dayPrograms { name } }`,
  experienceBrand: `experienceBrand(locale: ar, id: "brand-falak-audio", eventId: "${FORUM}") { brand { name } dayPrograms { name } }`,
  experienceArtist: `experienceArtist(locale: ar, id: "performer-kaysan", eventId: "${FORUM}") { artist { name } nightPrograms { name } }`,
  dayLineup: `dayLineup(locale: ar, eventId: "${FORUM}") { name }`,
  nightLineup: `nightLineup(locale: ar, eventId: "${FORUM}") { name }`,
};

let content: RunningContent;
beforeAll(async () => {
  // The demo content as a site's first start imports it (decision 0024), not imported once more.
  content = await startContentService(fromRoot('content'), { mediaDir: fromRoot('public', 'media'), initialData: await siteDatabaseSnapshot() });
}, 60_000);
afterAll(() => content.close());

test('the list above names every root query of the schema', async () => {
  const { body } = await content.query({ query: '{ __schema { queryType { fields { name } } } }' });
  const fields = body.data.__schema.queryType.fields.map((field: { name: string }) => field.name).sort();
  expect(fields).toEqual(Object.keys(QUERIES).sort());
});

test.each(Object.entries(QUERIES))('%s answers without errors', async (_name, selection) => {
  const response = await content.query({ query: `{ ${selection} }` });
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
});
