import type { User } from './user-pool.ts';

/**
 * What tokens say about a user (OpenID standard claims). ID tokens and userinfo filter them by
 * the granted scopes; API access tokens carry them so the user service can provision the profile
 * from the token alone (SPEC 3.3).
 */
export function profileClaims(user: User) {
  return {
    sub: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    given_name: user.givenName,
    family_name: user.familyName,
    name: `${user.givenName} ${user.familyName}`,
    locale: user.preferredLocale,
    /** A social user's carries the provider's prefix (SPEC 4.1), which is how the user service knows them. */
    username: user.username,
  };
}

/** Which claims each scope releases. */
export const CLAIMS_BY_SCOPE = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['given_name', 'family_name', 'name', 'locale', 'username'],
};
