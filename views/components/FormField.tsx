import type { ReactNode } from 'react';
import { messageParams } from '#platform/profile-rules.ts';
import { useFormState, useSite } from '../site-context.tsx';

interface FieldProps {
  /** The form whose state (values typed, messages) this field shows. */
  form: string;
  name: string;
  label: string;
  /** Ids are per form, so two forms on one page can have fields of the same name. */
  idPrefix?: string;
  /** The value stored, shown until the visitor's own input comes back with a message. */
  value?: string | null | undefined;
  hint?: string | undefined;
  required?: boolean;
}

/**
 * A labelled field with its hint and its message (SPEC 5), linked for assistive technology. The
 * browser's own validation stays off (`noValidate` on forms) so every visitor gets the site's
 * messages in their language.
 */
export function TextField({
  type = 'text',
  autoComplete,
  inputMode,
  dir,
  ...props
}: FieldProps & {
  type?: 'text' | 'tel' | 'date' | 'password' | 'email';
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  dir?: 'ltr';
}) {
  return (
    <FieldFrame {...props}>
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          dir={dir}
          defaultValue={type === 'password' ? undefined : control.defaultValue}
        />
      )}
    </FieldFrame>
  );
}

export function SelectField({ options, ...props }: FieldProps & { options: { value: string; label: string }[] }) {
  return (
    <FieldFrame {...props}>
      {(control) => (
        <select {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

interface Control {
  id: string;
  name: string;
  className: string;
  defaultValue: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

function FieldFrame({
  form,
  name,
  label,
  idPrefix = form,
  value,
  hint,
  required,
  children,
}: FieldProps & { children: (control: Control) => ReactNode }) {
  const { t } = useSite();
  const state = useFormState(form);
  const error = state?.status !== 'succeeded' ? state?.errors[name] : undefined;
  const id = `${idPrefix}-${name}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const typed = state && state.status !== 'succeeded' ? state.values[name] : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? null : <span className="field__optional"> {t('account:form.optional')}</span>}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        name,
        className: 'field__input',
        defaultValue: typed ?? value ?? '',
        ...(required ? { required: true } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {t(error, messageParams(name, error))}
        </p>
      ) : null}
    </div>
  );
}

/** A form's outcome as a whole: the success flash after the redirect, or the SPEC 8 failure. */
export function FormMessage({ form, fallback }: { form: string; fallback?: string }) {
  const { t } = useSite();
  const state = useFormState(form);
  if (!state) return null;
  if (state.status === 'succeeded') {
    const message = state.message ?? fallback;
    return message ? (
      <p className="form-success" role="status">
        {t(message)}
      </p>
    ) : null;
  }
  const message = state.message ?? (state.status === 'invalid' ? 'account:form.checkFields' : undefined);
  return message ? (
    <p className="form-error" role="alert">
      {t(message)}
    </p>
  ) : null;
}
