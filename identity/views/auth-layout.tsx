import type { ReactNode } from 'react';
import { directionOf, type Locale } from '../locale.ts';

export interface AuthLayoutProps {
  locale: Locale;
  /** The page's own title; the brand name is appended. */
  title: string;
  brand: string;
  homeHref: string;
  stylesheetHref?: string | undefined;
  /** External scripts only: the site's CSP allows no inline script. */
  scripts?: { src: string; nonce?: string | undefined }[];
  children: ReactNode;
}

/** The document every hosted page shares: the brand wordmark over one card. */
export function AuthLayout({ locale, title, brand, homeHref, stylesheetHref, scripts = [], children }: AuthLayoutProps) {
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · ${brand}`}</title>
        {stylesheetHref ? <link rel="stylesheet" href={stylesheetHref} /> : null}
        {scripts.map((script) => (
          <script key={script.src} src={script.src} nonce={script.nonce} defer />
        ))}
      </head>
      <body>
        <div className="auth-page">
          <header>
            <a className="brand" href={homeHref}>
              {brand}
            </a>
          </header>
          <main className="auth-card stack">{children}</main>
        </div>
      </body>
    </html>
  );
}
