import { randomFillSync } from 'node:crypto';

/** 192 random bits, as express-session's own IDs (uid-safe's 24 bytes). */
const ID_BYTES = 24;
/** IDs drawn from one call to the system's generator. */
const IDS_PER_FILL = 512;

const pool = Buffer.alloc(ID_BYTES * IDS_PER_FILL);
let next = pool.length;

/**
 * A new session's ID, for express-session's `genid`. Every request without a session cookie gets one,
 * even when nothing is ever stored for it (an anonymous page, a cached one): one call into the system's
 * random generator per ID was about 2% of an uncached page's CPU time and more of a cached one's. The
 * bytes come from the same generator, a pool at a time, and each ID's bytes are wiped once issued.
 */
export function newSessionId(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const id = pool.toString('base64url', next, next + ID_BYTES);
  pool.fill(0, next, next + ID_BYTES);
  next += ID_BYTES;
  return id;
}
