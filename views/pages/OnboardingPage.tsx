import type { ReactNode } from 'react';
import { GENDERS, messageParams, PROFILE_LIMITS } from '#platform/profile-rules.ts';
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
  const errors = state?.errors ?? {};
  const value = (name: keyof OnboardingPageData['profile']) => state?.values[name] ?? data.profile[name] ?? '';
  const errorText = (name: string) => (errors[name] ? t(errors[name], messageParams(name, errors[name])) : undefined);
  const failure = state?.status === 'failed' && state.message ? t(state.message) : undefined;
  const preferredLocale = value('locale') || locale;

  return (
    <section className="auth-card stack onboarding">
      <p className="eyebrow">{t('account:onboarding.eyebrow')}</p>
      <h1>{t('account:onboarding.title')}</h1>
      <p>{t('account:onboarding.intro')}</p>
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      {state?.status === 'invalid' ? (
        <p className="form-error" role="alert">
          {t('account:onboarding.invalid')}
        </p>
      ) : null}
      <form className="stack" method="post" action={urls.route('accountOnboarding')} noValidate>
        <FormToken />
        <input type="hidden" name="intent" value={ONBOARDING_INTENT} />
        <input type="hidden" name="returnTo" value={data.returnTo} />
        <TextField
          name="firstName"
          label={t('account:onboarding.firstName')}
          defaultValue={value('firstName')}
          autoComplete="given-name"
          maxLength={PROFILE_LIMITS.firstName}
          error={errorText('firstName')}
          required
        />
        <TextField
          name="lastName"
          label={t('account:onboarding.lastName')}
          defaultValue={value('lastName')}
          autoComplete="family-name"
          maxLength={PROFILE_LIMITS.lastName}
          error={errorText('lastName')}
          required
        />
        <TextField
          name="phoneNumber"
          type="tel"
          label={t('account:onboarding.phoneNumber')}
          hint={t('account:onboarding.phoneHint')}
          defaultValue={value('phoneNumber')}
          autoComplete="tel"
          error={errorText('phoneNumber')}
        />
        <TextField
          name="birthDate"
          type="date"
          label={t('account:onboarding.birthDate')}
          defaultValue={value('birthDate')}
          autoComplete="bday"
          error={errorText('birthDate')}
        />
        <fieldset className="field onboarding__choices" aria-describedby={errors.gender ? 'onboarding-gender-error' : undefined}>
          <legend className="field__label">{t('account:onboarding.gender')}</legend>
          {['', ...GENDERS].map((gender) => (
            <label key={gender || 'none'} className="onboarding__choice">
              <input type="radio" name="gender" value={gender} defaultChecked={value('gender') === gender} />
              {t(`account:onboarding.genders.${gender || 'unspecified'}`)}
            </label>
          ))}
          {errors.gender ? <FieldError id="onboarding-gender-error">{errorText('gender')}</FieldError> : null}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="onboarding-locale">
            {t('account:onboarding.locale')}
          </label>
          <select
            className="field__input"
            id="onboarding-locale"
            name="locale"
            defaultValue={preferredLocale}
            aria-invalid={errors.locale ? true : undefined}
            aria-describedby={errors.locale ? 'onboarding-locale-error' : undefined}
          >
            <option value="en" lang="en">
              English
            </option>
            <option value="ar" lang="ar">
              العربية
            </option>
          </select>
          {errors.locale ? <FieldError id="onboarding-locale-error">{errorText('locale')}</FieldError> : null}
        </div>
        <div className="field">
          <label className="onboarding__choice">
            <input
              type="checkbox"
              name="acceptTerms"
              value="on"
              defaultChecked={state?.values.acceptTerms === 'on'}
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? 'onboarding-acceptTerms-error' : undefined}
              required
            />
            <span>
              {t('account:onboarding.acceptTerms')}{' '}
              <a className="link" href={urls.route('termsAndConditions')}>
                {t('account:onboarding.terms')}
              </a>
            </span>
          </label>
          {errors.acceptTerms ? <FieldError id="onboarding-acceptTerms-error">{errorText('acceptTerms')}</FieldError> : null}
        </div>
        <button type="submit" className="button button--primary">
          {t('account:onboarding.submit')}
        </button>
      </form>
    </section>
  );
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="field__error" id={id}>
      {children}
    </p>
  );
}

interface TextFieldProps {
  name: string;
  label: string;
  defaultValue: string;
  type?: 'text' | 'tel' | 'date';
  hint?: string;
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
  error?: string | undefined;
}

function TextField({ name, label, hint, error, type = 'text', ...input }: TextFieldProps) {
  const id = `onboarding-${name}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        className="field__input"
        id={id}
        name={name}
        type={type}
        dir={type === 'tel' ? 'ltr' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}
