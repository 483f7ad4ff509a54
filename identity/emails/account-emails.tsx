import type { CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { EmailLayout, emailStyles } from '#platform/mail/email-layout.tsx';
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
      <EmailLayout lang={locale} dir={directionOf(locale)} width={520} title={at('subject')} brand={t('brand.name')} footer={footer}>
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
            <a href={link.href} style={emailStyles.button}>
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

const styles = {
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
} satisfies Record<string, CSSProperties>;
