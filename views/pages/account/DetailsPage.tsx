import { FormToken } from '../../components/FormToken.tsx';
import { FormMessage, SelectField, TextField } from '../../components/FormField.tsx';
import { useSite } from '../../site-context.tsx';
import { AccountSectionHeader } from './AccountSectionHeader.tsx';

export const DETAILS_FORM = 'account-details';

export interface DetailsPageData {
  user: {
    firstName: string;
    middleName: string | null;
    lastName: string;
    email: string;
    phoneNumber: string | null;
    whatsappPhone: string | null;
    birthDate: string | null;
    gender: 'male' | 'female' | null;
  };
}

/** SPEC 2.4, 3.3: personal details. The e-mail is the sign-in's and is shown, not edited. */
export function DetailsPage({ data }: { data: DetailsPageData }) {
  const { t, urls, locale } = useSite();
  const { user } = data;
  return (
    <section className="account-section stack">
      <AccountSectionHeader title={t('account:details.title')} lead={t('account:details.lead')} />
      <form className="account-form stack" method="post" action={urls.current(locale)} noValidate>
        <FormToken />
        <input type="hidden" name="intent" value="update-details" />
        <FormMessage form={DETAILS_FORM} />
        <div className="account-form__grid">
          <TextField
            form={DETAILS_FORM}
            name="firstName"
            label={t('account:details.firstName')}
            value={user.firstName}
            autoComplete="given-name"
            required
          />
          <TextField
            form={DETAILS_FORM}
            name="middleName"
            label={t('account:details.middleName')}
            value={user.middleName}
            autoComplete="additional-name"
          />
          <TextField
            form={DETAILS_FORM}
            name="lastName"
            label={t('account:details.lastName')}
            value={user.lastName}
            autoComplete="family-name"
            required
          />
        </div>
        <div className="field">
          <span className="field__label" id="account-email-label">
            {t('account:details.email')}
          </span>
          <p className="account-form__readonly" aria-labelledby="account-email-label" aria-describedby="account-email-note">
            <bdi dir="ltr">{user.email}</bdi>
          </p>
          <p className="field__hint" id="account-email-note">
            {t('account:details.emailNote')}
          </p>
        </div>
        <div className="account-form__grid">
          <TextField
            form={DETAILS_FORM}
            name="phoneNumber"
            type="tel"
            inputMode="tel"
            dir="ltr"
            label={t('account:details.phoneNumber')}
            hint={t('account:details.phoneHint')}
            value={user.phoneNumber}
            autoComplete="tel"
          />
          <TextField
            form={DETAILS_FORM}
            name="whatsappPhone"
            type="tel"
            inputMode="tel"
            dir="ltr"
            label={t('account:details.whatsappPhone')}
            hint={t('account:details.phoneHint')}
            value={user.whatsappPhone}
          />
          <TextField
            form={DETAILS_FORM}
            name="birthDate"
            type="date"
            label={t('account:details.birthDate')}
            value={user.birthDate}
            autoComplete="bday"
          />
          <SelectField
            form={DETAILS_FORM}
            name="gender"
            label={t('account:details.gender')}
            value={user.gender ?? ''}
            options={[
              { value: '', label: t('account:details.genderUnset') },
              { value: 'female', label: t('account:details.genderFemale') },
              { value: 'male', label: t('account:details.genderMale') },
            ]}
          />
        </div>
        <div className="account-form__actions">
          <button type="submit" className="button button--primary">
            {t('account:details.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
