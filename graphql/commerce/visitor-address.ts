import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

/**
 * The visitor's address, as the web tier tells the commerce service (decision 0043). The service
 * limits carts, orders, coupons and payments per address; the web tier calls it in process or over
 * the network on the visitor's behalf, so the connection's own address is the web tier's. The
 * address travels in a header signed with a key derived from COMMERCE_SECRET: a caller of the public
 * GraphQL endpoint cannot claim someone else's address and is counted by its own.
 */

export const VISITOR_ADDRESS_HEADER = 'x-nabd-visitor-address';
export const VISITOR_SIGNATURE_HEADER = 'x-nabd-visitor-signature';

const keyOf = (secret: string) => createHmac('sha256', secret).update('nabd:visitor-address').digest();

/** For the web tier's commerce client: the headers that carry `address`. */
export function visitorAddressHeaders(secret: string): (address: string) => Record<string, string> {
  const key = keyOf(secret);
  return (address) => ({
    [VISITOR_ADDRESS_HEADER]: address,
    [VISITOR_SIGNATURE_HEADER]: createHmac('sha256', key).update(address).digest('base64url'),
  });
}

/**
 * For the service: the address the web tier vouches for, else the caller's own (`req.ip`, as the
 * site's `trust proxy` reads it); undefined when neither is known (a call in process without one).
 */
export function visitorAddressReader(secret: string): (req: Request) => string | undefined {
  const key = keyOf(secret);
  return (req) => {
    const address = req.get(VISITOR_ADDRESS_HEADER);
    const signature = req.get(VISITOR_SIGNATURE_HEADER);
    if (address && signature && address.length <= 64) {
      const expected = createHmac('sha256', key).update(address).digest();
      const given = Buffer.from(signature, 'base64url');
      if (given.length === expected.length && timingSafeEqual(given, expected)) return address;
    }
    return req.ip || undefined;
  };
}
