import { FormToken } from '../../components/FormToken.tsx';
import { FormMessage } from '../../components/FormField.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { useFormState, useSite } from '../../site-context.tsx';
import { FORGOT_PASSWORD_FORM } from './ForgotPasswordPage.tsx';
import { CodeField, EmailField } from './RegisterPage.tsx';

export const RESET_PASSWORD_FORM = 'reset-password';

export interface ResetPasswordPageData {
  /** The password was just changed: say so, with a way to sign in. */
  changed: boolean;
  /** Prefilled after forgot-password. */
  email: string;
  signInUrl: string;
}

/** SPEC 2.1: the code from the e-mail and a new password under the SPEC 5 rules. */
export function ResetPasswordPage({ data }: { data: ResetPasswordPageData }) {
  const { t, urls } = useSite();
  const sent = useFormState(FORGOT_PASSWORD_FORM);
  if (data.changed) {
    return (
      <section className="auth-card stack" aria-labelledby="reset-title">
        <h1 id="reset-title">{t('account:resetPassword.changed.title')}</h1>
        <p className="form-success" role="status">
          {t('account:resetPassword.changed.text')}
        </p>
        <a className="button button--primary" href={data.signInUrl}>
          {t('account:resetPassword.changed.signIn')}
        </a>
      </section>
    );
  }
  return (
    <section className="auth-card stack" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('account:resetPassword.title')}</h1>
      {sent?.status === 'succeeded' ? <FormMessage form={FORGOT_PASSWORD_FORM} /> : <p>{t('account:resetPassword.intro')}</p>}
      <FormMessage form={RESET_PASSWORD_FORM} invalidFallback={false} />
      <form className="stack" method="post" action={urls.route('accountResetPassword')} noValidate>
        <FormToken />
        <input type="hidden" name="intent" value="reset-password" />
        <EmailField form={RESET_PASSWORD_FORM} value={data.email} />
        <CodeField form={RESET_PASSWORD_FORM} />
        <NewPasswordFields form={RESET_PASSWORD_FORM} label={t('account:resetPassword.newPassword')} />
        <button type="submit" className="button button--primary">
          {t('account:resetPassword.submit')}
        </button>
      </form>
      <p>
        <a className="link" href={urls.route('accountForgotPassword')}>
          {t('account:resetPassword.newCode')}
        </a>
      </p>
    </section>
  );
}
