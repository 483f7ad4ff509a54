import { FormToken } from '../../components/FormToken.tsx';
import { FormMessage, TextField } from '../../components/FormField.tsx';
import { useFormState, useSite } from '../../site-context.tsx';
import { CodeButtons, CodeField, CodeSent, EmailField } from './RegisterPage.tsx';

export const VERIFICATION_FORM = 'verification';

export interface VerificationPageData {
  /** From the sign-up cookie, when the visitor signed up in this browser. */
  email: string;
  /** A code went out (sign-up or a resend) to `email`. */
  sent: boolean;
  resent: boolean;
  /** This browser did not sign up: the account's password proves the sign-up is the visitor's own. */
  needsPassword: boolean;
}

/** SPEC 2.1: confirm an account later: the e-mail, the code, or a new code. */
export function VerificationPage({ data }: { data: VerificationPageData }) {
  const { t, urls } = useSite();
  const state = useFormState(VERIFICATION_FORM);
  return (
    <section className="auth-card stack signup" aria-labelledby="verification-title">
      <h1 id="verification-title">{t('account:verification.title')}</h1>
      {data.sent && data.email ? <CodeSent email={data.email} resent={data.resent} /> : <p>{t('account:verification.intro')}</p>}
      {state?.status === 'succeeded' ? null : <FormMessage form={VERIFICATION_FORM} invalidFallback={false} />}
      <form className="stack" method="post" action={urls.route('accountVerification')} noValidate>
        <FormToken />
        <EmailField form={VERIFICATION_FORM} value={data.email} />
        <CodeField form={VERIFICATION_FORM} />
        {data.needsPassword ? (
          <TextField
            form={VERIFICATION_FORM}
            name="password"
            type="password"
            autoComplete="current-password"
            label={t('account:verification.password')}
            hint={t('account:verification.passwordHint')}
            required
          />
        ) : null}
        <CodeButtons verifyIntent="verification-verify" resendIntent="verification-resend" />
      </form>
      <p>
        {t('account:register.haveAccount')}{' '}
        <a className="link" href={urls.route('accountLogin')}>
          {t('account:register.signIn')}
        </a>
      </p>
    </section>
  );
}
