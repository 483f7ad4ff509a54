import { z } from 'zod';

export type ParsedForm<Data> = { ok: true; data: Data } | { ok: false; values: Record<string, string>; errors: Record<string, string> };

/**
 * Validates a submitted form against a zod schema whose messages are locale keys (SPEC 5), and
 * keeps what the visitor typed so the form can show it again. Only a field's first problem is shown.
 */
export function parseForm<Schema extends z.ZodType>(schema: Schema, body: unknown): ParsedForm<z.output<Schema>> {
  const values = textFields(body);
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, values: withoutSecrets(values), errors };
}

/** Form bodies as plain text fields; anything else a crafted request sends is dropped. */
function textFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Passwords and tokens are never sent back into a page. */
function withoutSecrets(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !/password|_csrf|token|memberPin/i.test(name)));
}

/** SPEC 5 messages for the common field rules. */
export const fields = {
  email: () =>
    z
      .string({ error: 'validation:required' })
      .trim()
      .min(1, 'validation:required')
      .max(254, 'validation:maxLength')
      .pipe(z.email('validation:email')),
};
