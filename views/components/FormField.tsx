import type { InputHTMLAttributes, ReactNode } from 'react';
import { messageParams } from '#platform/profile-rules.ts';
import { useFormState, useSite } from '../site-context.tsx';
import { SuccessMessage } from './SuccessMessage.tsx';

/**
 * The labelled fields of every form of the site's account pages (sign-up, verification, password
 * reset, onboarding, the account area): label, hint, control and message (SPEC 5), linked for
 * assistive technology. Each field reads its form's state itself (`useFormState(form)`): what the
 * visitor typed comes back with the messages; otherwise the stored value shows. The browser's own
 * validation stays off (`noValidate` on forms) so every visitor gets the site's messages in their
 * language. Messages are locale keys.
 */

interface FieldProps {
  /** The form whose state (values typed, messages) this field shows. */
  form: string;
  name: string;
  label: string;
  /** Ids are per form, so two forms on one page can have fields of the same name. */
  idPrefix?: string;
  /** The value stored (or prefilled), shown until the form comes back with the visitor's own. */
  value?: string | null | undefined;
  hint?: ReactNode;
  /** Required fields say nothing more; the others are marked "(optional)". */
  required?: boolean;
}

/** What an input may carry besides what the field itself decides. */
type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'form' | 'name' | 'id' | 'className' | 'value' | 'defaultValue' | 'required' | 'type' | 'children'
>;

export type TextFieldProps = FieldProps &
  InputAttributes & {
    type?: 'text' | 'tel' | 'date' | 'password' | 'email';
  };

/** A text input; a password input never shows a value again. */
export function TextField({ type = 'text', form, name, label, idPrefix, value, hint, required, ...input }: TextFieldProps) {
  return (
    <FieldFrame form={form} name={name} label={label} idPrefix={idPrefix} value={value} hint={hint} required={required}>
      {({ defaultValue, ...control }) => (
        <input
          {...input}
          {...control}
          aria-describedby={joinIds(input['aria-describedby'], control['aria-describedby'])}
          type={type}
          defaultValue={type === 'password' ? undefined : defaultValue}
        />
      )}
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  /** The option's own language, when it is not the page's (a language's name in itself). */
  lang?: string;
}

export function SelectField({ options, autoComplete, ...props }: FieldProps & { options: SelectOption[]; autoComplete?: string }) {
  return (
    <FieldFrame {...props}>
      {(control) => (
        <select {...control} autoComplete={autoComplete}>
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
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
  const error = useFieldError(form, name);
  const id = `${idPrefix}-${name}`;
  const describedBy = joinIds(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined);
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
        // A step of a form in steps comes back as succeeded with its values (FormOutcome.nextStep).
        defaultValue: state?.values[name] ?? value ?? '',
        ...(required ? { required: true } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      <FieldError form={form} name={name} idPrefix={idPrefix} />
    </div>
  );
}

/** The message key of a field of a form that came back, if it has one. */
export function useFieldError(form: string, name: string): string | undefined {
  const state = useFormState(form);
  return state && state.status !== 'succeeded' ? state.errors[name] : undefined;
}

/**
 * A field's message, `${idPrefix}-${name}-error` for `aria-describedby`: the fields above show
 * theirs; controls of their own markup (tick boxes, radio groups) use it too.
 */
export function FieldError({ form, name, idPrefix = form }: { form: string; name: string; idPrefix?: string }) {
  const { t } = useSite();
  const error = useFieldError(form, name);
  return error ? (
    <p className="field__error" id={`${idPrefix}-${name}-error`}>
      {t(error, messageParams(name, error))}
    </p>
  ) : null;
}

/**
 * A form's outcome as a whole: the success message (the flash after the redirect, else `fallback`),
 * the form's own message (a SPEC 8 failure or a refusal), or, when it came back invalid without
 * one, `invalidFallback` (false: nothing, the fields say it all).
 */
export function FormMessage({
  form,
  fallback,
  invalidFallback = 'account:form.checkFields',
}: {
  form: string;
  fallback?: string;
  invalidFallback?: string | false;
}) {
  const { t } = useSite();
  const state = useFormState(form);
  if (!state) return null;
  if (state.status === 'succeeded') {
    const message = state.message ?? fallback;
    return message ? <SuccessMessage>{t(message)}</SuccessMessage> : null;
  }
  const message = state.message ?? (state.status === 'invalid' ? invalidFallback || undefined : undefined);
  return message ? (
    <p className="form-error" role="alert">
      {t(message)}
    </p>
  ) : null;
}

const joinIds = (...ids: (string | undefined)[]): string | undefined => ids.filter(Boolean).join(' ') || undefined;
