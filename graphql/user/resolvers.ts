import { z } from 'zod';
import { httpError, unauthorized } from '#platform/graphql-service.ts';
import type { AccessTokenClaims } from './access-tokens.ts';
import { SCHEDULE_LIMIT, type Profile, type UserStore } from './user-store.ts';

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

/** Content ids (`performance-nabd-festival-2026-barq`); anything else is refused. */
const performanceIds = z.array(z.string().regex(/^[a-z0-9-]{1,120}$/)).max(SCHEDULE_LIMIT);

function signedIn(context: UserContext): AccessTokenClaims {
  if (!context.caller) throw unauthorized('Sign in to use this operation');
  return context.caller;
}

const currentUser = async (_: unknown, __: unknown, context: UserContext) => context.store.profileFor(signedIn(context));

export const resolvers = {
  Query: {
    user: currentUser,
    me: currentUser,
    // Authorization lives here: the schedule is always the caller's own, by their token's subject.
    mySchedule: (_: unknown, __: unknown, context: UserContext) => context.store.schedule(signedIn(context).sub),
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
    markPerformance(_: unknown, args: { performanceId: string; marked: boolean }, context: UserContext) {
      const caller = signedIn(context);
      const parsed = performanceIds.safeParse([args.performanceId]);
      if (!parsed.success) throw httpError(400, 'Invalid performance id', 'BAD_USER_INPUT');
      return context.store.mark(caller, parsed.data, args.marked);
    },
    mergeSchedule(_: unknown, args: { performanceIds: string[] }, context: UserContext) {
      const caller = signedIn(context);
      const parsed = performanceIds.safeParse(args.performanceIds);
      if (!parsed.success) throw httpError(400, 'Invalid performance ids', 'BAD_USER_INPUT');
      return context.store.mark(caller, parsed.data, true);
    },
  },
  User: {
    birthDate: (profile: Profile) => profile.birthDate,
  },
};
