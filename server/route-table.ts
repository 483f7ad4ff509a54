import type { PageModule } from './page.ts';

/**
 * Every route of SPEC 2.1, once, with its layout (SPEC 2.3) and its page module. Each route also
 * answers under `/ar` in Arabic. A route without a page module is specified but not built yet: it
 * answers 404 like any unknown URL.
 */

export type LayoutName = 'default' | 'account' | 'onboarding' | 'ticket' | 'ticketCheckout';

export interface RouteDefinition {
  path: string;
  layout: LayoutName;
  page?: () => Promise<{ default: PageModule }>;
}

const route = (path: string, layout: LayoutName, page?: RouteDefinition['page']): RouteDefinition =>
  page ? { path, layout, page } : { path, layout };

export const ROUTES = {
  home: route('/', 'default', () => import('./pages/home.ts')),

  account: route('/account', 'account', () => import('./pages/account.ts')),
  accountTickets: route('/account/tickets', 'account', () => import('./pages/account/tickets.ts')),
  accountDetails: route('/account/details', 'account', () => import('./pages/account/details.ts')),
  accountNewsletters: route('/account/newsletters', 'account', () => import('./pages/account/newsletters.ts')),
  accountAddresses: route('/account/addresses', 'account', () => import('./pages/account/addresses.ts')),
  accountRegister: route('/account/register', 'onboarding', () => import('./pages/account-register.ts')),
  accountLogin: route('/account/login', 'onboarding', () => import('./pages/account-login.ts')),
  accountForgotPassword: route('/account/forgot-password', 'onboarding', () => import('./pages/account-forgot-password.ts')),
  accountResetPassword: route('/account/reset-password', 'onboarding', () => import('./pages/account-reset-password.ts')),
  accountOnboarding: route('/account/onboarding', 'onboarding', () => import('./pages/account-onboarding.ts')),
  accountVerification: route('/account/verification', 'onboarding', () => import('./pages/account-verification.ts')),
  accountRedirecting: route('/account/redirecting', 'onboarding', () => import('./pages/account-redirecting.ts')),

  about: route('/about', 'default', () => import('./pages/about/about.ts')),
  aboutHistory: route('/about/history', 'default', () => import('./pages/about/history.ts')),
  aboutFaq: route('/about/faq', 'default', () => import('./pages/about/faq.ts')),
  aboutCareers: route('/about/careers', 'default', () => import('./pages/about/careers.ts')),
  aboutPartners: route('/about/partners', 'default', () => import('./pages/about/partners.ts')),
  // The fixed about pages above win over a custom page's slug: matching ranks static segments first.
  aboutCustomPage: route('/about/:aboutCustomPageSlug', 'default', () => import('./pages/about/custom-page.ts')),
  contact: route('/contact', 'default', () => import('./pages/about/contact.ts')),

  xpFeed: route('/xp-feed', 'default', () => import('./pages/feed/xp-feed.ts')),
  xpFeedCategory: route('/xp-feed/:category', 'default', () => import('./pages/feed/xp-feed-category.ts')),
  xpFeedArticle: route('/xp-feed/:category/:article', 'default', () => import('./pages/feed/xp-feed-article.ts')),

  events: route('/events', 'default', () => import('./pages/events.ts')),
  eventsCalendar: route('/events/calendar', 'default', () => import('./pages/events/calendar.ts')),
  event: route('/events/:slug', 'default', () => import('./pages/events/event.ts')),
  eventCustomPage: route('/events/:slug/:eventCustomPageSlug', 'default', () => import('./pages/events/event-custom-page.ts')),

  lineup: route('/events/:slug/lineup', 'default', () => import('./pages/lineup/overview.ts')),
  lineupArtists: route('/events/:slug/lineup/artists', 'default', () => import('./pages/lineup/artists.ts')),
  lineupStages: route('/events/:slug/lineup/stages', 'default', () => import('./pages/lineup/stages.ts')),
  lineupStagesDay: route('/events/:slug/lineup/stages/:day', 'default', () => import('./pages/lineup/stages-day.ts')),
  lineupSearch: route('/events/:slug/lineup/search', 'default', () => import('./pages/lineup/search.ts')),
  lineupTimetable: route('/events/:slug/lineup/timetable', 'default', () => import('./pages/programme/lineup-timetable.ts')),
  lineupTimetableDay: route('/events/:slug/lineup/timetable/:day', 'default', () => import('./pages/programme/lineup-timetable.ts')),
  performance: route('/events/:eventSlug/lineup/:performanceSlug', 'default', () => import('./pages/lineup/performance.ts')),

  programDay: route('/events/:slug/program/day', 'default', () => import('./pages/programme/day-programme.ts')),
  programDayTab: route('/events/:slug/program/day/:tab', 'default', () => import('./pages/programme/day-programme.ts')),
  programDaySpeakers: route('/events/:slug/program/day/speakers', 'default', () => import('./pages/programme/day-speakers.ts')),
  programDayBrands: route('/events/:slug/program/day/brands', 'default', () => import('./pages/programme/day-brands.ts')),
  programDayTimetable: route('/events/:slug/program/day/timetable', 'default', () => import('./pages/programme/day-timetable.ts')),
  programDayTimetableDay: route('/events/:slug/program/day/timetable/:day', 'default', () => import('./pages/programme/day-timetable.ts')),
  programNite: route('/events/:slug/program/nite', 'default', () => import('./pages/programme/night-programme.ts')),
  programNiteTab: route('/events/:slug/program/nite/:tab', 'default', () => import('./pages/programme/night-programme.ts')),
  programNiteArtists: route('/events/:slug/program/nite/artists', 'default', () => import('./pages/programme/night-artists.ts')),
  programNiteTimetable: route('/events/:slug/program/nite/timetable', 'default', () => import('./pages/programme/night-timetable.ts')),
  programNiteTimetableDay: route(
    '/events/:slug/program/nite/timetable/:day',
    'default',
    () => import('./pages/programme/night-timetable.ts'),
  ),

  tickets: route('/events/:eventSlug/tickets', 'ticket', () => import('./pages/tickets/tickets.ts')),
  ticketsCheckout: route('/events/:eventSlug/tickets/checkout', 'ticketCheckout', () => import('./pages/tickets/checkout.ts')),
  ticketsConfirmation: route('/events/:eventSlug/tickets/confirmation', 'ticketCheckout', () => import('./pages/tickets/confirmation.ts')),
  ticketsAssign: route('/events/:eventSlug/tickets/assign', 'ticket', () => import('./pages/tickets/assign.ts')),
  ticketsCart: route('/events/:eventSlug/tickets/cart', 'ticket', () => import('./pages/tickets/cart.ts')),
  ticketsLogin: route('/events/:eventSlug/tickets/login', 'ticket', () => import('./pages/tickets/login.ts')),
  // Beyond SPEC 2.1: the sale's waiting room and what its page polls (decision 0044).
  // The waiting page has the focused frame: it is reloaded by a crowd, and the site's menus are no use in line.
  ticketsWaitingRoom: route('/events/:eventSlug/tickets/waiting-room', 'ticketCheckout', () => import('./pages/tickets/waiting-room.ts')),
  ticketsWaitingRoomStatus: route(
    '/events/:eventSlug/tickets/waiting-room/status.json',
    'ticket',
    () => import('./pages/tickets/waiting-room-status.ts'),
  ),

  termsAndConditions: route('/terms-and-conditions', 'default', () => import('./pages/about/terms.ts')),
  performer: route('/performers/:performerSlug', 'default', () => import('./pages/music/performer.ts')),
  radio: route('/radio', 'default', () => import('./pages/music/radio.ts')),
  podcast: route('/radio/podcasts/:slug', 'default', () => import('./pages/music/podcast.ts')),
  records: route('/records', 'default', () => import('./pages/music/records.ts')),
  recordsReleases: route('/records/releases', 'default', () => import('./pages/music/releases.ts')),
  recordsRelease: route('/records/releases/:slug', 'default', () => import('./pages/music/release.ts')),
  recordsPlaylists: route('/records/playlists', 'default', () => import('./pages/music/playlists.ts')),
  recordsArtists: route('/records/artists', 'default', () => import('./pages/music/artists.ts')),
  venues: route('/venues', 'default', () => import('./pages/events/venues.ts')),
  travelPackages: route('/travel-packages', 'default', () => import('./pages/travel/travel-packages.ts')),
  travelPackage: route('/travel-packages/:slug', 'default', () => import('./pages/travel/travel-package.ts')),
  travelPartner: route('/travel-packages/partners/:slug', 'default', () => import('./pages/travel/travel-partner.ts')),
  loyaltyRedeem: route('/loyalty/redeem', 'default', () => import('./pages/loyalty/redeem.ts')),
  notFound: route('/404', 'default', () => import('./pages/not-found.ts')),
  exitPreview: route('/api/exit-preview', 'default', () => import('./pages/exit-preview.ts')),
  search: route('/search', 'default', () => import('./pages/search/search-page.ts')),
  // Beyond SPEC 2.1: the privacy choices the banner and the footer lead to (decision 0051).
  privacyChoices: route('/privacy-choices', 'default', () => import('./pages/privacy-choices.ts')),
  store: route('/store', 'default', () => import('./pages/about/store.ts')),

  // Beyond SPEC 2.1: the account's preferences and its management (SPEC 2.4 names both screens;
  // Saudi data-protection law expects a download of one's data and the deletion of the account).
  accountPreferences: route('/account/preferences', 'account', () => import('./pages/account/preferences.ts')),
  accountManage: route('/account/manage', 'account', () => import('./pages/account/manage.ts')),
  accountDataFile: route('/account/manage/data.json', 'account', () => import('./pages/account/data-file.ts')),
  // Beyond SPEC 2.1 (SPEC 2.4 names linking and unlinking the loyalty account): decision 0039.
  accountLoyalty: route('/account/loyalty', 'account', () => import('./pages/account/loyalty.ts')),

  // Beyond SPEC 2.1: the content tool's preview link turns preview mode on (SPEC 1, 6).
  enterPreview: route('/api/preview', 'onboarding', () => import('./pages/enter-preview.ts')),

  // Beyond SPEC 2.1, because festival-goers expect them: calendar files and a personal schedule,
  // and the XP feed as RSS (its static segment outranks /xp-feed/:category).
  eventCalendarFile: route('/events/:slug/calendar.ics', 'default', () => import('./pages/events/event-calendar-file.ts')),
  lineupMySchedule: route('/events/:slug/lineup/my-schedule', 'default', () => import('./pages/lineup/my-schedule-page.ts')),
  lineupMyScheduleFile: route('/events/:slug/lineup/my-schedule.ics', 'default', () => import('./pages/lineup/my-schedule-file.ts')),
  performanceCalendarFile: route(
    '/events/:eventSlug/lineup/:performanceSlug/calendar.ics',
    'default',
    () => import('./pages/lineup/performance-calendar-file.ts'),
  ),
  xpFeedRss: route('/xp-feed/rss.xml', 'default', () => import('./pages/feed/xp-feed-rss.ts')),

  // SPEC 2.1: custom block and text pages, an optional collection then the record's slug. Matching
  // ranks every static segment above these, so they only take what no other route does.
  customPage: route('/:customPageSlug', 'default', () => import('./pages/custom-page.ts')),
  customCollectionPage: route('/:collection/:customPageSlug', 'default', () => import('./pages/custom-page.ts')),
} satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof ROUTES;

