import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** SPEC 9.3: signed URLs expire after 3600 s by default. */
export const DOWNLOAD_LINK_SECONDS = 3600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One key per purpose, derived from COMMERCE_SECRET with HKDF: a leaked download signature says
 * nothing about the gate's QR references, and no key is ever written in the code.
 */
function keyFor(secret: string, purpose: 'ticket-reference' | 'ticket-download'): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'nabd-commerce', purpose, 32));
}

const sign = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest('base64url');

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What the ticket's QR code carries: `<ticketId>.<signature>`, HMAC-SHA256 of the id. A gate that
 * holds the derived key checks a ticket offline, and nobody can make up a valid reference.
 */
export function signTicketReference(secret: string, ticketId: string): string {
  return `${ticketId}.${sign(keyFor(secret, 'ticket-reference'), ticketId)}`;
}

/** The ticket id of a genuine reference; undefined for anything forged, altered or malformed. */
export function verifyTicketReference(secret: string, reference: string): string | undefined {
  const dot = reference.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const ticketId = reference.slice(0, dot);
  if (!UUID.test(ticketId)) return undefined;
  return sameSignature(reference.slice(dot + 1), sign(keyFor(secret, 'ticket-reference'), ticketId)) ? ticketId : undefined;
}

/** The path the commerce service's HTTP router serves a ticket's PDF at. */
export const ticketPdfPath = (ticketId: string) => `/commerce/tickets/${ticketId}.pdf`;

/**
 * SPEC 9.3: an absolute link to one ticket's PDF, valid DOWNLOAD_LINK_SECONDS from `now`. The
 * signature covers the ticket and the expiry, so neither can be changed.
 */
export function signedDownloadUrl(options: { secret: string; baseUrl: string; ticketId: string; now: Date }): string {
  const expires = Math.floor(options.now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
  const signature = sign(keyFor(options.secret, 'ticket-download'), `${options.ticketId}.${expires}`);
  const base = options.baseUrl.replace(/\/+$/, '');
  return `${base}${ticketPdfPath(options.ticketId)}?expires=${expires}&signature=${signature}`;
}

export type DownloadCheck = 'valid' | 'expired' | 'invalid';

/** Whether a download request's expiry and signature are genuine and still in time. */
export function checkDownloadSignature(options: {
  secret: string;
  ticketId: string;
  expires: unknown;
  signature: unknown;
  now: Date;
}): DownloadCheck {
  const { expires, signature } = options;
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return 'invalid';
  if (!sameSignature(signature, sign(keyFor(options.secret, 'ticket-download'), `${options.ticketId}.${expires}`))) return 'invalid';
  return Number(expires) * 1000 > options.now.getTime() ? 'valid' : 'expired';
}
