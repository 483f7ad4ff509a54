import { SOCIAL_PROVIDERS } from '#platform/social-providers.ts';
import { FormToken } from '../../components/FormToken.tsx';
import { FieldError, FormMessage, TextField, useFieldError } from '../../components/FormField.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { useFormState, useSite, type FormState } from '../../site-context.tsx';
import { StepProgress } from './StepProgress.tsx';

/** Steps 1 and 2 share one form state: `values.step` says which one the page shows. */
export const REGISTER_FORM = 'register';
/** Step 3: the code, and "send a new code". */
export const REGISTER_CODE_FORM = 'register-code';

export type RegisterPageData =
  | { step: 'form'; returnTo: string }
  | { step: 'verify'; email: string; resent: boolean }
  | { step: 'done'; next: string; firstName: string };

/** SPEC 2.1, 2.4: sign-up in three steps, then the done state. Works without JavaScript. */
export function RegisterPage({ data }: { data: RegisterPageData }) {
  const state = useFormState(REGISTER_FORM);
  if (data.step === 'done') return <DoneState next={data.next} firstName={data.firstName} />;
  if (data.step === 'verify') return <CodeStep email={data.email} resent={data.resent} />;
  if (state?.values.step === 'password') return <PasswordStep state={state} />;
  return <DetailsStep state={state} returnTo={state?.values.returnTo ?? data.returnTo} />;
}

function DetailsStep({ state, returnTo }: { state: FormState | undefined; returnTo: string }) {
  const { t, urls } = useSite();
  const termsError = useFieldError(REGISTER_FORM, 'terms');
  return (
    <section className="auth-card stack signup" aria-labelledby="register-title">
      <StepProgress step={1} />
      <h1 id="register-title">{t('account:register.title')}</h1>
      <p>{t('account:register.details.intro')}</p>
      <FormMessage form={REGISTER_FORM} invalidFallback={false} />
      <form className="stack" method="post" action={urls.route('accountRegister')} noValidate>
        <FormToken />
        <input type="hidden" name="intent" value="register-details" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="field-pair">
          <TextField
            form={REGISTER_FORM}
            name="firstName"
            label={t('account:register.details.firstName')}
            autoComplete="given-name"
            required
          />
          <TextField
            form={REGISTER_FORM}
            name="lastName"
            label={t('account:register.details.lastName')}
            autoComplete="family-name"
            required
          />
        </div>
        <EmailField form={REGISTER_FORM} />
        <div className="field field--checkbox">
          <input
            className="checkbox"
            type="checkbox"
            id="register-terms"
            name="terms"
            value="on"
            defaultChecked={state?.values.terms === 'on'}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'register-terms-error' : undefined}
          />
          <label htmlFor="register-terms">
            {t('account:register.details.termsBefore')}
            <a className="link" href={urls.route('termsAndConditions')} target="_blank" rel="noopener">
              {t('account:register.details.termsLink')}
            </a>
            {t('account:register.details.termsAfter')}
          </label>
          <FieldError form={REGISTER_FORM} name="terms" />
        </div>
        <button type="submit" className="button button--primary">
          {t('account:register.details.submit')}
        </button>
      </form>
      <SocialSignUp returnTo={returnTo} />
      <p>
        {t('account:register.haveAccount')}{' '}
        <a className="link" href={`${urls.route('accountLogin')}?returnTo=${encodeURIComponent(returnTo)}`}>
          {t('account:register.signIn')}
        </a>
      </p>
    </section>
  );
}

/**
 * SPEC 2.4, 4.1: signing up through a social provider is signing in with it (decision 0021). The
 * identity service knows which providers are configured and says so when one is unavailable.
 */
