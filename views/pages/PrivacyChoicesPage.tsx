import type { PrivacyConsent } from '#platform/privacy-consent.ts';
import { FormMessage } from '../components/FormField.tsx';
import { FormToken } from '../components/FormToken.tsx';
import { AcceptOrRejectAll, PRIVACY_FORM, PRIVACY_INTENT } from '../components/PrivacyBanner.tsx';
import { useFormState, useSite } from '../site-context.tsx';

export interface PrivacyChoicesPageData {
  /** The choice given for the current notice; null before any. */
  consent: PrivacyConsent | null;
  /** Where saving returns to: the page the visitor came from. */
  returnTo: string;
}

/** The purposes that need consent, in the order the page explains them (decision 0051). */
const PURPOSES = ['analytics', 'marketing'] as const;

/**
 * Privacy choices (decision 0051), linked from every footer and from the banner: what is always
 * stored and why, each purpose that needs consent with its own box (never ticked for the visitor),
 * and accepting or refusing everything in one step.
 */
export function PrivacyChoicesPage({ data }: { data: PrivacyChoicesPageData }) {
  const { t, urls } = useSite();
  const state = useFormState(PRIVACY_FORM);
  const saved = state?.status === 'succeeded';
  return (
    <div className="privacy-choices">
      <header className="privacy-choices__header">
        <h1 className="privacy-choices__title">{t('privacy.page.title')}</h1>
        <p className="privacy-choices__lead">{t('privacy.page.lead')}</p>
      </header>
      <form className="privacy-choices__form stack" method="post" action={urls.route('privacyChoices')} noValidate>
        <FormToken />
        <input type="hidden" name="intent" value={PRIVACY_INTENT} />
        <input type="hidden" name="returnTo" value={data.returnTo} />
        {saved ? null : <FormMessage form={PRIVACY_FORM} invalidFallback={false} />}
        <section className="privacy-purpose" aria-labelledby="privacy-necessary">
          <h2 className="privacy-purpose__title" id="privacy-necessary">
            {t('privacy.purposes.necessary.title')}
          </h2>
          <p>{t('privacy.purposes.necessary.text')}</p>
          <p className="privacy-purpose__always">{t('privacy.purposes.necessary.always')}</p>
        </section>
        {PURPOSES.map((purpose) => (
          <section className="privacy-purpose" key={purpose} aria-labelledby={`privacy-${purpose}`}>
            <h2 className="privacy-purpose__title" id={`privacy-${purpose}`}>
              {t(`privacy.purposes.${purpose}.title`)}
            </h2>
            <p>{t(`privacy.purposes.${purpose}.text`)}</p>
            <label className="choice">
              <input type="checkbox" name={purpose} value="on" defaultChecked={data.consent?.[purpose] === true} />
              <span>{t(`privacy.purposes.${purpose}.allow`)}</span>
            </label>
          </section>
        ))}
        <div className="privacy-choices__actions">
          <button type="submit" name="choice" value="save" className="button privacy-banner__answer">
            {t('privacy.save')}
          </button>
          <AcceptOrRejectAll />
        </div>
      </form>
    </div>
  );
}
