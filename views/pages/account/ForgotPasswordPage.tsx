import { FormToken } from '../../components/FormToken.tsx';
import { FormMessage } from '../../components/FormField.tsx';
import { useSite } from '../../site-context.tsx';
import { EmailField } from './RegisterPage.tsx';

export const FORGOT_PASSWORD_FORM = 'forgot-password';

export type ForgotPasswordPageData = Record<string, never>;

/** SPEC 2.1: ask for a reset code by e-mail. */
export function ForgotPasswordPage(_props: { data: ForgotPasswordPageData }) {
  const { t, urls } = useSite();
  return (
    <section className="auth-card stack" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('account:forgotPassword.title')}</h1>
      <p>{t('account:forgotPassword.intro')}</p>
      <FormMessage form={FORGOT_PASSWORD_FORM} invalidFallback={false} />
      <form className="stack" method="post" action={urls.route('accountForgotPassword')} noValidate>
        <FormToken />
        <input type="hidden" name="intent" value="forgot-password" />
        <EmailField form={FORGOT_PASSWORD_FORM} />
        <button type="submit" className="button button--primary">
          {t('account:forgotPassword.submit')}
        </button>
      </form>
      <p>
        <a className="link" href={urls.route('accountResetPassword')}>
          {t('account:forgotPassword.haveCode')}
        </a>
      </p>
      <p>
        <a className="link" href={urls.route('accountLogin')}>
          {t('account:forgotPassword.backToSignIn')}
        </a>
      </p>
    </section>
  );
}
