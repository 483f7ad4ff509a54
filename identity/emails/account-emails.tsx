import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Mailer } from '#platform/mail/mailer.ts';
import { directionOf, type Locale } from '../locale.ts';
import { siteLinks } from '../site-links.ts';
import type { Translate, Translations } from '../translations.ts';
import type { AccountMail, User } from '../user-pool.ts';

export interface AccountEmailsOptions {
  mailer: Mailer;
  translations: Translations;
  /** Origin of the site the messages link to. */
  siteUrl: string;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

type Kind = 'verificationCode' | 'resetCode' | 'welcome';

/**
 * The identity service's messages (SPEC 2.4, 4.1): the sign-up code, the reset code and the
 * welcome, in the visitor's language. Plain text for every mail program and a small HTML version
 * in the brand's dark look; inline styles only, no images, no tracking of any kind.
 */
export class AccountEmails implements AccountMail {
  constructor(private readonly options: AccountEmailsOptions) {}

  verificationCode(user: User, code: string, locale: Locale) {
    return this.#send(user, this.compose('verificationCode', locale, { name: user.givenName, code }));
  }

  resetCode(user: User, code: string, locale: Locale) {
    return this.#send(user, this.compose('resetCode', locale, { name: user.givenName, code }));
  }

  welcome(user: User) {
    return this.#send(user, this.compose('welcome', user.preferredLocale, { name: user.givenName }));
  }

  /** The message itself, for a kind and a language. */
  compose(kind: Kind, locale: Locale, values: { name: string; code?: string }): EmailContent {
    const t = this.options.translations.forLocale(locale);
    const links = siteLinks(this.options.siteUrl, locale);
    const at = (key: string) => t(`emails.${kind}.${key}`, values);
    const paragraphs = [at('intro'), ...(values.code ? [] : [at('body')])];
    const footer = t('emails.footer');
    const link = values.code ? undefined : { href: links.home, label: at('action') };
    const closing = values.code ? at('expiry') : '';

    const text = [
      t('emails.greeting', values),
      '',
      ...paragraphs.flatMap((paragraph) => [paragraph, '']),
      ...(values.code ? [values.code, '', closing, '', t('emails.ignore'), ''] : []),
      ...(link ? [`${link.label}: ${link.href}`, ''] : []),
      '—',
      footer,
    ].join('\n');

    const html = `<!DOCTYPE html>${renderToStaticMarkup(
      <EmailLayout locale={locale} title={at('subject')} brand={t('brand.name')} footer={footer}>
        <p style={styles.paragraph}>{t('emails.greeting', values)}</p>
        {paragraphs.map((paragraph) => (
          <p key={paragraph} style={styles.paragraph}>
            {paragraph}
          </p>
        ))}
        {values.code ? (
          <>
            <p style={styles.code} aria-label={t('emails.codeLabel')}>
              {values.code}
            </p>
            <p style={styles.muted}>{closing}</p>
            <p style={styles.muted}>{t('emails.ignore')}</p>
          </>
        ) : null}
        {link ? (
          <p style={styles.paragraph}>
            <a href={link.href} style={styles.button}>
              {link.label}
            </a>
          </p>
        ) : null}
      </EmailLayout>,
    )}`;
    return { subject: at('subject'), text, html };
  }

  #send(user: User, content: EmailContent) {
    return this.options.mailer.send({ to: user.email, ...content });
  }
}

const FONT = "'Inter', 'IBM Plex Sans Arabic', 'Segoe UI', Tahoma, Arial, sans-serif";

const styles = {
  body: { margin: 0, padding: '24px 12px', background: '#000000', color: '#ffffff', fontFamily: FONT },
  card: { maxWidth: '520px', margin: '0 auto', padding: '28px 24px', background: '#121212', borderTop: '4px solid #ff2e93' },
  brand: { margin: '0 0 20px', fontSize: '20px', fontWeight: 800, letterSpacing: '0.08em', color: '#ff2e93' },
  paragraph: { margin: '0 0 16px', fontSize: '16px', lineHeight: 1.5, color: '#ffffff' },
  muted: { margin: '0 0 12px', fontSize: '14px', lineHeight: 1.5, color: '#bdbdbd' },
  code: {
    margin: '8px 0 20px',
    padding: '12px 16px',
    fontSize: '36px',
    fontWeight: 700,
    letterSpacing: '0.3em',
    fontFamily: "'JetBrains Mono', Menlo, Consolas, monospace",
    color: '#000000',
    background: '#ff2e93',
    textAlign: 'center',
    direction: 'ltr',
    userSelect: 'all',
  },
  button: {
    display: 'inline-block',
    padding: '12px 20px',
    background: '#ff2e93',
    color: '#000000',
    fontWeight: 700,
    textDecoration: 'none',
  },
  footer: { maxWidth: '520px', margin: '16px auto 0', fontSize: '12px', lineHeight: 1.5, color: '#9e9e9e' },
} satisfies Record<string, CSSProperties>;

function EmailLayout({
  locale,
  title,
  brand,
  footer,
  children,
}: {
  locale: Locale;
  title: string;
  brand: string;
  footer: string;
  children: ReactNode;
}) {
  const dir = directionOf(locale);
  return (
    <html lang={locale} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark" />
        <title>{title}</title>
      </head>
      <body style={{ ...styles.body, textAlign: dir === 'rtl' ? 'right' : 'left' }} dir={dir}>
        <div style={styles.card}>
          <p style={styles.brand}>{brand}</p>
          {children}
        </div>
        <p style={styles.footer}>{footer}</p>
      </body>
    </html>
  );
}
