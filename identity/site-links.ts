import type { Locale } from './locale.ts';

export interface SiteLinks {
  home: string;
  login: string;
  register: string;
  forgotPassword: string;
  /** Where an unconfirmed account enters its sign-up code (SPEC 2.1 /account/verification). */
  verification: string;
}

/**
 * Links from the hosted pages back to the site's own routes (SPEC 2.1), English at `/...` and
 * Arabic at `/ar/...`. The site owns these pages; the identity service only points at them.
 */
export function siteLinks(siteUrl: string, locale: Locale): SiteLinks {
  const prefix = locale === 'ar' ? '/ar' : '';
  const at = (path: string) => `${siteUrl}${prefix}${path}` || '/';
  return {
    home: at(''),
    login: at('/account/login'),
    register: at('/account/register'),
    forgotPassword: at('/account/forgot-password'),
    verification: at('/account/verification'),
  };
}
