import type { InputHTMLAttributes, ReactNode } from 'react';
import { PASSWORD_RULES, type PasswordRule } from '#platform/password-policy.ts';
import { useSite, type FormState } from '../../site-context.tsx';

/**
 * The pieces the sign-up, verification and password pages share: labelled fields with their
 * SPEC 5 messages, the password rules with the strength label, the form's own message, and the
 * step indicator. Messages are locale keys from the form state.
 */

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id' | 'defaultValue' | 'form'> {
  form: string;
  name: string;
  label: string;
  state: FormState | undefined;
  /** Shown when the form comes back without a value for this field. */
  initialValue?: string;
  hint?: ReactNode;
}

export function TextField({ form, name, label, state, initialValue = '', hint, type = 'text', ...input }: TextFieldProps) {
  const { t } = useSite();
  const id = `${form}-${name}`;
  const error = state?.errors[name];
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const keepsValue = type !== 'password';
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
        {...input}
        type={type}
        className="field__input"
        id={id}
        name={name}
        defaultValue={keepsValue ? (state?.values[name] ?? initialValue) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {t(error, { max: 100 })}
        </p>
      ) : null}
    </div>
  );
}

/** The form's message: a SPEC 8 failure or refusal (alert), or a success (status). */
export function FormMessage({ state, id }: { state: FormState | undefined; id?: string }) {
  const { t } = useSite();
  if (!state?.message) return null;
  const success = state.status === 'succeeded';
  return (
    <p className={success ? 'form-success' : 'form-error'} role={success ? 'status' : 'alert'} id={id}>
      {t(state.message)}
    </p>
  );
}

/** "Step n of 3", with a bar for sighted visitors. */
export function StepProgress({ step }: { step: 1 | 2 | 3 }) {
  const { t } = useSite();
  return (
    <div className="step-progress">
      <p className="eyebrow">{t('account:register.progress', { step, total: 3 })}</p>
      <ol className="step-progress__bar" aria-hidden="true">
        {[1, 2, 3].map((n) => (
          <li key={n} className="step-progress__segment" data-done={n <= step ? '' : undefined} />
        ))}
      </ol>
    </div>
  );
}

/**
 * A new password and its confirmation, with the SPEC 5 rules listed and the strength label. The
 * server marks the rules a submitted password broke; with JavaScript the list, the label and the
 * confirmation check follow the typing (client/enhancements/password-strength.ts).
 */
export function NewPasswordFields({ form, state, label }: { form: string; state: FormState | undefined; label?: string }) {
  const { t, assets } = useSite();
  assets.use('password-strength');
  const broken = new Set((state?.values.brokenRules ?? '').split(' ').filter(Boolean) as PasswordRule[]);
  const checked = Boolean(state?.values.strength);
  const strength = state?.values.strength;
  const passwordError = state?.errors.password;
  const rulesId = `${form}-password-rules`;
  const strengthLabels = {
    weak: t('account:passwordRules.weak'),
    medium: t('account:passwordRules.medium'),
    strong: t('account:passwordRules.strong'),
  };
  return (
    <div
      className="new-password stack"
      data-password-strength=""
      data-met-label={t('account:passwordRules.met')}
      data-unmet-label={t('account:passwordRules.unmet')}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${form}-password`}>
          {label ?? t('account:passwordRules.password')}
        </label>
        <input
          className="field__input"
          id={`${form}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          data-password-input=""
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={[rulesId, passwordError ? `${form}-password-error` : null].filter(Boolean).join(' ')}
        />
        {passwordError ? (
          <p className="field__error" id={`${form}-password-error`}>
            {t(passwordError)}
            {broken.size
              ? ` ${[...broken].map((rule) => t(`account:passwordRules.${rule}`)).join(t('account:passwordRules.separator'))}`
              : ''}
          </p>
        ) : null}
      </div>
      <div className="password-rules" id={rulesId}>
        <p className="password-rules__title">{t('account:passwordRules.title')}</p>
        <ul className="password-rules__list">
          {PASSWORD_RULES.map((rule) => {
            const met = checked ? !broken.has(rule) : undefined;
            return (
              <li key={rule} className="password-rules__rule" data-rule={rule} data-met={met === undefined ? undefined : String(met)}>
                {t(`account:passwordRules.${rule}`)}
                <span className="visually-hidden" data-rule-state="">
                  {met === undefined ? '' : ` (${t(met ? 'account:passwordRules.met' : 'account:passwordRules.unmet')})`}
                </span>
              </li>
            );
          })}
        </ul>
        <p
          className="password-strength"
          aria-live="polite"
          data-strength-output=""
          data-strength={strength}
          data-labels={JSON.stringify({ ...strengthLabels, prefix: t('account:passwordRules.strength') })}
        >
          {strength ? `${t('account:passwordRules.strength')} ${strengthLabels[strength as keyof typeof strengthLabels]}` : ''}
        </p>
      </div>
      <TextField
        form={form}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        label={t('account:passwordRules.confirm')}
        state={state}
        data-password-confirm=""
        data-match-labels={JSON.stringify({ match: t('account:passwordRules.matches'), mismatch: t('validation:mustMatch') })}
      />
      <p className="password-match" aria-live="polite" data-confirm-output="" />
    </div>
  );
}
