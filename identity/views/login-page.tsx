import type { Translate } from '../translations.ts';
import type { SiteLinks } from '../site-links.ts';
import type { LoginFieldErrors } from '../login-form.ts';
import { Field } from './field.tsx';

export interface LoginPageProps {
  t: Translate;
  links: SiteLinks;
  /** Where the credentials and the cancel button post, under the interaction's URL. */
  loginAction: string;
  abortAction: string;
  csrfToken: string;
  email: string;
  /** Keys into the locale file, per field and for the whole form. */
  fieldErrors: LoginFieldErrors;
  formError?: string | undefined;
  /** The way on from the form's error, e.g. to confirm an email (a key into the locale file). */
  formErrorLink?: { href: keyof SiteLinks; label: string } | undefined;
}

/** The hosted sign-in card: a plain form that works without JavaScript. */
export function LoginPage({ t, links, loginAction, abortAction, csrfToken, email, fieldErrors, formError, formErrorLink }: LoginPageProps) {
  const errorId = 'login-error';
  return (
    <>
      <h1>{t('login.title')}</h1>
      <p>{t('login.intro')}</p>
      {formError ? (
        <p className="form-error" id={errorId} role="alert">
          {t(formError)}
          {formErrorLink ? (
            <>
              {' '}
              <a className="link" href={links[formErrorLink.href]}>
                {t(formErrorLink.label)}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <form className="stack" method="post" action={loginAction} noValidate aria-describedby={formError ? errorId : undefined}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <Field
          name="email"
          type="email"
          label={t('login.email')}
          defaultValue={email}
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          required
          autoFocus={!email || Boolean(fieldErrors.email)}
          error={fieldErrors.email && t(fieldErrors.email)}
        />
        <Field
          name="password"
          type="password"
          label={t('login.password')}
          autoComplete="current-password"
          required
          autoFocus={Boolean(email) && !fieldErrors.email}
          error={fieldErrors.password && t(fieldErrors.password)}
        />
        <p>
          <a className="link" href={links.forgotPassword}>
            {t('login.forgotPassword')}
          </a>
        </p>
        <button type="submit" className="button button--primary">
          {t('login.submit')}
        </button>
      </form>
      <form method="post" action={abortAction}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button type="submit" className="button button--ghost">
          {t('login.cancel')}
        </button>
      </form>
      <p>
        {t('login.noAccount')}{' '}
        <a className="link" href={links.register}>
          {t('login.register')}
        </a>
      </p>
      <p>
        <a className="link" href={links.home}>
          {t('login.backToSite')}
        </a>
      </p>
    </>
  );
}
