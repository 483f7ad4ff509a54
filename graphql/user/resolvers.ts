import { z } from 'zod';
import { httpError, unauthorized } from '#platform/graphql-service.ts';
import { addressRules, onboardUserRules, updateUserRules } from '#platform/profile-rules.ts';
import type { AccessTokenClaims } from './access-tokens.ts';
import { ADDRESS_LIMIT, AddressLimitError, type AddressBook } from './address-book.ts';
import type { LoyaltyLinks } from './loyalty-links.ts';
import { badUserInput, notFound, parseInput, tooManyRequests } from './errors.ts';
import type { RateLimits } from '#platform/rate-limits.ts';
import { UnknownPreferenceError, type NotificationCatalogue } from './notification-preferences.ts';
import { SCHEDULE_LIMIT, type Profile, type UserStore } from './user-store.ts';

export interface UserContext {
  store: UserStore;
  addressBook: AddressBook;
  notifications: NotificationCatalogue;
  rateLimits: RateLimits;
  loyalty: LoyaltyLinks;
  /** The verified access token's claims; undefined for guests. */
  caller: AccessTokenClaims | undefined;
  /** The request's address, the rate-limit key of guests. */
  clientAddress: string;
}

const email = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .max(254, 'validation:maxLength')
  .pipe(z.email('validation:email'));

const newsletterInput = z.object({
  email,
  locale: z.enum(['en', 'ar']),
  newsletter: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'validation:choice')
    .nullish(),
});

/** More choices than there are newsletters is a crafted request, not a form. */
const preferenceChoices = z
  .array(z.object({ id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'validation:choice'), subscribed: z.boolean() }))
  .max(50, 'validation:maxLength');

/** Content ids (`performance-nabd-festival-2026-barq`); anything else is refused. */
const performanceIds = z.array(z.string().regex(/^[a-z0-9-]{1,120}$/)).max(SCHEDULE_LIMIT);

function signedIn(context: UserContext): AccessTokenClaims {
  if (!context.caller) throw unauthorized('Sign in to use this operation');
  return context.caller;
}

const currentUser = async (_: unknown, __: unknown, context: UserContext) => context.store.profileFor(signedIn(context));

/** The caller's profile, created on first use, for the operations that need their e-mail or language. */
async function callerProfile(context: UserContext): Promise<Profile> {
  return context.store.profileFor(signedIn(context));
}

async function addAddress(userId: string, input: unknown, context: UserContext) {
  try {
    return await context.addressBook.add(userId, parseInput(addressRules, input));
  } catch (error) {
    if (error instanceof AddressLimitError) {
      throw httpError(409, `A user keeps at most ${ADDRESS_LIMIT} addresses`, 'ADDRESS_LIMIT_REACHED');
    }
    throw error;
  }
}

// Authorization lives here and in the stores: every operation acts on the token's subject only,
// and no argument can name another user.
export const resolvers = {
  Query: {
    user: currentUser,
    me: currentUser,
    userAddresses: async (_: unknown, __: unknown, context: UserContext) => {
      const profile = await callerProfile(context);
      return context.addressBook.list(profile.id);
    },
    notifications: async (_: unknown, __: unknown, context: UserContext) => {
      const profile = context.caller ? await context.store.profileFor(context.caller) : undefined;
      return context.notifications.preferencesOf(profile?.email);
    },
    userNotificationPreferences: async (_: unknown, __: unknown, context: UserContext) => {
      const profile = await callerProfile(context);
      return context.notifications.preferencesOf(profile.email);
    },
    userExistence: async (_: unknown, args: { email: string }, context: UserContext) => {
      const key = context.caller ? `user:${context.caller.sub}` : `address:${context.clientAddress}`;
      const { allowed, retryAfterSeconds } = await context.rateLimits.consume('userExistencePerCaller', key);
      if (!allowed) throw tooManyRequests(retryAfterSeconds);
      const address = parseInput(z.object({ email }), args);
      return { exists: await context.store.emailInUse(address.email) };
    },
    // The schedule is always the caller's own, by their token's subject.
    mySchedule: (_: unknown, __: unknown, context: UserContext) => context.store.schedule(signedIn(context).sub),
    loyaltyBalance: async (_: unknown, args: { memberPin?: string | null }, context: UserContext) => {
      const profile = await callerProfile(context);
      return context.loyalty.balance(profile.id, args.memberPin);
    },
  },
  Mutation: {
    updateUser: async (_: unknown, { input }: { input: unknown }, context: UserContext) => {
      const caller = signedIn(context);
      return context.store.updateProfile(caller, parseInput(updateUserRules, input));
    },
    onboardUser: async (_: unknown, { input }: { input: unknown }, context: UserContext) => {
      const caller = signedIn(context);
      return context.store.onboard(caller, parseInput(onboardUserRules, input));
    },
    addUserAddress: async (_: unknown, { input }: { input: unknown }, context: UserContext) => {
      const profile = await callerProfile(context);
      return addAddress(profile.id, input, context);
    },
    updateUserAddress: async (_: unknown, args: { addressId: string; input: unknown }, context: UserContext) => {
      const profile = await callerProfile(context);
      const input = parseInput(addressRules, args.input);
      const updated = await context.addressBook.update(profile.id, args.addressId, input);
      if (!updated) throw notFound('Address');
      return updated;
    },
    deleteUserAddress: async (_: unknown, args: { addressId: string }, context: UserContext) => {
      const profile = await callerProfile(context);
      if (!(await context.addressBook.remove(profile.id, args.addressId))) throw notFound('Address');
      return true;
    },
    async subscribeEmailToNewsletter(_: unknown, { input }: { input: unknown }, context: UserContext) {
      const parsed = parseInput(newsletterInput, input);
      const newsletter = parsed.newsletter ?? 'general';
      if (!(await context.notifications.isKnown(newsletter))) throw badUserInput({ newsletter: 'validation:choice' });
      return context.store.subscribe({
        email: parsed.email,
        locale: parsed.locale,
        newsletter,
        userId: context.caller ? (await context.store.profileFor(context.caller)).id : undefined,
      });
    },
    updateUserNotificationPreferences: async (_: unknown, { input }: { input: unknown }, context: UserContext) => {
      const profile = await callerProfile(context);
      const choices = parseInput(preferenceChoices, input);
      try {
        return await context.notifications.choose({ id: profile.id, email: profile.email, locale: profile.locale ?? 'en' }, choices);
      } catch (error) {
        if (error instanceof UnknownPreferenceError) throw badUserInput({ id: 'validation:choice' }, error.message);
        throw error;
      }
    },
    deleteUser: async (_: unknown, __: unknown, context: UserContext) => {
      await context.store.erase(signedIn(context));
      return true;
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
    linkLoyaltyAccount: async (_: unknown, { input }: { input: unknown }, context: UserContext) => {
      const profile = await callerProfile(context);
      return context.loyalty.link(profile.id, input);
    },
    deleteLinkedLoyaltyAccount: async (_: unknown, __: unknown, context: UserContext) => {
      const profile = await callerProfile(context);
      if (!(await context.loyalty.unlink(profile.id))) throw notFound('Linked loyalty account');
      return true;
    },
  },
  User: {
    birthDate: (profile: Profile) => profile.birthDate,
  },
};
