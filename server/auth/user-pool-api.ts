import type { Locale } from '#views/format.ts';

/**
 * The identity service's user-pool operations as the web tier calls them (decision 0020): JSON
 * over HTTP under the issuer (`/oidc/api/...`), the website authenticating as its OpenID client,
 * and the visitor's access token for operations on their own account (header
 * `X-User-Authorization: Bearer …`, since `Authorization` carries the client's credentials). The
 * visitor's address goes along so the identity service can apply its per-address limits.
 * Implemented over HTTP by `user-pool-client.ts`.
 */
export interface UserPoolApi {
  /**
   * Creates an unconfirmed account (or renews an unconfirmed one) and e-mails a code. The
   * registration is a secret for the browser that signed up (kept in its signed cookie, never shown).
   */
  signUp(input: {
    email: string;
    password: string;
    givenName: string;
    familyName: string;
    locale: Locale;
    clientIp: string;
  }): Promise<{ registration: string }>;
  /**
   * Confirms the account with the code and the sign-up's registration secret or, from a browser
   * without it, the account's password (wrong_password when it is wrong). The ticket signs the new
   * user in once, within minutes.
   */
  confirmSignUp(input: {
    email: string;
    code: string;
    clientIp: string;
    registration?: string | undefined;
    password?: string | undefined;
  }): Promise<{ signInTicket: string }>;
  /** Sends a new sign-up code; answers the same whether or not the account exists. */
  resendCode(input: { email: string; locale: Locale; clientIp: string }): Promise<void>;
  /** E-mails a reset code when the account exists; answers the same when it does not. */
  forgotPassword(input: { email: string; locale: Locale; clientIp: string }): Promise<void>;
  resetPassword(input: { email: string; code: string; password: string; clientIp: string }): Promise<void>;
  changePassword(accessToken: string, input: { currentPassword: string; newPassword: string; clientIp: string }): Promise<void>;
  /** What the identity service keeps about the signed-in user (for "download my data"). */
  account(accessToken: string): Promise<IdentityAccount>;
  /** Erases the signed-in user's account and ends every sign-in of it. */
  deleteAccount(accessToken: string): Promise<void>;
  /**
   * Ends the sign-in this refresh token belongs to (decision 0040): the provider's session for it,
   * its grant and tokens; its access tokens are refused by the services within seconds. Other
   * sign-ins of the user stay. Succeeds as well when there was nothing left to end.
   */
  signOut(refreshToken: string): Promise<void>;
  /**
   * SPEC 6, 7.2: credentials for a visitor who has not signed in, to call the commerce service
   * with (an hour long). With the identityId of earlier ones, the same guest again.
   */
  guestCredentials(identityId?: string): Promise<GuestCredentials>;
}

export interface GuestCredentials {
  /** The guest's lasting identity: kept in the server session to renew the token as the same guest. */
  identityId: string;
  accessToken: string;
  /** ISO 8601. */
  expiresAt: string;
}

export interface IdentityAccount {
  id: string;
  email: string;
  username: string;
  emailVerified: boolean;
  createdAt: string;
  /** The social providers linked to the account. */
  socialProviders: string[];
  canUpdatePassword: boolean;
}

/**
 * Why the identity service refused. The forms map each to a SPEC 5/8 message:
 * account_exists → api.error.account.exists; code_mismatch → incorrect code; code_expired and
 * invalid_request → the generic verification error; too_many_requests → "try in a few minutes".
 */
export type UserPoolFailure =
  | 'account_exists'
  | 'invalid_password'
  | 'invalid_request'
  | 'code_mismatch'
  | 'code_expired'
  | 'too_many_requests'
  | 'delivery_failed'
  | 'wrong_password'
  | 'federated_account'
  | 'unauthorized';

export class UserPoolError extends Error {
  override name = 'UserPoolError';
  constructor(
    readonly code: UserPoolFailure,
    readonly status: number,
  ) {
    super(`The identity service refused: ${code}`);
  }
}
