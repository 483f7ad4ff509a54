import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type DatabaseHandle } from '../database.ts';
import type { Logger } from '../logger.ts';
import { migrate } from '../migrations.ts';
import {
  LOYALTY_ACCRUAL_DELAY_HOURS,
  LoyaltyRefusal,
  LoyaltyUnavailable,
  type LoyaltyAccrual,
  type LoyaltyAccrualRequest,
  type LoyaltyBurn,
  type LoyaltyBurnRequest,
  type LoyaltyMember,
  type LoyaltyMembershipStatus,
  type LoyaltyProgramme,
  type LoyaltyReversalOutcome,
  type LoyaltyVerification,
  type LoyaltyVerifiedStatus,
} from './loyalty-programme.ts';
import loyaltySandbox from './migrations/0001_loyalty_sandbox.sql';

/**
 * SANDBOX loyalty programme (decision 0039): members with an id and a PIN, balances, membership
 * and verification statuses, PIN verification that issues an expiring token, burns that can be
 * refused, reversals, and accruals that post about 24 hours later. It keeps its state in its own
 * schema (`loyalty_sandbox`), as an outside party would: the services learn about members only
 * through its API. Never configured where real members' points are at stake.
 */

const SCHEMA = 'loyalty_sandbox';

/** How long a verification lasts: long enough to fill a cart and pay, short enough to ask the PIN again next visit. */
export const VERIFICATION_MINUTES = 30;
/** Wrong PINs in a row before the programme locks the member's PIN. */
export const PIN_ATTEMPTS_BEFORE_LOCK = 5;
export const PIN_LOCK_MINUTES = 30;

export interface LoyaltyTestMember {
  memberId: string;
  pin: string;
  balance: number;
  membershipStatus: LoyaltyMembershipStatus;
  verifiedStatus: LoyaltyVerifiedStatus;
  /** What the member is for, as the README lists it. */
  note: string;
}

/** The sandbox's test members, like the payment sandbox's test cards (README). */
export const LOYALTY_TEST_MEMBERS: readonly LoyaltyTestMember[] = [
  { memberId: '9000000001', pin: '1234', balance: 5000, membershipStatus: 'ACTIVE', verifiedStatus: 'VERIFIED', note: 'spends and earns' },
  { memberId: '9000000002', pin: '2468', balance: 300, membershipStatus: 'ACTIVE', verifiedStatus: 'VERIFIED', note: 'a small balance' },
  {
    memberId: '9000000003',
    pin: '1357',
    balance: 2000,
    membershipStatus: 'ACTIVE',
    verifiedStatus: 'UNVERIFIED',
    note: 'not verified: earns, but burns are refused',
  },
  {
    memberId: '9000000004',
    pin: '4321',
    balance: 2000,
    membershipStatus: 'SUSPENDED',
    verifiedStatus: 'VERIFIED',
    note: 'suspended: burns and accruals are refused',
  },
  ...['5', '6', '7', '8'].map((digit) => ({
    memberId: `900000000${digit}`,
    pin: `${digit}${digit}${digit}${digit}`,
    balance: 2000,
    membershipStatus: 'ACTIVE' as const,
    verifiedStatus: 'VERIFIED' as const,
    note: 'a spare member',
  })),
];

/** The member id whose every call finds the programme down, to see the site's "unavailable" message. */
export const LOYALTY_UNAVAILABLE_MEMBER_ID = '9000000099';

export interface LoyaltySandboxOptions {
  database: DatabaseHandle;
  clock?: () => Date;
  logger: Logger;
}

type MemberRow = {
  member_id: string;
  pin_hash: string;
  balance: number;
  membership_status: LoyaltyMembershipStatus;
  verified_status: LoyaltyVerifiedStatus;
  failed_pin_attempts: number;
  locked_until: Date | string | null;
};

