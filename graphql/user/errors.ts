import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import { httpError } from '#platform/graphql-service.ts';
import { fieldMessages } from '#platform/profile-rules.ts';

/**
 * A refusal of the caller's input: `extensions.fields` maps each field to a locale key of SPEC 5
 * (`{ phoneNumber: 'validation:phone' }`), the same keys the site's forms show.
 */
export function badUserInput(fields: Record<string, string>, message = 'Invalid input'): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 }, fields } });
}

/** Parses with one of the shared rules, or throws the refusal with each field's message key. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw badUserInput(fieldMessages(result.error));
  return result.data;
}

/** Something the caller does not have, whether it does not exist or belongs to someone else. */
export const notFound = (what: string) => httpError(404, `${what} not found`, 'NOT_FOUND');

export function tooManyRequests(retryAfterSeconds: number): GraphQLError {
  return new GraphQLError('Too many requests, try again in a few minutes', {
    extensions: {
      code: 'TOO_MANY_REQUESTS',
      retryAfterSeconds,
      http: { status: 429, headers: new Map([['retry-after', String(retryAfterSeconds)]]) },
    },
  });
}