/**
 * Where a content page reference points (SPEC 2.1: records map to pages). Custom block and text
 * pages resolve to their collection plus their own slug.
 */
export const PAGE_REFERENCE_ROUTES: Record<string, { route: RouteId; slugParam?: string; collectionParam?: string }> = {
  home: { route: 'home' },
  eventsOverview: { route: 'events' },
  eventsCalendar: { route: 'eventsCalendar' },
  event: { route: 'event', slugParam: 'slug' },
  eventCustomPage: { route: 'eventCustomPage', collectionParam: 'slug', slugParam: 'eventCustomPageSlug' },
  lineup: { route: 'lineup', slugParam: 'slug' },
  tickets: { route: 'tickets', slugParam: 'eventSlug' },
  programDay: { route: 'programDay', slugParam: 'slug' },
  programNite: { route: 'programNite', slugParam: 'slug' },
  radio: { route: 'radio' },
  podcast: { route: 'podcast', slugParam: 'slug' },
  records: { route: 'records' },
  recordsReleases: { route: 'recordsReleases' },
  recordsPlaylists: { route: 'recordsPlaylists' },
  recordsArtists: { route: 'recordsArtists' },
  release: { route: 'recordsRelease', slugParam: 'slug' },
  performer: { route: 'performer', slugParam: 'performerSlug' },
  blogOverview: { route: 'xpFeed' },
  articleCategory: { route: 'xpFeedCategory', slugParam: 'category' },
  article: { route: 'xpFeedArticle', collectionParam: 'category', slugParam: 'article' },
  about: { route: 'about' },
  aboutCustomPage: { route: 'aboutCustomPage', slugParam: 'aboutCustomPageSlug' },
  history: { route: 'aboutHistory' },
  faq: { route: 'aboutFaq' },
  career: { route: 'aboutCareers' },
  partners: { route: 'aboutPartners' },
  contact: { route: 'contact' },
  venues: { route: 'venues' },
  travelPackages: { route: 'travelPackages' },
  travelPackage: { route: 'travelPackage', slugParam: 'slug' },
  store: { route: 'store' },
  terms: { route: 'termsAndConditions' },
  loyaltyRedeem: { route: 'loyaltyRedeem' },
  search: { route: 'search' },
  // Custom block and text pages in a collection; without one, pathForPageReference uses `customPage`.
  customBlockPage: { route: 'customCollectionPage', collectionParam: 'collection', slugParam: 'customPageSlug' },
  customTextPage: { route: 'customCollectionPage', collectionParam: 'collection', slugParam: 'customPageSlug' },
};
