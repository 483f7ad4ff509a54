import { z } from 'zod';
import { httpError, unauthorized } from '#platform/graphql-service.ts';
import type { AccessTokenClaims } from './access-tokens.ts';
import type { Profile, UserStore } from './user-store.ts';

export interface UserContext {
  store: UserStore;
  /** The verified access token's claims; undefined for guests. */
  caller: AccessTokenClaims | undefined;
}

const newsletterInput = z.object({
  email: z.string().trim().max(254).pipe(z.email()),
  locale: z.enum(['en', 'ar']),
  newsletter: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .nullish(),
});

function signedIn(context: UserContext): AccessTokenClaims {
  if (!context.caller) throw unauthorized('Sign in to use this operation');
  return context.caller;
}

const currentUser = async (_: unknown, __: unknown, context: UserContext) => context.store.profileFor(signedIn(context));

export const resolvers = {
  Query: {
    user: currentUser,
    me: currentUser,
  },
  Mutation: {
    async subscribeEmailToNewsletter(_: unknown, { input }: { input: unknown }, context: UserContext) {
      const parsed = newsletterInput.safeParse(input);
      if (!parsed.success) throw httpError(400, 'Invalid newsletter subscription', 'BAD_USER_INPUT');
      return context.store.subscribe({
        email: parsed.data.email,
        locale: parsed.data.locale,
        newsletter: parsed.data.newsletter ?? 'general',
        userId: context.caller?.sub,
      });
    },
  },
  User: {
    birthDate: (profile: Profile) => profile.birthDate,
  },
};
