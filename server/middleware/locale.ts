import type { NextFunction, Request, Response } from 'express';
import { delocalizePath } from '../urls.ts';

/** SPEC 9.1: the locale cookie, kept 7 days, secure, SameSite none, for the whole site. */
export const LOCALE_COOKIE = 'locale';
const LOCALE_COOKIE_OPTIONS = { maxAge: 7 * 24 * 60 * 60 * 1000, secure: true, sameSite: 'none', path: '/' } as const;

/**
 * Reads the locale from the URL prefix and strips it, so the rest of the app routes on the
 * locale-neutral path. Remembers the language last seen in the locale cookie.
 */
export function localeFromPath(req: Request, res: Response, next: NextFunction) {
  const { locale, path } = delocalizePath(req.url);
  req.locale = locale;
  req.url = path;
  req.sitePath = path;
  if (req.method === 'GET' && req.cookies?.[LOCALE_COOKIE] !== locale) {
    res.cookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_OPTIONS);
  }
  next();
}

/**
 * A first visit to the English home page from a browser that prefers Arabic goes to the Arabic
 * home page. Once the locale cookie exists the visitor has chosen, and every URL means what it says.
 */
export function firstVisitLanguage(req: Request, res: Response, next: NextFunction) {
  if (req.method !== 'GET' || req.originalUrl !== '/' || req.cookies?.[LOCALE_COOKIE]) return next();
  res.vary('Accept-Language');
  if (req.acceptsLanguages('en', 'ar') === 'ar') return res.redirect(302, '/ar');
  next();
}
