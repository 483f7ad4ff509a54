import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { LoyaltyRefusal, LoyaltyUnavailable } from './loyalty-programme.ts';
import { LOYALTY_UNAVAILABLE_MEMBER_ID, LoyaltySandbox, PIN_ATTEMPTS_BEFORE_LOCK, VERIFICATION_MINUTES } from './loyalty-sandbox.ts';

const START = new Date('2026-11-21T12:00:00Z');

/** The refusal's code, or 'answered' / 'unavailable', so that a test reads as the programme's answer. */
async function answerOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'answered';
  } catch (error) {
    if (error instanceof LoyaltyRefusal) return error.code;
    if (error instanceof LoyaltyUnavailable) return 'unavailable';
    throw error;
  }
}

describe.each(databaseBackends)('the loyalty programme sandbox on $name', (backend) => {
  let target: Awaited<ReturnType<typeof backend.create>>;
  let database: DatabaseHandle;
  let sandbox: LoyaltySandbox;
  let now = START.getTime();

  beforeAll(async () => {
    target = await backend.create();
    database = await openDatabase({ url: target.url, dataDir: 'memory://' });
    sandbox = await LoyaltySandbox.create({ database, clock: () => new Date(now), logger: createLogger({ level: 'silent' }) });
  });
  afterAll(async () => {
    await database.close();
    await target.drop();
  });

  const balanceOf = async (memberId: string) =>
    (await queryRows<{ balance: number }>(database.db, sql`select balance from loyalty_sandbox.members where member_id = ${memberId}`))[0]!
      .balance;

  test('a test member with the right PIN is verified: balance, statuses and a token that expires', async () => {
    const verification = await sandbox.verifyMember('9000000001', '1234');
    expect(verification.member).toEqual({
      memberId: '9000000001',
      balance: 5000,
      pendingPoints: 0,
      nextPostingAt: null,
      membershipStatus: 'ACTIVE',
      verifiedStatus: 'VERIFIED',
    });
    expect(verification.verificationToken).toMatch(/^[\w-]{40,}$/);
    expect(verification.verificationTokenExpiration).toEqual(new Date(now + VERIFICATION_MINUTES * 60_000));
    expect((await sandbox.member('9000000001', verification.verificationToken)).balance).toBe(5000);

    now += VERIFICATION_MINUTES * 60_000;
    expect(await answerOf(sandbox.member('9000000001', verification.verificationToken))).toBe('VERIFICATION_EXPIRED');
  });

  test('an unknown member and a wrong PIN are told apart; a token is only its own member’s', async () => {
    expect(await answerOf(sandbox.verifyMember('9000001234', '1234'))).toBe('MEMBER_NOT_FOUND');
    expect(await answerOf(sandbox.verifyMember('9000000002', '1111'))).toBe('PIN_INCORRECT');
    const { verificationToken } = await sandbox.verifyMember('9000000002', '2468');
    expect(await answerOf(sandbox.member('9000000001', verificationToken))).toBe('VERIFICATION_EXPIRED');
  });

  test('five wrong PINs in a row lock the member’s PIN, even the right one, for half an hour', async () => {
    for (let attempt = 1; attempt < PIN_ATTEMPTS_BEFORE_LOCK; attempt += 1) {
      expect(await answerOf(sandbox.verifyMember('9000000005', '0000'))).toBe('PIN_INCORRECT');
    }
    expect(await answerOf(sandbox.verifyMember('9000000005', '0000'))).toBe('PIN_LOCKED');
    expect(await answerOf(sandbox.verifyMember('9000000005', '5555'))).toBe('PIN_LOCKED');
    now += 30 * 60_000;
    expect(await answerOf(sandbox.verifyMember('9000000005', '5555'))).toBe('answered');
  });

  test('a burn spends points once per reference; its reversal gives them back once', async () => {
    const { verificationToken } = await sandbox.verifyMember('9000000006', '6666');
    const burn = { reference: 'order:NBD-BURN1', memberId: '9000000006', verificationToken, points: 150 };
    const first = await sandbox.burn(burn);
    expect(first).toMatchObject({ points: 150, balance: 1850 });
    // Asked again (the partner never heard the answer): the same burn, nothing more spent.
    expect(await sandbox.burn(burn)).toEqual(first);
    expect(await balanceOf('9000000006')).toBe(1850);

    expect(await sandbox.reverseBurn('order:NBD-BURN1')).toBe('REVERSED');
    expect(await sandbox.reverseBurn('order:NBD-BURN1')).toBe('ALREADY_REVERSED');
    expect(await balanceOf('9000000006')).toBe(2000);
    expect(await answerOf(sandbox.burn(burn))).toBe('BURN_REVERSED');
  });

  test('a reversal that arrives before its burn makes the burn impossible', async () => {
    expect(await sandbox.reverseBurn('order:NBD-NEVER')).toBe('NO_BURN');
    const { verificationToken } = await sandbox.verifyMember('9000000006', '6666');
    expect(await answerOf(sandbox.burn({ reference: 'order:NBD-NEVER', memberId: '9000000006', verificationToken, points: 50 }))).toBe(
      'BURN_REVERSED',
    );
    expect(await balanceOf('9000000006')).toBe(2000);
  });

  test('burns are refused: more than the balance, an unverified or suspended member, an expired verification', async () => {
    const small = await sandbox.verifyMember('9000000002', '2468');
    expect(
      await answerOf(
        sandbox.burn({ reference: 'order:NBD-MUCH', memberId: '9000000002', verificationToken: small.verificationToken, points: 350 }),
      ),
    ).toBe('INSUFFICIENT_POINTS');
    const unverified = await sandbox.verifyMember('9000000003', '1357');
    expect(
      await answerOf(
        sandbox.burn({ reference: 'order:NBD-UNV', memberId: '9000000003', verificationToken: unverified.verificationToken, points: 50 }),
      ),
    ).toBe('MEMBER_NOT_VERIFIED');
    const suspended = await sandbox.verifyMember('9000000004', '4321');
    expect(suspended.member.membershipStatus).toBe('SUSPENDED');
    expect(
      await answerOf(
        sandbox.burn({ reference: 'order:NBD-SUS', memberId: '9000000004', verificationToken: suspended.verificationToken, points: 50 }),
      ),
    ).toBe('MEMBER_INACTIVE');
    now += VERIFICATION_MINUTES * 60_000;
    expect(
      await answerOf(
        sandbox.burn({ reference: 'order:NBD-LATE', memberId: '9000000002', verificationToken: small.verificationToken, points: 50 }),
      ),
    ).toBe('VERIFICATION_EXPIRED');
    expect(await balanceOf('9000000002')).toBe(300);
    // A refused burn leaves no transaction behind: the reference can still be used.
    const rows = await queryRows(
      database.db,
      sql`select * from loyalty_sandbox.transactions where reference like 'order:NBD-%' and kind = 'BURN'
      and reference in ('order:NBD-MUCH', 'order:NBD-UNV', 'order:NBD-SUS', 'order:NBD-LATE')`,
    );
    expect(rows).toEqual([]);
  });

  test('SPEC 9.2: accrued points are pending for 24 hours, then join the balance', async () => {
    const accrual = await sandbox.accrue({ reference: 'order:NBD-EARN', memberId: '9000000007', points: 120 });
    expect(accrual.postsAt).toEqual(new Date(now + 24 * 3_600_000));
    expect(await sandbox.accrue({ reference: 'order:NBD-EARN', memberId: '9000000007', points: 120 })).toEqual(accrual);
    const { verificationToken } = await sandbox.verifyMember('9000000007', '7777');
    expect(await sandbox.member('9000000007', verificationToken)).toMatchObject({
      balance: 2000,
      pendingPoints: 120,
      nextPostingAt: accrual.postsAt,
    });
    now += 24 * 3_600_000;
    const again = await sandbox.verifyMember('9000000007', '7777');
    expect(again.member).toMatchObject({ balance: 2120, pendingPoints: 0, nextPostingAt: null });
    expect(await answerOf(sandbox.accrue({ reference: 'order:NBD-SUSP', memberId: '9000000004', points: 10 }))).toBe('MEMBER_INACTIVE');
    expect(await answerOf(sandbox.accrue({ reference: 'order:NBD-NONE', memberId: '9000001111', points: 10 }))).toBe('MEMBER_NOT_FOUND');
  });

  test('a programme that is down answers nothing, and changes nothing', async () => {
    expect(await answerOf(sandbox.verifyMember(LOYALTY_UNAVAILABLE_MEMBER_ID, '0000'))).toBe('unavailable');
    const { verificationToken } = await sandbox.verifyMember('9000000008', '8888');
    sandbox.setAvailable(false);
    try {
      expect(await answerOf(sandbox.burn({ reference: 'order:NBD-DOWN', memberId: '9000000008', verificationToken, points: 50 }))).toBe(
        'unavailable',
      );
      expect(await answerOf(sandbox.reverseBurn('order:NBD-DOWN'))).toBe('unavailable');
      expect(await answerOf(sandbox.accrue({ reference: 'order:NBD-DOWN', memberId: '9000000008', points: 5 }))).toBe('unavailable');
    } finally {
      sandbox.setAvailable(true);
    }
    expect(await balanceOf('9000000008')).toBe(2000);
  });

  test('many burns of one member at once never overdraw the balance', async () => {
    const { verificationToken } = await sandbox.verifyMember('9000000008', '8888');
    // 2000 points; twelve partners race to burn 300 each: six fit, whichever they are.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        answerOf(sandbox.burn({ reference: `order:NBD-RACE${index}`, memberId: '9000000008', verificationToken, points: 300 })),
      ),
    );
    expect(answers.filter((answer) => answer === 'answered')).toHaveLength(6);
    expect(answers.filter((answer) => answer === 'INSUFFICIENT_POINTS')).toHaveLength(6);
    expect(await balanceOf('9000000008')).toBe(200);
  });
});
