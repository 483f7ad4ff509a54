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

/**
 * The user service's loyalty refusals (decision 0039): each with its code, HTTP status and the
 * locale key the site shows (`loyalty:errors.*`, SPEC 8).
 */
export type LoyaltyErrorCode =
  | 'LOYALTY_MEMBER_NOT_FOUND'
  | 'LOYALTY_PIN_INCORRECT'
  | 'LOYALTY_PIN_LOCKED'
  | 'LOYALTY_ALREADY_LINKED'
  | 'LOYALTY_PIN_REQUIRED'
  | 'LOYALTY_UNAVAILABLE';

const LOYALTY_ERRORS: Record<LoyaltyErrorCode, { status: number; field: string; message: string }> = {
  LOYALTY_MEMBER_NOT_FOUND: { status: 422, field: 'memberId', message: 'No member has this member id' },
  LOYALTY_PIN_INCORRECT: { status: 422, field: 'memberPin', message: 'Member id and PIN combination incorrect' },
  LOYALTY_PIN_LOCKED: { status: 422, field: 'memberPin', message: 'Too many wrong PINs: the programme locked the PIN for a while' },
  LOYALTY_ALREADY_LINKED: { status: 409, field: 'memberId', message: 'The member is linked to another account' },
  LOYALTY_PIN_REQUIRED: { status: 403, field: 'memberPin', message: 'Enter the PIN again: the last verification has expired' },
  LOYALTY_UNAVAILABLE: { status: 503, field: 'form', message: 'The loyalty programme is not answering' },
};

const LOYALTY_MESSAGE_KEYS: Record<LoyaltyErrorCode, string> = {
  LOYALTY_MEMBER_NOT_FOUND: 'loyalty:errors.memberNotFound',
  LOYALTY_PIN_INCORRECT: 'loyalty:errors.pinIncorrect',
  LOYALTY_PIN_LOCKED: 'loyalty:errors.pinLocked',
  LOYALTY_ALREADY_LINKED: 'loyalty:errors.alreadyLinked',
  LOYALTY_PIN_REQUIRED: 'loyalty:errors.pinRequired',
  LOYALTY_UNAVAILABLE: 'loyalty:errors.unavailable',
};

export function loyaltyError(code: LoyaltyErrorCode): GraphQLError {
  const { status, field, message } = LOYALTY_ERRORS[code];
  return new GraphQLError(message, { extensions: { code, http: { status }, fields: { [field]: LOYALTY_MESSAGE_KEYS[code] } } });
}
