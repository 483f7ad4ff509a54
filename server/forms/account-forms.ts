import type { Request } from 'express';
import { z } from 'zod';
import { brokenPasswordRules, passwordStrength, PASSWORD_MAX_LENGTH } from '#platform/password-policy.ts';
import { exactDigits } from '#platform/profile-rules.ts';
import { UserPoolError } from '../auth/user-pool-api.ts';
import type { FormOutcome, PageContext } from '../page.ts';
import type { PageProperties } from '../analytics/tracker.ts';
import { trackingContext } from '../site-renderer.tsx';
import { fields } from './parse-form.ts';

/**
 * The fields, password checks and refusals the sign-up, verification and password-reset forms
 * share (SPEC 5, 8). Messages are locale keys.
 */

const NAME_MAX_LENGTH = 100;

const name = () =>
  z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(NAME_MAX_LENGTH, 'validation:maxLength');

/** Step 1 of sign-up; step 2 carries the same values as hidden fields and checks them again. */
export const personalInfoSchema = z.object({
  firstName: name(),
  lastName: name(),
  email: fields.email(),
  terms: z.literal('on', { error: 'validation:acceptTerms' }),
});

/** The 6-digit code the identity service e-mails; spaces a visitor copies along are ignored. */
export const codeField = () =>
  z
    .string({ error: 'validation:required' })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(exactDigits('code', 'account:verification.codeFormat'));

export interface CheckedPassword {
  /** Field messages for `password` and `confirmPassword`, empty when both are fine. */
  errors: Record<string, string>;
  /** Not secret, shown again with the form: which rules the password broke and its strength label. */
  values: Record<string, string>;
}

/**
 * SPEC 5 on the server: every rule the password breaks is named (the view lists them from
 * `brokenRules`), the confirmation must match, and the strength label comes back with the form.
 */
export function checkPassword(body: Record<string, string>): CheckedPassword {
  const password = typeof body.password === 'string' ? body.password : '';
  const confirmation = typeof body.confirmPassword === 'string' ? body.confirmPassword : '';
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  if (!password) {
    errors.password = 'validation:required';
  } else if (password.length > PASSWORD_MAX_LENGTH) {
    errors.password = 'validation:maxLength';
  } else {
    const broken = brokenPasswordRules(password);
    values.strength = passwordStrength(password);
    if (broken.length) {
      errors.password = 'account:passwordRules.broken';
      values.brokenRules = broken.join(' ');
    }
  }
  if (!confirmation) errors.confirmPassword = 'validation:required';
  else if (password && confirmation !== password) errors.confirmPassword = 'validation:mustMatch';
  return { errors, values };
}

export type FormRefusal = Exclude<FormOutcome, { kind: 'succeeded' }>;

/** Which SPEC 8 message a service failure gets when it is not one of the user pool's own refusals. */
export type AccountFlow = 'register' | 'verification' | 'forgotPassword' | 'resetPassword';

const FAILURE_MESSAGES: Record<AccountFlow, string> = {
  register: 'errors:register.failed',
  verification: 'errors:verification.generic',
  forgotPassword: 'errors:forgotPassword.failed',
  resetPassword: 'errors:resetPassword.failed',
};

/**
 * The identity service's refusals as the visitor sees them (user-pool-api.ts): account exists
 * (409), incorrect code, the generic verification error, too many requests (429), a rejected
 * password; a failed delivery or anything else is the flow's SPEC 8 failure (503), never a 500.
 */
export function refusalOf(error: unknown, flow: AccountFlow, values: Record<string, string>): FormRefusal {
  const code = error instanceof UserPoolError ? error.code : undefined;
  switch (code) {
    case 'account_exists':
      return { kind: 'invalid', status: 409, values, errors: {}, message: 'errors:api.error.account.exists' };
    case 'code_mismatch':
      return { kind: 'invalid', values, errors: { code: 'errors:verification.incorrectCode' } };
    case 'code_expired':
    case 'invalid_request':
      return { kind: 'invalid', values, errors: {}, message: 'errors:verification.generic' };
    case 'too_many_requests':
      return { kind: 'invalid', status: 429, values, errors: {}, message: 'errors:verification.tooManyRequests' };
    case 'invalid_password':
      return { kind: 'invalid', values, errors: { password: 'account:passwordRules.rejected' } };
    case 'wrong_password':
      return { kind: 'invalid', values, errors: { password: 'errors:verification.wrongPassword' } };
    case 'delivery_failed':
      return { kind: 'failed', values, message: 'errors:register.deliveryFailed' };
    default:
      return { kind: 'failed', values, message: FAILURE_MESSAGES[flow], cause: error };
  }
}

/** A short, stable reason for analytics (SPEC 9.4 reason_code): the refusal's code, else `service_error`. */
export const reasonCodeOf = (error: unknown): string => (error instanceof UserPoolError ? error.code : 'service_error');

/** The visitor's address, for the identity service's per-address limits. */
export const clientIpOf = (req: Request): string => req.ip || req.socket.remoteAddress || 'unknown';

export const REGISTER_PAGE: PageProperties = { page_type: 'register', module_name: 'account', submodule_name: 'register' };

/** SPEC 9.4: registration events, all with the Default provider. */
export function trackRegistration(
  context: PageContext,
  event: { name: 'started' } | { name: 'progressed'; step: number } | { name: 'failed'; step: number; reason: string },
  page: PageProperties = REGISTER_PAGE,
): void {
  const { services, req } = context;
  const where = trackingContext(req, page);
  if (event.name === 'started') services.tracker.track('user_registration_started', where, { provider: 'Default' });
  else if (event.name === 'progressed') services.tracker.track('user_registration_step_progressed', where, { step_number: event.step });
  else
    services.tracker.track('user_registration_failed', where, {
      step_number: event.step,
      provider: 'Default',
      reason_code: event.reason.slice(0, 200),
    });
}
