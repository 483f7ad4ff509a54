import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#platform/database.ts';
import {
  LoyaltyRefusal,
  LoyaltyUnavailable,
  type LoyaltyMember,
  type LoyaltyProgramme,
  type LoyaltyVerification,
} from '#platform/loyalty/loyalty-programme.ts';
import { loyaltyLinkRules, memberPinRule } from '#platform/loyalty/loyalty-rules.ts';
import type { RateLimits } from '#platform/rate-limits.ts';
import { loyaltyError, notFound, parseInput, tooManyRequests } from './errors.ts';
import { profiles } from './tables.ts';
import { sqlStateOf } from '#platform/sql-state.ts';

export interface LoyaltyLinkResult {
  memberId: string;
  balance: number;
  verificationToken: string;
  verificationTokenExpiration: string;
}

export interface LoyaltyBalanceResult extends LoyaltyLinkResult {
  pendingPoints: number;
  nextPostingAt: string | null;
  membershipStatus: LoyaltyMember['membershipStatus'];
  verifiedStatus: LoyaltyMember['verifiedStatus'];
}

const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';

/**
 * A user's link to their loyalty member (SPEC 3.3, 6, 7.2; decision 0039). Every PIN goes to the
 * programme; wrong PINs and unknown members count against the user's limit, which is checked
 * before the programme is asked. One account per member (a unique index); the account keeps the
 * programme's last verification, so its owner sees the balance without typing the PIN again
 * until the programme lets it expire.
 */
export class LoyaltyLinks {
  constructor(
    private readonly db: Database,
    private readonly programme: LoyaltyProgramme,
    private readonly rateLimits: RateLimits,
  ) {}

  async link(userId: string, input: unknown): Promise<LoyaltyLinkResult> {
    const { memberId, memberPin } = parseInput(loyaltyLinkRules, input);
    const verification = await this.verify(userId, memberId, memberPin);
    try {
      await this.db.transaction(async (tx) => {
        await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
        const [other] = await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(eq(profiles.loyaltyMemberId, memberId), ne(profiles.id, userId)));
        if (other) throw loyaltyError('LOYALTY_ALREADY_LINKED');
        const now = new Date().toISOString();
        await tx
          .update(profiles)
          .set({
            loyaltyMemberId: memberId,
            // Linking the same member again keeps when it was first linked.
            loyaltyLinkedAt: sql`case when ${profiles.loyaltyMemberId} = ${memberId} then ${profiles.loyaltyLinkedAt} else ${now} end`,
            ...this.stored(verification),
            updatedAt: now,
          })
          .where(eq(profiles.id, userId));
      });
    } catch (error) {
      // Two accounts linking the same member at once: the unique index lets one through.
      if (isUniqueViolation(error)) throw loyaltyError('LOYALTY_ALREADY_LINKED');
      throw error;
    }
    return resultOf(verification);
  }

  /** False when nothing was linked. */
  async unlink(userId: string): Promise<boolean> {
    const unlinked = await this.db
      .update(profiles)
      .set({
        loyaltyMemberId: null,
        loyaltyLinkedAt: null,
        loyaltyVerificationToken: null,
        loyaltyVerificationExpiresAt: null,
        updatedAt: new Date().toISOString(),
      })
      .where(and(eq(profiles.id, userId), sql`${profiles.loyaltyMemberId} is not null`))
      .returning({ id: profiles.id });
    return unlinked.length > 0;
  }

  /**
   * SPEC 3.3, 7.2: the linked member's balance and statuses. With the PIN the member is verified
   * again; without it the last verification is used while the programme still accepts it.
   */
  async balance(userId: string, memberPin: string | null | undefined): Promise<LoyaltyBalanceResult> {
    const [profile] = await this.db
      .select({
        memberId: profiles.loyaltyMemberId,
        token: profiles.loyaltyVerificationToken,
        expires: profiles.loyaltyVerificationExpiresAt,
      })
      .from(profiles)
      .where(eq(profiles.id, userId));
    const memberId = profile?.memberId;
    if (!memberId) throw notFound('Linked loyalty account');
    if (memberPin !== null && memberPin !== undefined) {
      const pin = parseInput(z.object({ memberPin: memberPinRule }), { memberPin }).memberPin;
      const verification = await this.verify(userId, memberId, pin);
      await this.db
        .update(profiles)
        .set(this.stored(verification))
        .where(and(eq(profiles.id, userId), eq(profiles.loyaltyMemberId, memberId)));
      return balanceOf(verification.member, verification.verificationToken, verification.verificationTokenExpiration);
    }
    if (!profile.token || !profile.expires) throw loyaltyError('LOYALTY_PIN_REQUIRED');
    try {
      const member = await this.programme.member(memberId, profile.token);
      return balanceOf(member, profile.token, new Date(profile.expires));
    } catch (error) {
      throw this.refusal(error);
    }
  }

  private stored(verification: LoyaltyVerification) {
    return {
      loyaltyVerificationToken: verification.verificationToken,
      loyaltyVerificationExpiresAt: verification.verificationTokenExpiration.toISOString(),
    };
  }

  /** The programme's verification, within the user's limit of wrong PINs. */
  private async verify(userId: string, memberId: string, pin: string): Promise<LoyaltyVerification> {
    const key = `user:${userId}`;
    const limit = await this.rateLimits.check('loyaltyPinFailuresPerUser', key);
    if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
    try {
      const verification = await this.programme.verifyMember(memberId, pin);
      await this.rateLimits.reset('loyaltyPinFailuresPerUser', key);
      return verification;
    } catch (error) {
      if (error instanceof LoyaltyRefusal && (error.code === 'PIN_INCORRECT' || error.code === 'MEMBER_NOT_FOUND')) {
        await this.rateLimits.consume('loyaltyPinFailuresPerUser', key);
      }
      throw this.refusal(error);
    }
  }

  /** The programme's answer in the service's words; anything unexpected stays an error of ours. */
  private refusal(error: unknown): unknown {
    if (error instanceof LoyaltyUnavailable) return loyaltyError('LOYALTY_UNAVAILABLE');
    if (!(error instanceof LoyaltyRefusal)) return error;
    switch (error.code) {
      case 'MEMBER_NOT_FOUND':
        return loyaltyError('LOYALTY_MEMBER_NOT_FOUND');
      case 'PIN_INCORRECT':
        return loyaltyError('LOYALTY_PIN_INCORRECT');
      case 'PIN_LOCKED':
        return loyaltyError('LOYALTY_PIN_LOCKED');
      case 'VERIFICATION_EXPIRED':
        return loyaltyError('LOYALTY_PIN_REQUIRED');
      default:
        return error;
    }
  }
}

const resultOf = (verification: LoyaltyVerification): LoyaltyLinkResult => ({
  memberId: verification.member.memberId,
  balance: verification.member.balance,
  verificationToken: verification.verificationToken,
  verificationTokenExpiration: verification.verificationTokenExpiration.toISOString(),
});

const balanceOf = (member: LoyaltyMember, token: string, expires: Date): LoyaltyBalanceResult => ({
  memberId: member.memberId,
  balance: member.balance,
  verificationToken: token,
  verificationTokenExpiration: expires.toISOString(),
  pendingPoints: member.pendingPoints,
  nextPostingAt: member.nextPostingAt?.toISOString() ?? null,
  membershipStatus: member.membershipStatus,
  verifiedStatus: member.verifiedStatus,
});
