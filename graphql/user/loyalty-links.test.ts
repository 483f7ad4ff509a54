import type { Response } from 'supertest';
import { RATE_LIMITS } from '#platform/rate-limits.ts';
import { LOYALTY_UNAVAILABLE_MEMBER_ID, VERIFICATION_MINUTES } from '#platform/loyalty/loyalty-sandbox.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { everythingAbout, startUserService, type RunningUserService, type TestUser } from './test-support/user-fixture.ts';

const LINK = `mutation($input: LinkLoyaltyAccountInput!) {
  linkLoyaltyAccount(input: $input) { memberId balance verificationToken verificationTokenExpiration }
}`;
const BALANCE = `query($pin: String) {
  loyaltyBalance(memberPin: $pin) { memberId balance membershipStatus verifiedStatus pendingPoints verificationToken verificationTokenExpiration }
}`;
const UNLINK = 'mutation { deleteLinkedLoyaltyAccount }';

const codeOf = (response: Response) => response.body.errors?.[0]?.extensions?.code;
const fieldsOf = (response: Response) => response.body.errors?.[0]?.extensions?.fields;

describe.each(databaseBackends)('loyalty links in the user service on $name', (backend) => {
  let service: RunningUserService;
  let users = 0;
  /** A signed-up user who has used the site once (their profile exists). */
  async function newUser(): Promise<TestUser> {
    const user = await service.signUp(`loyalty-${(users += 1)}@example.com`);
    await service.call({ query: '{ user { id } }' }, user.accessToken);
    return user;
  }
  const link = (user: TestUser, memberId: string, memberPin: string) =>
    service.call({ query: LINK, variables: { input: { memberId, memberPin } } }, user.accessToken);
  const balance = (user: TestUser, pin?: string) => service.call({ query: BALANCE, variables: { pin: pin ?? null } }, user.accessToken);

  beforeAll(async () => {
    service = await startUserService(backend);
  });
  afterAll(() => service.close());

  test('a member id and PIN the programme accepts link the member; the account then shows balance and statuses', async () => {
    const user = await newUser();
    const linked = await link(user, '9000 0000 01', '1234');
    expect(linked.body.errors).toBeUndefined();
    expect(linked.body.data.linkLoyaltyAccount).toEqual({
      memberId: '9000000001',
      balance: 5000,
      verificationToken: expect.stringMatching(/^[\w-]{40,}$/),
      verificationTokenExpiration: expect.any(String),
    });
    const me = await service.call({ query: '{ user { loyaltyMemberId } }' }, user.accessToken);
    expect(me.body.data.user.loyaltyMemberId).toBe('9000000001');
    // Without the PIN, while the verification lasts.
    const shown = await balance(user);
    expect(shown.body.data.loyaltyBalance).toMatchObject({
      memberId: '9000000001',
      balance: 5000,
      membershipStatus: 'ACTIVE',
      verifiedStatus: 'VERIFIED',
      pendingPoints: 0,
      verificationToken: linked.body.data.linkLoyaltyAccount.verificationToken,
    });
    await service.call({ query: UNLINK }, user.accessToken);
  });

  test('a wrong PIN, an unknown member and a malformed id are refused with their own messages, and change nothing', async () => {
    const user = await newUser();
    const before = await everythingAbout(service.database, user);
    const wrongPin = await link(user, '9000000002', '1111');
    expect([wrongPin.status, codeOf(wrongPin), fieldsOf(wrongPin)]).toEqual([
      422,
      'LOYALTY_PIN_INCORRECT',
      { memberPin: 'loyalty:errors.pinIncorrect' },
    ]);
    const unknown = await link(user, '9000001234', '1234');
    expect([codeOf(unknown), fieldsOf(unknown)]).toEqual(['LOYALTY_MEMBER_NOT_FOUND', { memberId: 'loyalty:errors.memberNotFound' }]);
    const malformed = await link(user, 'ABCDEFGHIJ', '12a4');
    expect([codeOf(malformed), fieldsOf(malformed)]).toEqual([
      'BAD_USER_INPUT',
      { memberId: 'loyalty:errors.memberIdFormat', memberPin: 'loyalty:errors.pinFormat' },
    ]);
    const wrongLength = await link(user, '123', '12');
    expect(fieldsOf(wrongLength)).toEqual({ memberId: 'validation:exactLength', memberPin: 'validation:exactLength' });
    expect(await everythingAbout(service.database, user)).toEqual(before);
  });

  test('a member linked to another account stays with it', async () => {
    const [first, second] = [await newUser(), await newUser()];
    expect((await link(first, '9000000005', '5555')).body.errors).toBeUndefined();
    const before = await everythingAbout(service.database, second);
    const refused = await link(second, '9000000005', '5555');
    expect([refused.status, codeOf(refused), fieldsOf(refused)]).toEqual([
      409,
      'LOYALTY_ALREADY_LINKED',
      { memberId: 'loyalty:errors.alreadyLinked' },
    ]);
    expect(await everythingAbout(service.database, second)).toEqual(before);
    await service.call({ query: UNLINK }, first.accessToken);
  });

  test('two accounts linking the same member at once: exactly one gets it', async () => {
    const racers = await Promise.all([newUser(), newUser(), newUser()]);
    const answers = await Promise.all(racers.map((user) => link(user, '9000000006', '6666')));
    expect(answers.map(codeOf).sort()).toEqual([undefined, 'LOYALTY_ALREADY_LINKED', 'LOYALTY_ALREADY_LINKED'].sort());
    const winner = racers[answers.findIndex((answer) => codeOf(answer) === undefined)]!;
    await service.call({ query: UNLINK }, winner.accessToken);
  });

  test('the programme down: a clear refusal, nothing changed', async () => {
    const user = await newUser();
    const before = await everythingAbout(service.database, user);
    const down = await link(user, LOYALTY_UNAVAILABLE_MEMBER_ID, '0000');
    expect([down.status, codeOf(down), fieldsOf(down)]).toEqual([503, 'LOYALTY_UNAVAILABLE', { form: 'loyalty:errors.unavailable' }]);
    service.loyalty.setAvailable(false);
    try {
      expect(codeOf(await link(user, '9000000007', '7777'))).toBe('LOYALTY_UNAVAILABLE');
    } finally {
      service.loyalty.setAvailable(true);
    }
    expect(await everythingAbout(service.database, user)).toEqual(before);
  });

  test('PIN attempts are limited per user: after five failures even the right PIN waits', async () => {
    const user = await newUser();
    for (let attempt = 0; attempt < RATE_LIMITS.loyaltyPinFailuresPerUser.points; attempt += 1) {
      // Unknown members count too: guessing ids is as bad as guessing PINs.
      expect(codeOf(await link(user, attempt % 2 ? '9000000007' : '9000009999', '0000'))).toMatch(
        /LOYALTY_(PIN_INCORRECT|MEMBER_NOT_FOUND)/,
      );
    }
    const limited = await link(user, '9000000007', '7777');
    expect([limited.status, codeOf(limited)]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    const me = await service.call({ query: '{ user { loyaltyMemberId } }' }, user.accessToken);
    expect(me.body.data.user.loyaltyMemberId).toBeNull();
  });

  test('once the verification runs out the balance needs the PIN again, which renews it', async () => {
    const user = await newUser();
    await link(user, '9000000008', '8888');
    service.loyaltyClock.advance(VERIFICATION_MINUTES * 60_000);
    const expired = await balance(user);
    expect([expired.status, codeOf(expired)]).toEqual([403, 'LOYALTY_PIN_REQUIRED']);
    expect(codeOf(await balance(user, '1111'))).toBe('LOYALTY_PIN_INCORRECT');
    const renewed = await balance(user, '8888');
    expect(renewed.body.data.loyaltyBalance).toMatchObject({ memberId: '9000000008', balance: 2000 });
    expect((await balance(user)).body.data.loyaltyBalance.verificationToken).toBe(renewed.body.data.loyaltyBalance.verificationToken);
    await service.call({ query: UNLINK }, user.accessToken);
  });

  test('unlinking forgets the member and its verification; with nothing linked there is nothing to find', async () => {
    const user = await newUser();
    await link(user, '9000000002', '2468');
    expect((await service.call({ query: UNLINK }, user.accessToken)).body.data).toEqual({ deleteLinkedLoyaltyAccount: true });
    const { profile } = await everythingAbout(service.database, user);
    expect(profile[0]).toMatchObject({
      loyalty_member_id: null,
      loyalty_linked_at: null,
      loyalty_verification_token: null,
      loyalty_verification_expires_at: null,
    });
    expect(codeOf(await service.call({ query: UNLINK }, user.accessToken))).toBe('NOT_FOUND');
    expect(codeOf(await balance(user))).toBe('NOT_FOUND');
    // The member is free again.
    const other = await newUser();
    expect((await link(other, '9000000002', '2468')).body.errors).toBeUndefined();
  });
});
