import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Codes and tickets are stored as HMAC-SHA256 of their value under a key derived from the
 * identity secret: a copy of the table is useless without the secret, and comparing them takes
 * the same time whatever matches.
 */
export class SecretHash {
  constructor(private readonly key: string) {}

  of(...parts: string[]): string {
    return createHmac('sha256', this.key).update(parts.join('\u0000')).digest('base64url');
  }

  matches(hash: string, ...parts: string[]): boolean {
    const expected = Buffer.from(this.of(...parts));
    const actual = Buffer.from(hash);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
