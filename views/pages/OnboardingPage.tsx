import { GENDERS, PROFILE_LIMITS } from '#platform/profile-rules.ts';
import { FieldError, FormMessage, SelectField, TextField, useFieldError } from '../components/FormField.tsx';
import { FormToken } from '../components/FormToken.tsx';
import { useFormState, useSite } from '../site-context.tsx';

export const ONBOARDING_FORM = 'onboarding';
export const ONBOARDING_INTENT = 'onboard';

export interface OnboardingPageData {
  /** What the user service has (from the social provider's claims), to prefill the form. */
  profile: {
    firstName: string;
    lastName: string;
    phoneNumber: string | null;
    birthDate: string | null;
    gender: string | null;
    locale: string | null;
  };
  returnTo: string;
}

/** SPEC 4.1, 6: the few details a social sign-in does not bring, and the terms. Works without JavaScript. */
export function OnboardingPage({ data }: { data: OnboardingPageData }) {
  const { t, urls, locale } = useSite();
  const state = useFormState(ONBOARDING_FORM);
  const gender = state?.values.gender ?? data.profile.gender ?? '';
  const preferredLocale = data.profile.locale || locale;
  const genderError = useFieldError(ONBOARDING_FORM, 'gender');
  const termsError = useFieldError(ONBOARDING_FORM, 'acceptTerms');

  return (
    <section className="auth-card stack onboarding">
      <p className="eyebrow">{t('account:onboarding.eyebrow')}</p>
      <h1>{t('account:onboarding.title')}</h1>
      <p>{t('account:onboarding.intro')}</p>
      <FormMessage form={ONBOARDING_FORM} invalidFallback="account:onboarding.invalid" />
      <form className="stack" method="post" action={urls.route('accountOnboarding')} noValidate>
        <FormToken />
        <input type="hidden" name="intent" value={ONBOARDING_INTENT} />
        <input type="hidden" name="returnTo" value={data.returnTo} />
        <TextField
          form={ONBOARDING_FORM}
          name="firstName"
          label={t('account:onboarding.firstName')}
          value={data.profile.firstName}
          autoComplete="given-name"
          maxLength={PROFILE_LIMITS.firstName}
          required
        />
        <TextField
          form={ONBOARDING_FORM}
          name="lastName"
          label={t('account:onboarding.lastName')}
          value={data.profile.lastName}
          autoComplete="family-name"
          maxLength={PROFILE_LIMITS.lastName}
          required
        />
        <TextField
          form={ONBOARDING_FORM}
          name="phoneNumber"
          type="tel"
          label={t('account:onboarding.phoneNumber')}
          hint={t('account:onboarding.phoneHint')}
          value={data.profile.phoneNumber}
          autoComplete="tel"
          dir="ltr"
        />
        <TextField
          form={ONBOARDING_FORM}
          name="birthDate"
          type="date"
          label={t('account:onboarding.birthDate')}
          value={data.profile.birthDate}
          autoComplete="bday"
        />
        <fieldset className="field onboarding__choices" aria-describedby={genderError ? 'onboarding-gender-error' : undefined}>
          <legend className="field__label">{t('account:onboarding.gender')}</legend>
          {['', ...GENDERS].map((choice) => (
            <label key={choice || 'none'} className="onboarding__choice">
              <input type="radio" name="gender" value={choice} defaultChecked={gender === choice} />
              {t(`account:onboarding.genders.${choice || 'unspecified'}`)}
            </label>
          ))}
          <FieldError form={ONBOARDING_FORM} name="gender" />
        </fieldset>
        <SelectField
          form={ONBOARDING_FORM}
          name="locale"
          label={t('account:onboarding.locale')}
          value={preferredLocale}
          required
          options={[
            { value: 'en', label: 'English', lang: 'en' },
            { value: 'ar', label: 'العربية', lang: 'ar' },
          ]}
        />
        <div className="field">
          <label className="onboarding__choice">
            <input
              type="checkbox"
              name="acceptTerms"
              value="on"
              defaultChecked={state?.values.acceptTerms === 'on'}
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? 'onboarding-acceptTerms-error' : undefined}
              required
            />
            <span>
              {t('account:onboarding.acceptTerms')}{' '}
              <a className="link" href={urls.route('termsAndConditions')}>
                {t('account:onboarding.terms')}
              </a>
            </span>
          </label>
          <FieldError form={ONBOARDING_FORM} name="acceptTerms" />
        </div>
        <button type="submit" className="button button--primary">
          {t('account:onboarding.submit')}
        </button>
      </form>
    </section>
  );
}
