import type { SocialProvider } from '#platform/social-providers.ts';
import type { Translate } from '../translations.ts';

/** A provider's button: a form posting to `action` when the provider is configured, disabled otherwise. */
export interface SocialButton {
  provider: SocialProvider;
  action?: string;
}

/**
 * "Continue with Google / Apple" (SPEC 4.1). Each is a plain POST form with the interaction's CSRF
 * token, so it works without JavaScript. An unconfigured provider's button stays visible but
 * disabled, with SPEC 8's "currently unavailable" text beside it.
 */
export function SocialButtons({ t, buttons, csrfToken }: { t: Translate; buttons: SocialButton[]; csrfToken: string }) {
  if (!buttons.length) return null;
  return (
    <section className="social-sign-in stack" aria-labelledby="social-sign-in-title">
      <h2 className="social-sign-in__title" id="social-sign-in-title">
        {t('social.title')}
      </h2>
      <ul className="social-sign-in__list" role="list">
        {buttons.map(({ provider, action }) => {
          const label = t(`social.continueWith.${provider}`);
          if (!action) {
            const noteId = `social-${provider}-unavailable`;
            return (
              <li key={provider} className="social-sign-in__item">
                <button
                  type="button"
                  className={`button button--ghost social-button social-button--${provider}`}
                  disabled
                  aria-describedby={noteId}
                >
                  {label}
                </button>
                <p className="social-sign-in__note" id={noteId}>
                  {t(`social.unavailable.${provider}`)}
                </p>
              </li>
            );
          }
          return (
            <li key={provider} className="social-sign-in__item">
              <form method="post" action={action}>
                <input type="hidden" name="_csrf" value={csrfToken} />
                <button type="submit" className={`button button--ghost social-button social-button--${provider}`}>
                  {label}
                </button>
              </form>
            </li>
          );
        })}
      </ul>
      <p className="social-sign-in__or">{t('social.or')}</p>
    </section>
  );
}
