import { hkdfSync } from 'node:crypto';

/**
 * A key for one purpose (cookie signing, CSRF tokens...) derived from the service's secret with
 * HKDF, so one environment variable yields independent keys and none is written in the code.
 */
export function deriveSecret(secret: string, purpose: string): string {
  return Buffer.from(hkdfSync('sha256', secret, 'nabd-identity', purpose, 32)).toString('base64url');
}
