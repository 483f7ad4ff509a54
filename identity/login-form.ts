import { z } from 'zod';

/** Keys into the locale file (SPEC 5 messages), per field. */
export type LoginFieldErrors = Partial<Record<'email' | 'password', string>>;

export type LoginFormResult =
  { valid: true; email: string; password: string } | { valid: false; email: string; fieldErrors: LoginFieldErrors };

const REQUIRED = 'validation.required';

const loginForm = z.object({
  email: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(254, 'validation.email')
    .pipe(z.email({ error: 'validation.email' })),
  // Not trimmed: spaces can be part of a password. Its length is capped by the body size limit.
  password: z.string({ error: REQUIRED }).min(1, REQUIRED),
});

/** Validates a posted sign-in form; an invalid one comes back with what to show beside each field. */
export function parseLoginForm(body: unknown): LoginFormResult {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const parsed = loginForm.safeParse(fields);
  if (parsed.success) return { valid: true, ...parsed.data };
  const fieldErrors: LoginFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LoginFieldErrors;
    fieldErrors[field] ??= issue.message;
  }
  return { valid: false, email: typeof fields.email === 'string' ? fields.email.trim().slice(0, 254) : '', fieldErrors };
}