type TransactionRow = {
  id: string;
  kind: 'BURN' | 'ACCRUAL';
  reference: string;
  member_id: string | null;
  points: number;
  state: 'PENDING' | 'POSTED' | 'REVERSED';
  posts_at: Date | string | null;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const pinHash = (memberId: string, pin: string) => sha256(`${memberId}:${pin}`);
const transactionId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const MEMBER_ID = /^\d{10}$/;

export class LoyaltySandbox implements LoyaltyProgramme {
  readonly isSandbox = true;
  private readonly clock: () => Date;
  private available = true;

  private constructor(private readonly options: LoyaltySandboxOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** Migrates the sandbox's schema and adds the test members that are missing (their balances stay as used). */
  static async create(options: LoyaltySandboxOptions): Promise<LoyaltySandbox> {
    await migrate(options.database, SCHEMA, [{ name: '0001_loyalty_sandbox', sql: loyaltySandbox }]);
    const members = LOYALTY_TEST_MEMBERS.map((member) => ({
      member_id: member.memberId,
      pin_hash: pinHash(member.memberId, member.pin),
      balance: member.balance,
      membership_status: member.membershipStatus,
      verified_status: member.verifiedStatus,
      failed_pin_attempts: 0,
      locked_until: null,
      created_at: new Date(0).toISOString(),
    }));
    await options.database.db.execute(
      sql`insert into loyalty_sandbox.members
          select * from jsonb_populate_recordset(null::loyalty_sandbox.members, ${JSON.stringify(members)}::jsonb)
          on conflict do nothing`,
    );
    return new LoyaltySandbox(options);
  }

  /** Tests (and developers) take the programme down and bring it back, like a maintenance window. */
  setAvailable(available: boolean): void {
    this.available = available;
  }

  private get db(): Database {
    return this.options.database.db;
  }

  private answering(memberId?: string): void {
    if (!this.available || memberId === LOYALTY_UNAVAILABLE_MEMBER_ID) {
      throw new LoyaltyUnavailable('The loyalty programme is not answering');
    }
  }

  private now(): Date {
    return this.clock();
  }

  async verifyMember(memberId: string, pin: string): Promise<LoyaltyVerification> {
    this.answering(memberId);
    if (!MEMBER_ID.test(memberId)) throw new LoyaltyRefusal('MEMBER_NOT_FOUND');
    if (!/^\d{4}$/.test(pin)) throw new LoyaltyRefusal('PIN_INCORRECT');
    const now = this.now();
    // A wrong PIN is counted, and the count must survive the refusal: the transaction answers
    // the outcome and the refusal is thrown after it committed.
    type Outcome = { refusal: 'MEMBER_NOT_FOUND' | 'PIN_LOCKED' | 'PIN_INCORRECT' } | { verification: LoyaltyVerification };
    const outcome = await this.db.transaction(async (transaction): Promise<Outcome> => {
      const tx = transaction as unknown as Database;
      const member = await this.lockMember(tx, memberId);
      if (!member) return { refusal: 'MEMBER_NOT_FOUND' };
      if (member.locked_until && new Date(member.locked_until) > now) return { refusal: 'PIN_LOCKED' };
      if (member.pin_hash !== pinHash(memberId, pin)) {
        const attempts = member.failed_pin_attempts + 1;
        const lock = attempts >= PIN_ATTEMPTS_BEFORE_LOCK;
        await tx.execute(
          sql`update loyalty_sandbox.members
              set failed_pin_attempts = ${lock ? 0 : attempts},
                  locked_until = ${lock ? new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000).toISOString() : null}
              where member_id = ${memberId}`,
        );
        return { refusal: lock ? 'PIN_LOCKED' : 'PIN_INCORRECT' };
      }
      await tx.execute(sql`update loyalty_sandbox.members set failed_pin_attempts = 0, locked_until = null where member_id = ${memberId}`);
      const token = randomBytes(32).toString('base64url');
      const expires = new Date(now.getTime() + VERIFICATION_MINUTES * 60_000);
      await tx.execute(sql`delete from loyalty_sandbox.verifications where member_id = ${memberId} and expires_at <= ${now.toISOString()}`);
      await tx.execute(
        sql`insert into loyalty_sandbox.verifications (token_hash, member_id, expires_at, created_at)
            values (${sha256(token)}, ${memberId}, ${expires.toISOString()}, ${now.toISOString()})`,
      );
      return {
        verification: { member: await this.memberView(tx, memberId, now), verificationToken: token, verificationTokenExpiration: expires },
      };
    });
    if ('refusal' in outcome) throw new LoyaltyRefusal(outcome.refusal);
    return outcome.verification;
  }

  async member(memberId: string, verificationToken: string): Promise<LoyaltyMember> {
    this.answering(memberId);
    const now = this.now();
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await this.checkVerification(tx, memberId, verificationToken, now);
      await this.lockMember(tx, memberId);
      return this.memberView(tx, memberId, now);
    });
  }

  async burn(request: LoyaltyBurnRequest): Promise<LoyaltyBurn> {
    this.answering(request.memberId);
    if (!Number.isSafeInteger(request.points) || request.points <= 0 || !request.reference) {
      throw new LoyaltyRefusal('INVALID_REQUEST', 'A burn needs a reference and a positive number of points');
    }
    const now = this.now();
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      // The member's row lock orders every burn of one member: two partners' burns of the same
      // points are decided one after the other, on the balance the first one left.
      const member = await this.lockMember(tx, request.memberId);
      if (!member) throw new LoyaltyRefusal('MEMBER_NOT_FOUND');
      const [known] = await queryRows<TransactionRow>(
        tx,
        sql`select * from loyalty_sandbox.transactions where kind = 'BURN' and reference = ${request.reference}`,
      );
      if (known) return this.repeatedBurn(tx, known, request);
      await this.checkVerification(tx, request.memberId, request.verificationToken, now);
      if (member.membership_status !== 'ACTIVE') throw new LoyaltyRefusal('MEMBER_INACTIVE');
      if (member.verified_status !== 'VERIFIED') throw new LoyaltyRefusal('MEMBER_NOT_VERIFIED');
      await this.postDueAccruals(tx, request.memberId, now);
      const id = transactionId('burn');
      // A reversal of this reference racing in leaves its row first: then the burn never happens.
      const inserted = await queryRows<{ id: string }>(
        tx,
        sql`insert into loyalty_sandbox.transactions (id, kind, reference, member_id, points, state, posted_at, created_at)
            values (${id}, 'BURN', ${request.reference}, ${request.memberId}, ${request.points}, 'POSTED', ${now.toISOString()}, ${now.toISOString()})
            on conflict (kind, reference) do nothing returning id`,
      );
      if (inserted.length === 0) throw new LoyaltyRefusal('BURN_REVERSED');
      const [spent] = await queryRows<{ balance: number }>(
        tx,
        sql`update loyalty_sandbox.members set balance = balance - ${request.points}
            where member_id = ${request.memberId} and balance >= ${request.points} returning balance`,
      );
      // Throwing rolls the transaction row back with it.
      if (!spent) throw new LoyaltyRefusal('INSUFFICIENT_POINTS');
      return { transactionId: id, points: request.points, balance: spent.balance };
    });
  }

  /** The same reference again: the same burn when it is the same request, refused otherwise. */
  private async repeatedBurn(tx: Database, known: TransactionRow, request: LoyaltyBurnRequest): Promise<LoyaltyBurn> {
    if (known.state === 'REVERSED') throw new LoyaltyRefusal('BURN_REVERSED');
    if (known.member_id !== request.memberId || known.points !== request.points) {
      throw new LoyaltyRefusal('INVALID_REQUEST', 'The reference belongs to another burn');
    }
    const [member] = await queryRows<{ balance: number }>(
      tx,
      sql`select balance from loyalty_sandbox.members where member_id = ${request.memberId}`,
    );
    return { transactionId: known.id, points: known.points, balance: member!.balance };
  }

  async reverseBurn(reference: string): Promise<LoyaltyReversalOutcome> {
    this.answering();
    const now = this.now();
    // Two tries: a burn inserted between our look and our tombstone is found on the second.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const outcome = await this.db.transaction(async (transaction): Promise<LoyaltyReversalOutcome | undefined> => {
        const tx = transaction as unknown as Database;
        const [known] = await queryRows<TransactionRow>(
          tx,
          sql`select * from loyalty_sandbox.transactions where kind = 'BURN' and reference = ${reference}`,
        );
        if (!known) {
          const tombstone = await queryRows<{ id: string }>(
            tx,
            sql`insert into loyalty_sandbox.transactions (id, kind, reference, member_id, points, state, reversed_at, created_at)
                values (${transactionId('rev')}, 'BURN', ${reference}, null, 0, 'REVERSED', ${now.toISOString()}, ${now.toISOString()})
                on conflict (kind, reference) do nothing returning id`,
          );
          return tombstone.length > 0 ? 'NO_BURN' : undefined;
        }
        // Member first, then the burn: the order burns take.
        await this.lockMember(tx, known.member_id ?? '');
        const [burn] = await queryRows<TransactionRow>(
          tx,
          sql`update loyalty_sandbox.transactions set state = 'REVERSED', reversed_at = ${now.toISOString()}
              where id = ${known.id} and state = 'POSTED' returning *`,
        );
        if (!burn) return 'ALREADY_REVERSED';
        await tx.execute(sql`update loyalty_sandbox.members set balance = balance + ${burn.points} where member_id = ${burn.member_id}`);
        return 'REVERSED';
      });
      if (outcome) return outcome;
    }
    throw new LoyaltyUnavailable('The reversal raced a burn twice; ask again');
  }

  async accrue(request: LoyaltyAccrualRequest): Promise<LoyaltyAccrual> {
    this.answering(request.memberId);
    if (!Number.isSafeInteger(request.points) || request.points <= 0 || !request.reference) {
      throw new LoyaltyRefusal('INVALID_REQUEST', 'An accrual needs a reference and a positive number of points');
    }
    const now = this.now();
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const member = await this.lockMember(tx, request.memberId);
      if (!member) throw new LoyaltyRefusal('MEMBER_NOT_FOUND');
      const [known] = await queryRows<TransactionRow>(
        tx,
        sql`select * from loyalty_sandbox.transactions where kind = 'ACCRUAL' and reference = ${request.reference}`,
      );
      if (known) return { transactionId: known.id, points: known.points, postsAt: new Date(known.posts_at!) };
      if (member.membership_status !== 'ACTIVE') throw new LoyaltyRefusal('MEMBER_INACTIVE');
      const id = transactionId('acc');
      const postsAt = new Date(now.getTime() + LOYALTY_ACCRUAL_DELAY_HOURS * 3_600_000);
      await tx.execute(
        sql`insert into loyalty_sandbox.transactions (id, kind, reference, member_id, points, state, posts_at, created_at)
            values (${id}, 'ACCRUAL', ${request.reference}, ${request.memberId}, ${request.points}, 'PENDING', ${postsAt.toISOString()}, ${now.toISOString()})`,
      );
      return { transactionId: id, points: request.points, postsAt };
    });
  }

  private async lockMember(tx: Database, memberId: string): Promise<MemberRow | undefined> {
    const [member] = await queryRows<MemberRow>(tx, sql`select * from loyalty_sandbox.members where member_id = ${memberId} for update`);
    return member;
  }

  private async checkVerification(tx: Database, memberId: string, token: string, now: Date): Promise<void> {
    const [live] = await queryRows<{ member_id: string }>(
      tx,
      sql`select member_id from loyalty_sandbox.verifications
          where token_hash = ${sha256(token)} and member_id = ${memberId} and expires_at > ${now.toISOString()}`,
    );
    if (!live) throw new LoyaltyRefusal('VERIFICATION_EXPIRED');
  }

  /** Accruals whose 24 hours are over join the balance; the member's row is locked by the caller. */
  private async postDueAccruals(tx: Database, memberId: string, now: Date): Promise<void> {
    const posted = await queryRows<{ points: number }>(
      tx,
      sql`update loyalty_sandbox.transactions set state = 'POSTED', posted_at = ${now.toISOString()}
          where member_id = ${memberId} and kind = 'ACCRUAL' and state = 'PENDING' and posts_at <= ${now.toISOString()}
          returning points`,
    );
    const points = posted.reduce((sum, row) => sum + row.points, 0);
    if (points > 0) await tx.execute(sql`update loyalty_sandbox.members set balance = balance + ${points} where member_id = ${memberId}`);
  }

  private async memberView(tx: Database, memberId: string, now: Date): Promise<LoyaltyMember> {
    await this.postDueAccruals(tx, memberId, now);
    const [row] = await queryRows<MemberRow & { pending_points: number | string; next_posting_at: Date | string | null }>(
      tx,
      sql`select m.*, coalesce(p.points, 0) as pending_points, p.next_posting_at
          from loyalty_sandbox.members m
          left join lateral (select sum(points) as points, min(posts_at) as next_posting_at from loyalty_sandbox.transactions
                             where member_id = m.member_id and kind = 'ACCRUAL' and state = 'PENDING') p on true
          where m.member_id = ${memberId}`,
    );
    if (!row) throw new LoyaltyRefusal('MEMBER_NOT_FOUND');
    return {
      memberId: row.member_id,
      balance: row.balance,
      pendingPoints: Number(row.pending_points),
      nextPostingAt: row.next_posting_at ? new Date(row.next_posting_at) : null,
      membershipStatus: row.membership_status,
      verifiedStatus: row.verified_status,
    };
  }
}
