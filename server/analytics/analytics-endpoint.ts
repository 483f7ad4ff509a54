import express, { type ErrorRequestHandler, type Router } from 'express';
import { z } from 'zod';
import { refusedRequestStatus } from '#platform/request-refusals.ts';
import { hasUnstorableText } from '#platform/unstorable-text.ts';
import { isLocale } from '#views/format.ts';
import { EVENT_NAMES, type EventName } from './event-schemas.ts';
import { analyticsAllowed } from '../privacy/consent.ts';
import { TrackingSchemaError, type Tracker } from './tracker.ts';

/** What a page's script sends: the event, its properties, and the page's own description (SPEC 9.4). */
const clientEvent = z
  .object({
    name: z.enum(EVENT_NAMES),
    properties: z
      .record(
        z.string(),
        // SPEC 5: promotion items are a list of objects; everything else is a scalar.
        z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.record(z.string(), z.string())).max(50)]),
      )
      .default({}),
    page: z
      .object({
        page_type: z.string().min(1).max(100),
        module_name: z.string().min(1).max(100),
        submodule_name: z.string().max(100).nullish(),
        category: z.string().max(200).nullish(),
        category_name: z.string().max(200).nullish(),
        tab_name: z.string().max(100).nullish(),
      })
      .strict(),
    pageName: z.string().startsWith('/').max(500),
    language: z.string().refine(isLocale),
  })
  .strict();

/** Events pages send by script for what happens in the browser (clicks, carousels, players). */
export const BROWSER_EVENTS = new Set<EventName>([
  'link_clicked',
  'carousel_arrow_clicked',
  'faq_accordion_opened',
  'faq_link_clicked',
  'section_viewed',
  'catch_artist_clicked',
  'playlist_click',
  'language_switched',
  'navigation_item_clicked',
  'navigation_closed',
  'social_media_account_clicked',
  'social_media_post_clicked',
  'view_promotion',
  'select_promotion',
  // The ticket shop: a ticket card came into view.
  'product_view',
  // Paging, sharing and reading on (the feed, search and lists; an article's share and "more" links).
  'pagination_clicked',
  'social_shared',
  'more_in_category_clicked',
]);

/**
 * `POST /api/analytics`: browser events, checked against their schema and sent through the one
 * tracking module like server-side ones. Beacons cannot carry the form token, so instead of CSRF
 * the browser's own Sec-Fetch-Site / Origin must say the request came from this site. Without the
 * visitor's consent (decision 0051) the event is accepted and dropped: 204 all the same, so a page's
 * script has nothing to retry.
 */
export function createAnalyticsEndpoint(tracker: Tracker, siteOrigin: string): Router {
  const router = express.Router();
  router.post('/', express.json({ limit: '4kb', type: ['application/json', 'text/plain'] }), (req, res) => {
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    if ((site && site !== 'same-origin') || (!site && origin !== siteOrigin)) return void res.status(403).end();
    const parsed = clientEvent.safeParse(req.body);
    if (!parsed.success || !BROWSER_EVENTS.has(parsed.data.name) || hasUnstorableText(req.body)) return void res.status(400).end();
    const { name, properties, page, pageName, language } = parsed.data;
    try {
      tracker.track(
        name,
        {
          page,
          pageName,
          language: language as 'en' | 'ar',
          userCountry: req.visitorCountry ?? null,
          analyticsConsent: analyticsAllowed(req),
        },
        properties,
      );
    } catch (error) {
      if (error instanceof TrackingSchemaError) return void res.status(400).end();
      throw error;
    }
    res.status(204).end();
  });
  // A body too large or not JSON is the sender's: its own status, no page.
  router.use(((error, _req, res, next) => {
    const status = refusedRequestStatus(error);
    if (!status) return next(error);
    res.status(status).end();
  }) as ErrorRequestHandler);
  return router;
}
