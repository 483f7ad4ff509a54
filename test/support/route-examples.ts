import { DEVELOPMENT_SECRETS } from '#server/config.ts';
import { ROUTES, type RouteId } from '#server/route-table.ts';

/**
 * A URL of the demo content for every built route, and URLs each route matches that do not exist:
 * what test/route-coverage.test.ts checks every route with, and what a crawler would visit
 * (test/anonymous-visits.test.ts).
 */

export interface RouteExample {
  /** A URL of the demo content that the route serves. */
  found: string;
  /** URLs the route matches but whose slug, day or tab does not exist. */
  missing?: string[];
  /** What the found URL answers, when a page is meant to answer something else than 200. */
  status?: number;
}

export const EXAMPLES: Partial<Record<RouteId, RouteExample>> = {
  home: { found: '/' },
  account: { found: '/account' },
  // The account's pages send an anonymous visitor to sign in (test/account.test.ts signs in).
  accountDetails: { found: '/account/details' },
  accountAddresses: { found: '/account/addresses' },
  accountNewsletters: { found: '/account/newsletters' },
  accountPreferences: { found: '/account/preferences' },
  accountManage: { found: '/account/manage' },
  accountLoyalty: { found: '/account/loyalty' },
  loyaltyRedeem: { found: '/loyalty/redeem' },
  accountDataFile: { found: '/account/manage/data.json' },
  accountLogin: { found: '/account/login' },
  accountRegister: { found: '/account/register?returnTo=/events' },
  accountVerification: { found: '/account/verification' },
  accountForgotPassword: { found: '/account/forgot-password' },
  accountResetPassword: { found: '/account/reset-password' },
  accountOnboarding: { found: '/account/onboarding' },
  // Without a sign-in under way there is nothing to finish; a stray code fails back to the login page.
  accountRedirecting: { found: '/account/redirecting?code=stray', missing: ['/account/redirecting'] },
  events: { found: '/events' },
  eventsCalendar: { found: '/events/calendar?month=2026-12' },
  event: { found: '/events/nabd-festival-2026', missing: ['/events/no-such-festival'] },
  // SPEC 5: only events whose tickets are sold here have a shop (test/shop-pages.test.ts).
  tickets: {
    found: '/events/nabd-festival-2026/tickets',
    missing: ['/events/no-such-festival/tickets', '/events/balad-beats-2026/tickets'],
  },
  ticketsCart: { found: '/events/nabd-festival-2026/tickets/cart', missing: ['/events/no-such-festival/tickets/cart'] },
  ticketsLogin: { found: '/events/nabd-festival-2026/tickets/login', missing: ['/events/no-such-festival/tickets/login'] },
  // No waiting room is open for the festival: the waiting page sends the visitor on to the tickets (decision 0044).
  ticketsWaitingRoom: {
    found: '/events/nabd-festival-2026/tickets/waiting-room',
    missing: ['/events/no-such-festival/tickets/waiting-room'],
  },
  ticketsWaitingRoomStatus: {
    found: '/events/nabd-festival-2026/tickets/waiting-room/status.json',
    missing: ['/events/no-such-festival/tickets/waiting-room/status.json'],
  },
  // Checkout sends a visitor without a cart on (to the ticket login step); an order's pages need the
  // order, so an unknown one is not found (test/checkout-pages.test.ts places real ones).
  ticketsCheckout: { found: '/events/nabd-festival-2026/tickets/checkout', missing: ['/events/no-such-festival/tickets/checkout'] },
  ticketsConfirmation: {
    found: '/events/nabd-festival-2026/tickets/confirmation?order=NBD-UNKNOWN',
    status: 404,
    missing: ['/events/no-such-festival/tickets/confirmation?order=NBD-UNKNOWN'],
  },
  ticketsAssign: {
    found: '/events/nabd-festival-2026/tickets/assign?order=NBD-UNKNOWN',
    status: 404,
    missing: ['/events/no-such-festival/tickets/assign?order=NBD-UNKNOWN'],
  },
  accountTickets: { found: '/account/tickets' },
  eventCustomPage: {
    found: '/events/nabd-festival-2026/getting-there',
    missing: ['/events/nabd-festival-2026/no-such-page', '/events/no-such-festival/getting-there'],
  },
  eventCalendarFile: { found: '/events/nabd-festival-2026/calendar.ics', missing: ['/events/no-such-festival/calendar.ics'] },
  lineup: { found: '/events/nabd-festival-2026/lineup?letter=a', missing: ['/events/no-such-festival/lineup'] },
  lineupArtists: { found: '/events/nabd-festival-2026/lineup/artists', missing: ['/events/no-such-festival/lineup/artists'] },
  lineupStages: { found: '/events/nabd-festival-2026/lineup/stages', missing: ['/events/no-such-festival/lineup/stages'] },
  lineupStagesDay: {
    found: '/events/nabd-festival-2026/lineup/stages/2026-12-11',
    missing: ['/events/nabd-festival-2026/lineup/stages/2026-12-14', '/events/nabd-festival-2026/lineup/stages/friday'],
  },
  lineupSearch: { found: '/events/nabd-festival-2026/lineup/search?q=adam', missing: ['/events/no-such-festival/lineup/search'] },
  lineupTimetable: { found: '/events/nabd-festival-2026/lineup/timetable', missing: ['/events/nabd-nights-jeddah-2027/lineup/timetable'] },
  lineupTimetableDay: {
    found: '/events/nabd-festival-2026/lineup/timetable/2026-12-12',
    missing: ['/events/nabd-festival-2026/lineup/timetable/2026-12-13', '/events/no-such-festival/lineup/timetable/2026-12-12'],
  },
  performance: {
    found: '/events/nabd-festival-2026/lineup/adam-rahal',
    missing: ['/events/nabd-festival-2026/lineup/no-such-set', '/events/no-such-festival/lineup/adam-rahal'],
  },
  performanceCalendarFile: {
    found: '/events/nabd-festival-2026/lineup/adam-rahal/calendar.ics',
    missing: ['/events/nabd-festival-2026/lineup/no-such-set/calendar.ics'],
  },
  lineupMySchedule: { found: '/events/nabd-festival-2026/lineup/my-schedule', missing: ['/events/no-such-festival/lineup/my-schedule'] },
  lineupMyScheduleFile: {
    found: '/events/nabd-festival-2026/lineup/my-schedule.ics',
    missing: ['/events/no-such-festival/lineup/my-schedule.ics'],
  },

  programDay: { found: '/events/future-sound-forum-2027/program/day', missing: ['/events/no-such-forum/program/day'] },
  programDayTab: {
    found: '/events/future-sound-forum-2027/program/day/workshop',
    missing: ['/events/future-sound-forum-2027/program/day/no-such-tab'],
  },
  programDaySpeakers: {
    found: '/events/future-sound-forum-2027/program/day/speakers',
    missing: ['/events/no-such-forum/program/day/speakers'],
  },
  programDayBrands: { found: '/events/future-sound-forum-2027/program/day/brands', missing: ['/events/no-such-forum/program/day/brands'] },
  programDayTimetable: {
    found: '/events/future-sound-forum-2027/program/day/timetable',
    missing: ['/events/no-such-forum/program/day/timetable'],
  },
  programDayTimetableDay: {
    found: '/events/future-sound-forum-2027/program/day/timetable/2027-03-09',
    missing: ['/events/future-sound-forum-2027/program/day/timetable/2027-03-20'],
  },
  programNite: { found: '/events/future-sound-forum-2027/program/nite', missing: ['/events/no-such-forum/program/nite'] },
  programNiteTab: {
    found: '/events/future-sound-forum-2027/program/nite/showcase',
    missing: ['/events/future-sound-forum-2027/program/nite/no-such-tab'],
  },
  programNiteArtists: {
    found: '/events/future-sound-forum-2027/program/nite/artists',
    missing: ['/events/no-such-forum/program/nite/artists'],
  },
  programNiteTimetable: {
    found: '/events/future-sound-forum-2027/program/nite/timetable',
    missing: ['/events/no-such-forum/program/nite/timetable'],
  },
  programNiteTimetableDay: {
    found: '/events/future-sound-forum-2027/program/nite/timetable/2027-03-09',
    missing: ['/events/future-sound-forum-2027/program/nite/timetable/2027-03-20'],
  },

  about: { found: '/about' },
  aboutHistory: { found: '/about/history' },
  aboutFaq: { found: '/about/faq' },
  aboutCareers: { found: '/about/careers' },
  aboutPartners: { found: '/about/partners' },
  aboutCustomPage: { found: '/about/foundation', missing: ['/about/no-such-page'] },
  contact: { found: '/contact' },
  termsAndConditions: { found: '/terms-and-conditions' },
  store: { found: '/store' },

  performer: { found: '/performers/adam-rahal', missing: ['/performers/no-such-artist'] },
  radio: { found: '/radio' },
  podcast: { found: '/radio/podcasts/backstage', missing: ['/radio/podcasts/no-such-podcast'] },
  records: { found: '/records' },
  recordsReleases: { found: '/records/releases?page=2' },
  recordsRelease: { found: '/records/releases/ghazal-paper-moons', missing: ['/records/releases/no-such-release'] },
  recordsPlaylists: { found: '/records/playlists' },
  recordsArtists: { found: '/records/artists' },
  xpFeed: { found: '/xp-feed?page=2', missing: ['/xp-feed?page=99'] },
  xpFeedCategory: { found: '/xp-feed/news', missing: ['/xp-feed/no-such-category'] },
  xpFeedArticle: {
    found: '/xp-feed/news/nabd-festival-2026-tickets-guide',
    missing: ['/xp-feed/news/no-such-article', '/xp-feed/no-such-category/no-such-article'],
  },
  xpFeedRss: { found: '/xp-feed/rss.xml' },
  venues: { found: '/venues' },
  travelPackages: { found: '/travel-packages' },
  travelPackage: { found: '/travel-packages/nabd-festival-2026-weekend', missing: ['/travel-packages/no-such-package'] },
  travelPartner: { found: '/travel-packages/partners/falcon-air', missing: ['/travel-packages/partners/no-such-partner'] },
  notFound: { found: '/404', status: 404 },
  enterPreview: { found: `/api/preview?secret=${DEVELOPMENT_SECRETS.PREVIEW_SECRET}&redirect=/events` },
  exitPreview: { found: '/api/exit-preview?redirect=/events' },
  search: { found: '/search?q=festival' },
  privacyChoices: { found: '/privacy-choices' },
  // Custom text and block pages (SPEC 2.1); each kind at one address only.
  customPage: { found: '/code-of-conduct', missing: ['/no-such-page', '/winter-season-2026'] },
  customCollectionPage: {
    found: '/campaigns/winter-season-2026',
    missing: ['/campaigns/no-such-page', '/elsewhere/winter-season-2026', '/campaigns/code-of-conduct'],
  },
};

/** Routes that have a page module. */
export const builtRoutes = (Object.keys(ROUTES) as RouteId[]).filter((id) => 'page' in ROUTES[id]);

/** A path of the site in a language: English at `/...`, Arabic at `/ar/...`. */
export const inLocale = (locale: 'en' | 'ar', path: string) => (locale === 'en' ? path : path === '/' ? '/ar' : `/ar${path}`);
