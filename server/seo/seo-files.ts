import express, { type Router } from 'express';
import { LOCALES } from '#views/format.ts';
import { localizePath } from '../urls.ts';
import type { Sitemap } from './sitemap.ts';

/**
 * What crawlers may skip, in both languages: the account, the ticket shop's per-customer steps,
 * the API (preview links included) and search results.
 */
const PRIVATE_PATHS = [
  '/account',
  '/events/*/tickets/checkout',
  '/events/*/tickets/confirmation',
  '/events/*/tickets/assign',
  '/events/*/tickets/cart',
  '/events/*/tickets/login',
  '/api/',
  '/search',
  '/events/*/lineup/search',
];

export function robotsTxt(baseUrl: string): string {
  const disallowed = LOCALES.flatMap((locale) =>
    PRIVATE_PATHS.map((path) => `Disallow: ${localizePath(path, locale)}${path.endsWith('/') ? '/' : ''}`),
  );
  return ['User-agent: *', ...disallowed, '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n');
}

/** `/robots.txt` and `/sitemap.xml`, at the root only (they are the site's, not a language's). */
export function seoFiles(options: { sitemap: Sitemap; baseUrl: string }): Router {
  const router = express.Router();
  const robots = robotsTxt(options.baseUrl);
  router.get('/robots.txt', (_req, res) => void res.type('text/plain').send(robots));
  router.get('/sitemap.xml', async (_req, res, next) => {
    try {
      res.type('application/xml').send(await options.sitemap.xml());
    } catch (error) {
      next(error);
    }
  });
  return router;
}
