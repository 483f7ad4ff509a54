import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Signed callbacks between a payment provider and the commerce service (decision 0028): the header
 * is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, the scheme card gateways use. The
 * timestamp is inside the signed text, so a captured callback cannot be replayed with a fresh time;
 * outside REPLAY_WINDOW_SECONDS it is refused even when the signature is right.
 */
export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const REPLAY_WINDOW_SECONDS = 5 * 60;

/** The callback secret shared by the commerce service and the sandbox providers, derived from COMMERCE_SECRET. */
export function callbackSecret(commerceSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', commerceSecret, 'nabd-commerce', 'payment-callbacks', 32));
}

const mac = (secret: Buffer, timestamp: number, rawBody: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

export function signCallback(secret: Buffer, rawBody: string | Buffer, now: Date = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${mac(secret, timestamp, rawBody)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

export function verifyCallbackSignature(
  secret: Buffer,
  rawBody: string | Buffer,
  header: string | undefined,
  now: Date = new Date(),
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(timestamp) || !given || !/^[0-9a-f]{64}$/.test(given)) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(mac(secret, timestamp, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return { ok: false, reason: 'mismatch' };
  if (Math.abs(now.getTime() / 1000 - timestamp) > REPLAY_WINDOW_SECONDS) return { ok: false, reason: 'stale' };
  return { ok: true };
}
