import { useSite } from '../site-context.tsx';

export interface SignInPageData {
  retryUrl: string;
}

/** Shown when the last sign-in failed (SPEC 4.1, 8): the message and a way to try again. */
export function SignInPage({ data }: { data: SignInPageData }) {
  const { t } = useSite();
  return (
    <section className="auth-card stack">
      <h1>{t('account:signIn.title')}</h1>
      <p className="form-error" role="alert">
        {t('errors:signIn.failed')}
      </p>
      <a className="button button--primary" href={data.retryUrl}>
        {t('account:signIn.tryAgain')}
      </a>
    </section>
  );
}
