import { useFormState, useSite } from '../site-context.tsx';
import { FormToken } from './FormToken.tsx';
import { SuccessMessage } from './SuccessMessage.tsx';

export const NEWSLETTER_FORM = 'newsletter';
export const NEWSLETTER_INTENT = 'newsletter-subscribe';

/**
 * The footer's newsletter sign-up (SPEC 2.4). A plain form that posts back to the page it is on;
 * with the `form-swap` script the same request swaps just this form. The browser's own validation is off so every
 * visitor gets the site's messages in their language.
 */
export function NewsletterForm() {
  const { t, urls, locale, assets } = useSite();
  const state = useFormState(NEWSLETTER_FORM);
  assets.use('form-swap');
  const action = urls.current(locale);
  const emailError = state?.errors.email;

  return (
    <form id="newsletter" className="newsletter-form" method="post" action={action} noValidate data-form-swap="">
      <FormToken />
      <input type="hidden" name="intent" value={NEWSLETTER_INTENT} />
      <h2 className="newsletter-form__title">{t('newsletter.title')}</h2>
      <p className="newsletter-form__lead">{t('newsletter.lead')}</p>
      {state?.status === 'succeeded' ? (
        <SuccessMessage>{t(state.message ?? 'newsletter.subscribed')}</SuccessMessage>
      ) : (
        <>
          {state?.status === 'failed' && state.message ? (
            <p className="form-error" role="alert">
              {t(state.message)}
            </p>
          ) : null}
          <div className="newsletter-form__row">
            <div className="field">
              <label className="field__label" htmlFor="newsletter-email">
                {t('newsletter.emailLabel')}
              </label>
              <input
                className="field__input"
                id="newsletter-email"
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                defaultValue={state?.values.email ?? ''}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? 'newsletter-email-error' : undefined}
              />
              {emailError ? (
                <p className="field__error" id="newsletter-email-error">
                  {t(emailError)}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button--primary">
              {t('newsletter.submit')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
