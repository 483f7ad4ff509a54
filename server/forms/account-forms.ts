import { z } from 'zod';
import { brokenPasswordRules, PASSWORD_MAX_LENGTH } from '#platform/password-policy.ts';
import { COUNTRY_CODES } from '#platform/country-codes.ts';

/**
 * The account area's forms (SPEC 3.3, 5) as the browser sends them: text fields, empty when left
 * blank. The field rules themselves are the user service's (`platform/profile-rules.ts`), so the
 * page and the service can never disagree; here they are only fitted to form fields.
 */

// Until the user service's rules land on this branch, the same SPEC 5 rules, written here.
const LIMITS = { name: 50, nickname: 50, addressLine: 100, city: 60, state: 60, postalCode: 16 };
const E164 = /^\+[1-9]\d{7,14}$/;
const rules = {
  text: (max: number) => z.string().max(max, 'validation:maxLength'),
  requiredText: (max: number) =>
    z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(max, 'validation:maxLength'),
  name: () => rules.requiredText(LIMITS.name),
  phone: () =>
    z
      .string()
      .transform((value) => value.replace(/[\s().-]/g, ''))
      .pipe(z.string().regex(E164, 'validation:phone')),
  birthDate: () =>
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:dateMax')
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'validation:dateMax')
      .refine((value) => value < new Date().toISOString().slice(0, 10), 'validation:dateMax'),
};

/** An optional text field: blank is "not given" (null clears it in the user service). */
const optional = <Schema extends z.ZodType<unknown, string>>(schema: Schema) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(schema.nullable());

export const detailsForm = z.object({
  firstName: rules.name(),
  middleName: optional(rules.name()),
  lastName: rules.name(),
  phoneNumber: optional(rules.phone()),
  whatsappPhone: optional(rules.phone()),
  birthDate: optional(rules.birthDate()),
  gender: z
    .enum(['', 'male', 'female'], { error: 'validation:required' })
    .default('')
    .transform((value) => (value === '' ? null : value)),
});

export const addressForm = z.object({
  nickname: optional(rules.text(LIMITS.nickname)),
  address1: rules.requiredText(LIMITS.addressLine),
  address2: optional(rules.text(LIMITS.addressLine)),
  city: rules.requiredText(LIMITS.city),
  state: optional(rules.text(LIMITS.state)),
  postalCode: optional(rules.text(LIMITS.postalCode)),
  countryCode: z.enum(COUNTRY_CODES, { error: 'validation:required' }),
  isDefault: z
    .string()
    .optional()
    .transform((value) => value === 'on' || value === 'true'),
});

export const preferencesForm = z.object({ locale: z.enum(['en', 'ar'], { error: 'validation:required' }) });

/** SPEC 5: the new password meets every rule and is typed twice; the current one proves who asks. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string({ error: 'validation:required' }).min(1, 'validation:required'),
    newPassword: z
      .string({ error: 'validation:required' })
      .min(1, 'validation:required')
      .max(PASSWORD_MAX_LENGTH, 'validation:maxLength')
      .refine((password) => brokenPasswordRules(password).length === 0, 'account:manage.password.rules'),
    confirmPassword: z.string({ error: 'validation:required' }).min(1, 'validation:required'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ['confirmPassword'], message: 'validation:mustMatch' });

export const deleteAccountForm = z.object({
  understood: z.literal('on', { error: 'account:manage.delete.mustConfirm' }),
});
