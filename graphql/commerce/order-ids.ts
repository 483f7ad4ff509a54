import { randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so an id read out on the phone is not misheard. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * `NBD-7K2M9QX4`: short enough to read to the support team, 40 random bits so that ids are not
 * guessable in sequence. The id alone shows nothing: an order is reached by its owner or with its
 * secret_uuid (SPEC 2.4).
 */
export function newOrderId(): string {
  let id = 'NBD-';
  for (let i = 0; i < 8; i++) id += ALPHABET[randomInt(32)];
  return id;
}

export const isOrderId = (value: string): boolean => /^NBD-[0-9A-HJKMNP-TV-Z]{8}$/.test(value);
