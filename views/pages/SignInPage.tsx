import { FormMessage } from '../components/FormField.tsx';
import { useSite } from '../site-context.tsx';

export interface SignInPageData {
  retryUrl: string;
  /** The last sign-in failed; otherwise the visitor has just signed out. */
  failed: boolean;
}

/**
 * Shown once instead of the hosted login page: when the last sign-in failed (SPEC 4.1, 8), or
 * right after signing out (the sign-out form's message), with a way to sign in again.
 */
export function SignInPage({ data }: { data: SignInPageData }) {
  const { t } = useSite();
  return (
    <section className="auth-card stack">
      <h1>{t('account:signIn.title')}</h1>
      {data.failed ? (
        <p className="form-error" role="alert">
          {t('errors:signIn.failed')}
        </p>
      ) : (
        <FormMessage form="sign-out" />
      )}
      <a className="button button--primary" href={data.retryUrl}>
        {t('account:signIn.tryAgain')}
      </a>
    </section>
  );
}
