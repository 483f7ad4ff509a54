import { FormToken } from '../../components/FormToken.tsx';
import { FormMessage } from '../../components/FormField.tsx';
import { direction, LOCALES, type Locale } from '../../format.ts';
import { useFormState, useSite } from '../../site-context.tsx';
import { AccountSectionHeader } from './AccountSectionHeader.tsx';

export const PREFERENCES_FORM = 'account-preferences';

export interface PreferencesPageData {
  preferredLocale: Locale;
}

/**
 * The preferred language (SPEC 3.3 `locale`): each option named in the page's language, then in
 * its own when that differs, so a visitor finds theirs whichever page they are on.
 */
export function PreferencesPage({ data }: { data: PreferencesPageData }) {
  const { t, urls, locale, format } = useSite();
  const state = useFormState(PREFERENCES_FORM);
  const chosen = (state?.status !== 'succeeded' && state?.values.locale) || data.preferredLocale;
  return (
    <section className="account-section stack">
      <AccountSectionHeader title={t('account:preferences.title')} lead={t('account:preferences.lead')} />
      <form className="account-form account-panel stack" method="post" action={urls.current(locale)} noValidate>
        <FormToken />
        <input type="hidden" name="intent" value="update-preferences" />
        <FormMessage form={PREFERENCES_FORM} />
        <fieldset className="choice-group">
          <legend className="field__label">{t('account:preferences.language')}</legend>
          {LOCALES.map((option) => (
            <label className="choice" key={option}>
              <input type="radio" name="locale" value={option} defaultChecked={option === chosen} />
              <span>
                {format.languageName(option)}
                {option === locale ? null : (
                  <>
                    {' · '}
                    <span lang={option} dir={direction(option)}>
                      {t(`language.switchTo.${option}`)}
                    </span>
                  </>
                )}
              </span>
            </label>
          ))}
        </fieldset>
        <p className="field__hint">{t('account:preferences.languageHint')}</p>
        <div className="account-form__actions">
          <button type="submit" className="button button--primary">
            {t('account:preferences.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
