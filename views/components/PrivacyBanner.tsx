import { useSite } from '../site-context.tsx';
import { FormToken } from './FormToken.tsx';

/** The privacy choice's form and intent: the banner and the privacy choices page send the same one. */
export const PRIVACY_FORM = 'privacy-consent';
export const PRIVACY_INTENT = 'privacy-consent';

/**
 * The privacy prompt (SPEC 9.3, decision 0051), until the visitor answers: accepting and refusing
 * side by side and alike, a link to choose purpose by purpose. A plain form, so it works without
 * JavaScript; the answer returns to this same page. It stays at the bottom of the screen while the
 * visitor reads on: nothing is recorded or stored for marketing until they accept.
 */
export function PrivacyBanner() {
  const { t, urls, locale, privacyConsent, path } = useSite();
  const choicesPage = urls.route('privacyChoices');
  // The choices page is the banner's full form: no second prompt on it.
  if (privacyConsent || path.split('?')[0] === urls.route('privacyChoices', {}, 'en')) return null;
  const returnTo = urls.current(locale);
  return (
    <section className="privacy-banner" aria-labelledby="privacy-banner-title">
      <div className="privacy-banner__inner">
        <div className="privacy-banner__text">
          <h2 className="privacy-banner__title" id="privacy-banner-title">
            {t('privacy.banner.title')}
          </h2>
          <p>{t('privacy.banner.text')}</p>
        </div>
        <form className="privacy-banner__form" method="post" action={choicesPage}>
          <FormToken />
          <input type="hidden" name="intent" value={PRIVACY_INTENT} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="privacy-banner__answers">
            <AcceptOrRejectAll />
          </div>
          <a className="privacy-banner__choose" href={choicesPage}>
            {t('privacy.banner.choose')}
          </a>
        </form>
      </div>
    </section>
  );
}

/** Accepting and refusing everything: two buttons alike, so neither answer is the easier one. */
export function AcceptOrRejectAll() {
  const { t } = useSite();
  return (
    <>
      <button type="submit" name="choice" value="accept-all" className="button privacy-banner__answer">
        {t('privacy.acceptAll')}
      </button>
      <button type="submit" name="choice" value="reject-all" className="button privacy-banner__answer">
        {t('privacy.rejectAll')}
      </button>
    </>
  );
}
