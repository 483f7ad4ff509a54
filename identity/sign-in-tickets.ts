import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import type { SecretHash } from './secret-hash.ts';
import { signInTickets } from './tables.ts';

/** Long enough for the "done" page's redirect, short enough to be useless when leaked later. */
export const TICKET_LIFETIME_SECONDS = 5 * 60;

/**
 * Single-use tickets that sign a user in without a password right after they confirmed their
 * sign-up (SPEC 2.4 "done" state). Random 32 bytes; only their HMAC is stored.
 */
export class SignInTickets {
  constructor(
    private readonly db: Database,
    private readonly hash: SecretHash,
  ) {}

  async issue(userId: string): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.db.insert(signInTickets).values({
      ticketHash: this.hash.of('sign-in-ticket', ticket),
      userId,
      expiresAt: sql`now() + make_interval(secs => ${TICKET_LIFETIME_SECONDS})`,
    });
    return ticket;
  }

  /** The user the ticket signs in, once; undefined when unknown, used or expired. */
  async redeem(ticket: string): Promise<string | undefined> {
    if (!/^[\w-]{43}$/.test(ticket)) return undefined;
    const [used] = await this.db
      .delete(signInTickets)
      .where(and(eq(signInTickets.ticketHash, this.hash.of('sign-in-ticket', ticket)), sql`${signInTickets.expiresAt} > now()`))
      .returning({ userId: signInTickets.userId });
    return used?.userId;
  }
}
