import { z } from 'zod';
import { addressRules, PROFILE_LOCALES, profileFields, updateUserRules } from '#platform/profile-rules.ts';

/**
 * The account area's forms (SPEC 3.3, 5) as the browser sends them: text fields, blank when left
 * empty. The field rules are the user service's own (`platform/profile-rules.ts`), so the page and
 * the service can never disagree; here they are only combined into forms.
 */

/** The details form: names cannot be cleared; a blank optional field clears it. */
export const detailsForm = updateUserRules.omit({ locale: true }).extend({
  firstName: profileFields.firstName,
  lastName: profileFields.lastName,
});

export const addressForm = addressRules;

export const preferencesForm = z.object({ locale: z.enum(PROFILE_LOCALES, { error: 'validation:required' }) });

/**
 * SPEC 5: the current password proves who asks. The new one (`password`, `confirmPassword`) is
 * checked like sign-up's and reset's, by `checkPassword` of account-forms.ts.
 */
export const changePasswordForm = z.object({
  currentPassword: z.string({ error: 'validation:required' }).min(1, 'validation:required'),
});

export const deleteAccountForm = z.object({
  understood: z.literal('on', { error: 'account:manage.delete.mustConfirm' }),
});
