import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import { SIGNING_ALGORITHM } from './signing-keys.ts';

/** SPEC 9.3: guest credentials live an hour; the web tier asks for new ones after 50 minutes. */
export const GUEST_CREDENTIALS_SECONDS = 60 * 60;

/** Guests' subjects are `guest_<identityId>`, never a user's id (those are plain UUIDs). */
export const GUEST_SUBJECT_PREFIX = 'guest_';

export interface GuestCredentials {
  identityId: string;
  accessToken: string;
  /** ISO 8601. */
  expiresAt: string;
}

export interface GuestCredentialIssuerOptions {
  /** The provider's private signing keys, newest first: the first one signs, as for access tokens. */
  signingKeys: JWK[];
  issuer: string;
  apiAudience: string;
  now?: () => Date;
}

/**
 * SPEC 6, 7.2, 7.3: credentials for a visitor who has not signed in, so that services can tell
 * one guest's carts and orders from another's. The token is an access token of the API audience
 * like a user's, signed with the same keys, with `guest: true`; the same identityId keeps the
 * same subject, so a guest's carts survive a renewal.
 */
export function createGuestCredentialIssuer(options: GuestCredentialIssuerOptions) {
  const signingKey = options.signingKeys[0];
  if (!signingKey) throw new Error('The identity service has no signing key');
  const privateKey = importJWK(signingKey, SIGNING_ALGORITHM);
  const now = options.now ?? (() => new Date());

  return async function issue(clientId: string, identityId: string = randomUUID()): Promise<GuestCredentials> {
    const issuedAt = Math.floor(now().getTime() / 1000);
    const expiresAt = issuedAt + GUEST_CREDENTIALS_SECONDS;
    const accessToken = await new SignJWT({ guest: true, client_id: clientId })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: 'at+jwt', ...(signingKey.kid ? { kid: signingKey.kid } : {}) })
      .setIssuer(options.issuer)
      .setAudience(options.apiAudience)
      .setSubject(`${GUEST_SUBJECT_PREFIX}${identityId}`)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(await privateKey);
    return { identityId, accessToken, expiresAt: new Date(expiresAt * 1000).toISOString() };
  };
}
