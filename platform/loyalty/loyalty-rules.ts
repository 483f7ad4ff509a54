import { z } from 'zod';
import { exactDigits } from '../profile-rules.ts';
import { LOYALTY_POINTS_STEP } from './loyalty-programme.ts';

/**
 * The rules of the loyalty fields (SPEC 5, 9.2), with messages as locale keys, shared by the
 * services that check them and the site's forms that show them (like `profile-rules.ts`).
 */

/** Ten digits as printed on the programme's card; spaces and dashes are dropped. */
export const memberIdRule = z
  .string({ error: 'validation:required' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(exactDigits('memberId', 'loyalty:errors.memberIdFormat'));

/** Four digits. */
export const memberPinRule = z.string({ error: 'validation:required' }).trim().pipe(exactDigits('memberPin', 'loyalty:errors.pinFormat'));

export const loyaltyLinkRules = z.object({ memberId: memberIdRule, memberPin: memberPinRule });

/** SPEC 5, 9.2: points to spend, a positive whole number in steps of 50. */
export const pointsRule = z
  .number({ error: 'loyalty:errors.pointsStep' })
  .int('loyalty:errors.pointsStep')
  .min(LOYALTY_POINTS_STEP, 'loyalty:errors.pointsStep')
  .max(10_000_000, 'loyalty:errors.pointsStep')
  .refine((points) => points % LOYALTY_POINTS_STEP === 0, 'loyalty:errors.pointsStep');
