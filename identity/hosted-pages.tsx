import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Locale } from './locale.ts';
import { siteLinks, type SiteLinks } from './site-links.ts';
import type { Translate, Translations } from './translations.ts';
import { AuthLayout } from './views/auth-layout.tsx';
import { LoginPage, type LoginPageProps } from './views/login-page.tsx';
import { MessagePage } from './views/message-page.tsx';
import { SignOutPage, type SignOutPageProps } from './views/sign-out-page.tsx';

export interface HostedPagesOptions {
  translations: Translations;
  /** Origin of the site the pages link back to (home, sign-up, forgot password). */
  siteUrl: string;
  /** Public path of the files under identity/assets, e.g. `/oidc/assets`. */
  assetsPath: string;
  stylesheetHref?: string | undefined;
  production: boolean;
}

export type LoginPageContent = Omit<LoginPageProps, 't' | 'links'>;

/** Full HTML documents for every page the identity service shows, in the visitor's language. */
export interface HostedPages {
  login(locale: Locale, content: LoginPageContent): string;
  /** The sign-in attempt is unknown, expired or already finished. */
  expired(locale: Locale): string;
  csrfRejected(locale: Locale): string;
  signOut(locale: Locale, options: Omit<SignOutPageProps, 't' | 'links'> & { nonce?: string | undefined }): string;
  signedOut(locale: Locale): string;
  error(locale: Locale, error: { error: string; error_description?: string | undefined }): string;
  /** The database (or another dependency) is unavailable for a moment: try again (decision 0033). */
  unavailable(locale: Locale): string;
}

export function createHostedPages(options: HostedPagesOptions): HostedPages {
  const { translations, production } = options;

  function page(
    locale: Locale,
    title: (t: Translate) => string,
    body: (t: Translate, links: SiteLinks) => ReactNode,
    scripts?: { src: string; nonce?: string | undefined }[],
  ): string {
    const t = translations.forLocale(locale);
    const links = siteLinks(options.siteUrl, locale);
    const document = (
      <AuthLayout
        locale={locale}
        title={title(t)}
        brand={t('brand.name')}
        homeHref={links.home}
        stylesheetHref={options.stylesheetHref}
        scripts={scripts}
      >
        {body(t, links)}
      </AuthLayout>
    );
    return `<!DOCTYPE html>${renderToString(document)}`;
  }

  /** A page about one situation: its title and text from `section`, and one link onwards. */
  const message = (locale: Locale, section: string, link: { to: keyof SiteLinks; label: string }, detail?: string) =>
    page(
      locale,
      (t) => t(`${section}.title`),
      (t, links) => (
        <MessagePage
          title={t(`${section}.title`)}
          text={t(`${section}.text`)}
          link={{ href: links[link.to], label: t(link.label) }}
          detail={detail}
        />
      ),
    );

  return {
    login: (locale, content) =>
      page(
        locale,
        (t) => t('login.title'),
        (t, links) => <LoginPage t={t} links={links} {...content} />,
      ),
    expired: (locale) => message(locale, 'expired', { to: 'login', label: 'expired.restart' }),
    unavailable: (locale) => message(locale, 'unavailable', { to: 'login', label: 'unavailable.retry' }),
    csrfRejected: (locale) => message(locale, 'csrf', { to: 'login', label: 'csrf.restart' }),
    signedOut: (locale) => message(locale, 'signedOut', { to: 'home', label: 'signedOut.home' }),
    signOut: (locale, { nonce, ...form }) =>
      page(
        locale,
        (t) => t('signOut.title'),
        (t, links) => <SignOutPage t={t} links={links} {...form} />,
        form.autoSubmit ? [{ src: `${options.assetsPath}/sign-out.js`, nonce }] : [],
      ),
    error(locale, { error, error_description }) {
      const t = translations.forLocale(locale);
      // Protocol error codes help support; descriptions may name internals, so only outside production.
      const detail = `${t('error.code')}: ${error}${!production && error_description ? ` (${error_description})` : ''}`;
      return message(locale, 'error', { to: 'login', label: 'error.retry' }, detail);
    },
  };
}