function SocialSignUp({ returnTo }: { returnTo: string }) {
  const { t, urls } = useSite();
  return (
    <section className="social-sign-in stack" aria-labelledby="register-social-title">
      <h2 className="social-sign-in__title" id="register-social-title">
        {t('account:register.social.title')}
      </h2>
      <ul className="social-sign-in__list" role="list">
        {SOCIAL_PROVIDERS.map((provider) => (
          <li key={provider} className="social-sign-in__item">
            <a
              className={`button button--ghost social-button social-button--${provider}`}
              href={`${urls.route('accountLogin')}?provider=${provider}&returnTo=${encodeURIComponent(returnTo)}`}
            >
              {t(`account:register.social.${provider}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PasswordStep({ state }: { state: FormState }) {
  const { t, urls } = useSite();
  const { values } = state;
  return (
    <section className="auth-card stack signup" aria-labelledby="register-title">
      <StepProgress step={2} />
      <h1 id="register-title">{t('account:register.password.title')}</h1>
      <p>
        {t('account:register.password.intro')} <strong dir="ltr">{values.email}</strong>
      </p>
      <FormMessage form={REGISTER_FORM} invalidFallback={false} />
      <form className="stack" method="post" action={urls.route('accountRegister')} noValidate>
        <FormToken />
        {(['firstName', 'lastName', 'email', 'terms', 'returnTo'] as const).map((name) => (
          <input key={name} type="hidden" name={name} value={values[name] ?? ''} />
        ))}
        <NewPasswordFields form={REGISTER_FORM} />
        {/* The first button is the one Enter presses. */}
        <div className="form-actions">
          <button type="submit" className="button button--primary" name="intent" value="register-password">
            {t('account:register.password.submit')}
          </button>
          <button type="submit" className="button button--ghost" name="intent" value="register-edit">
            {t('account:register.password.back')}
          </button>
        </div>
      </form>
    </section>
  );
}

function CodeStep({ email, resent }: { email: string; resent: boolean }) {
  const { t, urls } = useSite();
  const action = `${urls.route('accountRegister')}?step=verify`;
  return (
    <section className="auth-card stack signup" aria-labelledby="register-title">
      <StepProgress step={3} />
      <h1 id="register-title">{t('account:register.code.title')}</h1>
      <CodeSent email={email} resent={resent} />
      <FormMessage form={REGISTER_CODE_FORM} invalidFallback={false} />
      <form className="stack" method="post" action={action} noValidate>
        <FormToken />
        <CodeField form={REGISTER_CODE_FORM} />
        <CodeButtons verifyIntent="register-verify" resendIntent="register-resend" />
      </form>
      <p>
        {t('account:register.code.wrongEmail')}{' '}
        <a className="link" href={urls.route('accountRegister')}>
          {t('account:register.code.startAgain')}
        </a>
      </p>
    </section>
  );
}

const EMAIL_MARK = '@@email@@';

/** SPEC 2.4: the first send's message, and after a resend the second one. */
export function CodeSent({ email, resent }: { email: string; resent: boolean }) {
  const { t } = useSite();
  const [before, after] = t(resent ? 'account:verification.resent' : 'account:verification.sent', { email: EMAIL_MARK }).split(EMAIL_MARK);
  return (
    <p className={resent ? 'form-success' : undefined} role={resent ? 'status' : undefined} data-code-sent={resent ? 'resent' : 'sent'}>
      <span>
        {before}
        <strong dir="ltr">{email}</strong>
        {after}
      </span>
    </p>
  );
}

/** The 6-digit code: numeric keyboard, filled from the message by phones that can. */
/** The e-mail an account signs in with, as every sign-up and password form asks for it. */
export function EmailField({ form, value }: { form: string; value?: string }) {
  const { t } = useSite();
  return (
    <TextField
      form={form}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      spellCheck={false}
      dir="ltr"
      label={t('account:register.details.email')}
      value={value}
      required
    />
  );
}

/** Step 3's two buttons: check the code, or send a new one (SPEC 2.4). */
export function CodeButtons({ verifyIntent, resendIntent }: { verifyIntent: string; resendIntent: string }) {
  const { t } = useSite();
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary" name="intent" value={verifyIntent}>
        {t('account:verification.submit')}
      </button>
      <button type="submit" className="button button--ghost" name="intent" value={resendIntent}>
        {t('account:verification.resend')}
      </button>
    </div>
  );
}

export function CodeField({ form }: { form: string }) {
  const { t } = useSite();
  return (
    <TextField
      form={form}
      name="code"
      label={t('account:verification.code')}
      hint={t('account:verification.codeHint')}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      dir="ltr"
      required
    />
  );
}

function DoneState({ next, firstName }: { next: string; firstName: string }) {
  const { t } = useSite();
  return (
    <section className="auth-card stack signup signup--done" aria-labelledby="register-title">
      <p className="eyebrow">{t('account:register.done.eyebrow')}</p>
      <h1 id="register-title">{t('account:register.done.heading', { name: firstName })}</h1>
      <p role="status">{t('account:register.done.redirecting')}</p>
      <a className="button button--primary" href={next}>
        {t('account:register.done.continue')}
      </a>
    </section>
  );
}
