import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { DatabaseHandle } from '#platform/database.ts';

/**
 * RS256, the algorithm every OpenID relying party and JWT library accepts without configuration
 * (the web tier's openid-client, the user service's jose).
 */
export const SIGNING_ALGORITHM = 'RS256';

/**
 * The provider's private signing keys, newest first (the first one signs). On the very first start
 * one is generated and stored; the advisory lock makes replicas starting together agree on it.
 */
export async function loadSigningKeys(database: DatabaseHandle): Promise<JWK[]> {
  return database.withExclusiveConnection('identity:signing-keys', async (connection) => {
    const [existing] = await connection.query<{ count: number }>('select count(*)::int as count from identity.signing_keys');
    if (!existing?.count) {
      const key = await generateSigningKey();
      await connection.query('insert into identity.signing_keys (kid, private_jwk) values ($1, $2) on conflict do nothing', [
        key.kid,
        JSON.stringify(key),
      ]);
    }
    const rows = await connection.query<{ private_jwk: JWK | string }>(
      'select private_jwk from identity.signing_keys order by created_at desc, kid',
    );
    // node-postgres parses jsonb, PGlite's raw query may hand back text.
    return rows.map((row) => (typeof row.private_jwk === 'string' ? (JSON.parse(row.private_jwk) as JWK) : row.private_jwk));
  });
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALGORITHM, use: 'sig' };
}
