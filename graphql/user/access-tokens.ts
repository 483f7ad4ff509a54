import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Logger } from '#platform/logger.ts';
import { RevokedGrantList } from './revoked-grant-list.ts';

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
  /** Where the verifier warns that the identity service's revoked grants cannot be read. */
  logger?: Logger | undefined;
}

/** The claim naming the sign-in (the grant) a token was issued to (identity/provider.ts, decision 0040). */
const GRANT_CLAIM = 'grant_id';

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
  /** The sign-in the token belongs to; absent from guest credentials. */
  grant_id?: string;
}

interface IdentityMetadata {
  jwks_uri: string;
  /** Decision 0040: the grants whose sign-in has ended. */
  revoked_grants_uri?: string;
}

/**
 * Verifies the JWT access tokens of the identity service: signature against its published keys
 * (fetched once, refreshed when an unknown key id shows up), issuer, audience and expiry, and that
 * the sign-in they belong to has not ended (the identity service's revoked grants, read every two
 * seconds in the background: revoked-grant-list.ts). `stop()` ends those readings.
 */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions) {
  const fetchImplementation = options.fetch ?? fetch;
  let metadata: Promise<IdentityMetadata> | undefined;
  let keySet: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;

  const discover = () =>
    (metadata ??= (async () => {
      const response = await fetchImplementation(`${options.issuer}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`Identity discovery answered ${response.status}`);
      return (await response.json()) as IdentityMetadata;
    })().catch((error: unknown) => {
      metadata = undefined;
      throw error;
    }));

  const keys = () =>
    (keySet ??= discover()
      .then(({ jwks_uri: jwksUri }) => createRemoteJWKSet(new URL(jwksUri), { [customFetch]: fetchImplementation }))
      .catch((error: unknown) => {
        keySet = undefined;
        throw error;
      }));

  const revokedGrants = new RevokedGrantList({
    location: async () => (await discover()).revoked_grants_uri,
    fetch: fetchImplementation,
    logger: options.logger,
  });

  const verified = new VerifiedTokens();

  async function verify(token: string): Promise<AccessTokenClaims> {
    let payload = verified.get(token);
    if (!payload) {
      ({ payload } = await jwtVerify(token, await keys(), { issuer: options.issuer, audience: options.audience }));
      if (!payload.sub) throw new Error('Access token without a subject');
      if (payload.guest !== undefined && !options.acceptGuests) {
        throw new errors.JWTClaimValidationFailed('Guest credentials are not accepted here', payload, 'guest', 'check_failed');
      }
      verified.add(token, payload);
    }
    // Tokens issued before grants were named in them carry none; they expire within five minutes.
    const grant = payload[GRANT_CLAIM];
    if (typeof grant === 'string' && (await revokedGrants.includes(grant))) {
      throw new errors.JWTClaimValidationFailed('The sign-in of this token has ended', payload, GRANT_CLAIM, 'check_failed');
    }
    return payload as AccessTokenClaims;
  }

  return Object.assign(verify, { stop: () => revokedGrants.stop() });
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;

/**
 * Tokens whose signature, issuer, audience and subject were checked, for a minute at most and
 * never past their expiry: a buyer's token comes with every call of a checkout, and checking an
 * RSA signature each time was a good part of each call. Whether the sign-in has ended is still
 * asked every time. Bounded: the oldest go first.
 */
export class VerifiedTokens {
  static readonly KEEP_MS = 60_000;
  static readonly MAX_ENTRIES = 5_000;
  readonly #entries = new Map<string, { payload: JWTPayload; until: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  get(token: string): JWTPayload | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (this.#now() < entry.until) return entry.payload;
    this.#entries.delete(token);
    return undefined;
  }

  add(token: string, payload: JWTPayload): void {
    // jwtVerify refuses a token without an expiry only when told to: such a token is checked each time.
    if (typeof payload.exp !== 'number') return;
    if (this.#entries.size >= VerifiedTokens.MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(token, { payload, until: Math.min(payload.exp * 1000, this.#now() + VerifiedTokens.KEEP_MS) });
  }
}
