/**
 * The national loyalty points programme (SPEC 1, 3.3, 9.2; decision 0039): an outside party, run
 * by someone else, that the user service asks to verify members and the commerce service asks to
 * burn, reverse and accrue points. Production plugs the programme's real client in here; this
 * repository ships a sandbox that behaves like it (`loyalty-sandbox.ts`), clearly labelled. The
 * rest of the code never knows which is in use.
 */

/** SPEC 5, 9.2: points are spent in steps of 50. */
export const LOYALTY_POINTS_STEP = 50;

/**
 * What the programme pays a partner for one point burned, in halalas: 0.05 SAR, so 50 points are
 * 2.50 SAR. A programme constant (decision 0039): the same for every event and every partner.
 */
export const LOYALTY_POINT_VALUE_HALALAS = 5;

/** A partner awards one point per whole riyal paid in money (decision 0039). */
export const loyaltyPointsEarnedFor = (paidHalalas: number): number => Math.max(0, Math.floor(paidHalalas / 100));

/** The value of some points in halalas. */
export const loyaltyPointsValue = (points: number): number => points * LOYALTY_POINT_VALUE_HALALAS;

/** SPEC 9.2: points accrued now reach the balance about 24 hours later. */
export const LOYALTY_ACCRUAL_DELAY_HOURS = 24;

export type LoyaltyMembershipStatus = 'ACTIVE' | 'SUSPENDED';
export type LoyaltyVerifiedStatus = 'VERIFIED' | 'UNVERIFIED';

/** A member as the programme shows them to a partner that holds a live verification. */
export interface LoyaltyMember {
  memberId: string;
  /** Points that can be spent now. */
  balance: number;
  /** Points accrued but not posted yet (SPEC 9.2: about 24 hours). */
  pendingPoints: number;
  /** When the next pending points post, if any. */
  nextPostingAt: Date | null;
  membershipStatus: LoyaltyMembershipStatus;
  /** Whether the programme has verified the member's identity; unverified members earn but cannot spend. */
  verifiedStatus: LoyaltyVerifiedStatus;
}

/** SPEC 3.3: the result of a member id and PIN the programme accepted. */
export interface LoyaltyVerification {
  member: LoyaltyMember;
  /** Proves the PIN was given; burning and reading the balance need it until it expires. */
  verificationToken: string;
  verificationTokenExpiration: Date;
}

export interface LoyaltyBurnRequest {
  /** The partner's reference, unique per burn: asking again with it answers the same burn. */
  reference: string;
  memberId: string;
  verificationToken: string;
  /** A positive number of points. */
  points: number;
}

export interface LoyaltyBurn {
  transactionId: string;
  points: number;
  /** The member's balance after the burn. */
  balance: number;
}

export interface LoyaltyAccrualRequest {
  /** The partner's reference, unique per accrual: asking again with it answers the same accrual. */
  reference: string;
  memberId: string;
  points: number;
}

export interface LoyaltyAccrual {
  transactionId: string;
  points: number;
  /** When the points reach the member's balance. */
  postsAt: Date;
}

/** What a reversal did: gave the points back, found them given back already, or found no burn (none may happen now). */
export type LoyaltyReversalOutcome = 'REVERSED' | 'ALREADY_REVERSED' | 'NO_BURN';

/** Why the programme refused: every refusal the partner API documents, in its own words. */
export type LoyaltyRefusalCode =
  | 'MEMBER_NOT_FOUND'
  /** SPEC 8: "Member id and PIN combination incorrect". */
  | 'PIN_INCORRECT'
  /** Too many wrong PINs in a row: the programme locks the member's PIN for a while. */
  | 'PIN_LOCKED'
  /** The verification token is unknown, another member's or expired: ask for the PIN again. */
  | 'VERIFICATION_EXPIRED'
  | 'MEMBER_INACTIVE'
  | 'MEMBER_NOT_VERIFIED'
  | 'INSUFFICIENT_POINTS'
  /** The burn's reference was reversed before the burn arrived: it can never happen now. */
  | 'BURN_REVERSED'
  | 'INVALID_REQUEST';

/** The programme answered and said no. Nothing changed at the programme. */
export class LoyaltyRefusal extends Error {
  override name = 'LoyaltyRefusal';
  constructor(
    readonly code: LoyaltyRefusalCode,
    message: string = code,
  ) {
    super(message);
  }
}

/** The programme did not answer (network, maintenance, 5xx): ask again later. */
export class LoyaltyUnavailable extends Error {
  override name = 'LoyaltyUnavailable';
}

/**
 * The programme's partner API. Every call either answers, throws LoyaltyRefusal (the programme
 * said no, nothing changed) or throws LoyaltyUnavailable (no answer: the call may or may not have
 * happened, so burns, reversals and accruals are idempotent by the partner's reference).
 */
export interface LoyaltyProgramme {
  /** True for the sandbox: pages and logs say so. */
  readonly isSandbox: boolean;
  /** SPEC 2.4: member verification and PIN validation. */
  verifyMember(memberId: string, pin: string): Promise<LoyaltyVerification>;
  /** The member's balance and statuses, with a live verification of theirs. */
  member(memberId: string, verificationToken: string): Promise<LoyaltyMember>;
  /** Spends points (SPEC 8: "Burn points failed" when refused). */
  burn(request: LoyaltyBurnRequest): Promise<LoyaltyBurn>;
  /** Gives back the points of a burn by its reference; after it, a burn with that reference is refused. */
  reverseBurn(reference: string): Promise<LoyaltyReversalOutcome>;
  /** Awards points that post about 24 hours later (SPEC 9.2). */
  accrue(request: LoyaltyAccrualRequest): Promise<LoyaltyAccrual>;
}
