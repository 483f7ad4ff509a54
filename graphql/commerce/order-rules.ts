import { z } from 'zod';
import { AFFILIATE_CODE_PATTERN } from '#platform/affiliate-code.ts';
import { addressRules, normalisePhone, profileFields } from '#platform/profile-rules.ts';

/**
 * SPEC 2.4, 5: the rules of `orderCreate`'s details. Problems come back as `{ field, message }` with
 * the field's path (`customer.confirmEmail`, `billingAddress.countryCode`) and a locale key of
 * `locales/*\/validation.json`, the same keys the checkout form shows.
 */

export const PAYMENT_METHODS = ['CREDIT_CARD', 'MOBILE_WALLET', 'INSTALMENTS'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Decision 0039: a total that loyalty points cover entirely is paid with them, and no other way. */
export const LOYALTY_POINTS_METHOD = 'LOYALTY_POINTS';
export type OrderPaymentMethod = PaymentMethod | typeof LOYALTY_POINTS_METHOD;

export interface OrderRulesContext {
  /** The cart has an item that ships: a shipping address is required. */
  isShippingRequired: boolean;
  /** The methods every ticket of the cart allows (INSTALMENTS only when the cart is eligible), or LOYALTY_POINTS alone. */
  allowedPaymentMethods: readonly OrderPaymentMethod[];
  /** The site's own origin: the payment page may only send the visitor back there. */
  baseUrl: string;
}

const email = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .max(254, 'validation:maxLength')
  .pipe(z.email('validation:email'));

/** SPEC 5: required, international format (+966...). */
const phone = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .transform((value, context) => {
    const normalised = normalisePhone(value);
    if (normalised) return normalised;
    context.addIssue({ code: 'custom', message: 'validation:phone' });
    return z.NEVER;
  });

const orderAddress = addressRules.pick({ address1: true, address2: true, city: true, state: true, postalCode: true, countryCode: true });

export function orderRules(context: OrderRulesContext) {
  const origin = new URL(context.baseUrl).origin;
  return z
    .object({
      cartId: z.string().min(1, 'validation:required'),
      eventId: z.string().min(1, 'validation:required'),
      customer: z
        .object({
          email,
          confirmEmail: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required'),
          firstName: profileFields.firstName,
          middleName: profileFields.middleName,
          lastName: profileFields.lastName,
          gender: profileFields.gender,
          phoneNumber: phone,
          birthDate: profileFields.birthDate,
        })
        // SPEC 2.4, 5: the e-mail typed twice, compared without case (addresses are not case-sensitive in practice).
        .refine((customer) => String(customer.confirmEmail).trim().toLowerCase() === String(customer.email).trim().toLowerCase(), {
          message: 'validation:mustMatch',
          path: ['confirmEmail'],
          // Also when another field of the customer is wrong, so that every problem shows at once.
          when: (payload) => {
            const value = payload.value as { email?: unknown; confirmEmail?: unknown };
            return typeof value?.email === 'string' && typeof value.confirmEmail === 'string';
          },
        }),
      billingAddress: orderAddress,
      shippingAddress: context.isShippingRequired
        ? z.object(orderAddress.shape, { error: 'validation:required' })
        : orderAddress.nullable().optional().catch(null),
      paymentMethod: z
        .enum([...PAYMENT_METHODS, LOYALTY_POINTS_METHOD], { error: 'validation:choice' })
        .refine((method) => context.allowedPaymentMethods.includes(method), {
          message: 'validation:choice',
        }),
      // SPEC 5: accepting the terms is required.
      acceptedTerms: z.literal(true, { error: 'validation:acceptTerms' }),
      // SPEC 5: WhatsApp delivery needs consent; the checkout offers it as a choice, so it is recorded, never forced.
      whatsappConsent: z.boolean().nullable().optional(),
      returnUrl: z
        .string({ error: 'validation:required' })
        .refine((value) => URL.canParse(value) && new URL(value).origin === origin, { message: 'validation:returnUrl' }),
      locale: z.enum(['en', 'ar'], { error: 'validation:choice' }),
      // SPEC 7.4: the partner to credit, as the affiliate cookie holds it.
      affiliateCode: z.string().regex(AFFILIATE_CODE_PATTERN, 'validation:choice').nullable().optional(),
    })
    .strip();
}

export type OrderDetails = z.output<ReturnType<typeof orderRules>>;

export interface ValidationProblem {
  field: string;
  message: string;
}

/** The details parsed, or every field's first problem. */
export function checkOrderDetails(
  input: unknown,
  context: OrderRulesContext,
): { ok: true; details: OrderDetails } | { ok: false; problems: ValidationProblem[] } {
  const result = orderRules(context).safeParse(input);
  if (result.success) return { ok: true, details: result.data };
  const problems = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    if (!problems.has(field)) problems.set(field, issue.message);
  }
  return { ok: false, problems: [...problems].map(([field, message]) => ({ field, message })) };
}
