import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload } from 'jose';

export interface AccessTokenVerifierOptions {
  /** The identity service's issuer; its discovery document names the key set. */
  issuer: string;
  /** The audience the identity service issues API access tokens for. */
  audience: string;
  /** In process when the identity service is co-located; the network otherwise. */
  fetch?: typeof fetch | undefined;
  /**
   * Whether guest credentials (SPEC 6, 7.2: `guest: true`, subject `guest_…`) are callers here. Only
   * the commerce service takes them; everywhere else a guest token is no credential at all (401).
   */
  acceptGuests?: boolean;
}

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  username?: string;
  /** The identity's preferred language (`en`, `ar`). */
  locale?: string;
  /** Set on the identity service's guest credentials. */
  guest?: boolean;
}

/**
 * Verifies the JWT access tokens of the identity service: signature against its published keys
 * (fetched once, refreshed when an unknown key id shows up), issuer, audience and expiry.
 */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions) {
  const fetchImplementation = options.fetch ?? fetch;
  let keySet: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;

  const keys = () =>
    (keySet ??= (async () => {
      const response = await fetchImplementation(`${options.issuer}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`Identity discovery answered ${response.status}`);
      const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri: string };
      return createRemoteJWKSet(new URL(jwksUri), { [customFetch]: fetchImplementation });
    })().catch((error: unknown) => {
      keySet = undefined;
      throw error;
    }));

  return async function verify(token: string): Promise<AccessTokenClaims> {
    const { payload } = await jwtVerify(token, await keys(), { issuer: options.issuer, audience: options.audience });
    if (!payload.sub) throw new Error('Access token without a subject');
    if (payload.guest !== undefined && !options.acceptGuests) {
      throw new errors.JWTClaimValidationFailed('Guest credentials are not accepted here', payload, 'guest', 'check_failed');
    }
    return payload as AccessTokenClaims;
  };
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;
