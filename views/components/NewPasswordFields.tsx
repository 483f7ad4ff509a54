import { PASSWORD_RULES, type PasswordRule } from '#platform/password-policy.ts';
import { useFormState, useSite } from '../site-context.tsx';
import { TextField, useFieldError } from './FormField.tsx';

/**
 * A new password (`password`) and its confirmation (`confirmPassword`), with the SPEC 5 rules listed
 * and the strength label: sign-up, password reset and the account's change of password. The server
 * (`checkPassword` of server/forms/account-forms.ts) marks the rules a submitted password broke and
 * sends the strength back; with JavaScript the list, the label and the confirmation check follow the
 * typing (client/enhancements/password-strength.ts).
 */
export function NewPasswordFields({ form, label, confirmLabel }: { form: string; label?: string; confirmLabel?: string }) {
  const { t, assets } = useSite();
  assets.use('password-strength');
  const state = useFormState(form);
  const values = state?.status === 'succeeded' ? {} : (state?.values ?? {});
  const broken = new Set((values.brokenRules ?? '').split(' ').filter(Boolean) as PasswordRule[]);
  const strength = values.strength;
  const passwordError = useFieldError(form, 'password');
  const id = `${form}-password`;
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
        <label className="field__label" htmlFor={id}>
          {label ?? t('account:passwordRules.password')}
        </label>
        <input
          className="field__input"
          id={id}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          data-password-input=""
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={[rulesId, passwordError ? `${id}-error` : null].filter(Boolean).join(' ')}
        />
        {passwordError ? (
          <p className="field__error" id={`${id}-error`}>
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
            const met = strength ? !broken.has(rule) : undefined;
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
        label={confirmLabel ?? t('account:passwordRules.confirm')}
        required
        data-password-confirm=""
        data-match-labels={JSON.stringify({ match: t('account:passwordRules.matches'), mismatch: t('validation:mustMatch') })}
      />
      <p className="password-match" aria-live="polite" data-confirm-output="" />
    </div>
  );
}
