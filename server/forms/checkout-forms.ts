import { z } from 'zod';
import { addressRules, GENDERS, normalisePhone, profileFields } from '#platform/profile-rules.ts';
import { fields } from './parse-form.ts';

/**
 * The checkout's forms (SPEC 2.4, 5) as the browser sends them, one per step. The field rules are
 * the profile's (`platform/profile-rules.ts`), so checkout and the account area say the same thing
 * about the same field; the commerce service checks the order again when it is placed.
 */

export const PAYMENT_METHODS = ['CREDIT_CARD', 'MOBILE_WALLET', 'INSTALMENTS'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** SPEC 2.4, 5: the e-mail typed twice; the second must match the first. */
export const emailStepForm = z
  .object({ email: fields.email(), confirmEmail: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required') })
  .refine((value) => value.email.toLowerCase() === value.confirmEmail.toLowerCase(), {
    path: ['confirmEmail'],
    message: 'validation:mustMatch',
  });

/** SPEC 5: the phone in international format is required here: the order's tickets and news go to it. */
const requiredPhone = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .transform((value, context) => {
    const normalised = normalisePhone(value);
    if (normalised) return normalised;
    context.addIssue({ code: 'custom', message: 'validation:phone' });
    return z.NEVER;
  });

export const detailsStepForm = z.object({
  firstName: profileFields.firstName,
  middleName: profileFields.middleName,
  lastName: profileFields.lastName,
  gender: z.preprocess((value) => (value === '' ? undefined : value), z.enum(GENDERS, { error: 'validation:choice' }).optional()),
  phoneNumber: requiredPhone,
  birthDate: profileFields.birthDate,
});

export const addressStepForm = addressRules.omit({ nickname: true, isDefault: true });

/** The shipping step: the billing address again, or one of its own. */
export const shippingStepForm = z.union([z.object({ sameAsBilling: z.literal('on') }), addressStepForm]);

export const finalizeStepForm = z.object({
  // Decision 0039: LOYALTY_POINTS only when the points cover the whole total (checked against the cart).
  paymentMethod: z.enum([...PAYMENT_METHODS, 'LOYALTY_POINTS'], { error: 'validation:choice' }),
  acceptTerms: profileFields.acceptTerms,
  whatsappConsent: z.preprocess((value) => value === 'on' || value === 'true', z.boolean()),
});

export type EmailStep = z.output<typeof emailStepForm>;
export type DetailsStep = z.output<typeof detailsStepForm>;
export type AddressStep = z.output<typeof addressStepForm>;
export type FinalizeStep = z.output<typeof finalizeStepForm>;

/** SPEC 4.3: one row per ticket of the assignment form; names as the profile's. */
export const holderForm = z.object({
  firstName: profileFields.firstName,
  lastName: profileFields.lastName,
  email: fields.email(),
});

/** SPEC 5, 7.2: tickets go to WhatsApp only with the visitor's consent, given with the number. */
export const whatsappOptinForm = z.object({
  phoneNumber: requiredPhone,
  whatsappConsent: z.literal('on', { error: 'validation:acceptWhatsapp' }),
});
