import { buildSchema } from 'graphql';
import type { Response } from 'supertest';
import { databaseBackends } from '#test/support/backends.ts';
import typeDefs from './schema.graphql';
import { everythingAbout, startUserService, type RunningUserService, type TestUser } from './test-support/user-fixture.ts';

/**
 * Every query and mutation of the schema, three ways: without a token, with user B's token
 * against user A's ids, and with A's own token. A new operation without a case here fails the
 * first test.
 */
interface Fixture {
  /** A's address, the id B tries to use. */
  addressOfA: string;
  a: TestUser;
  b: TestUser;
}

interface Case {
  query: string;
  variables?: (fixture: Fixture) => Record<string, unknown>;
  /** Open to guests; the check of what a guest gets. */
  guest?: (body: Data, fixture: Fixture) => void;
  /**
   * What B gets when naming A's ids (or acting on their own data when there are none): NOT_FOUND,
   * another refusal (code and status), or an answer checked by the function.
   */
  other: 'NOT_FOUND' | { refused: string; status: number } | ((body: Data, fixture: Fixture) => void);
  owner: (body: Data, fixture: Fixture) => void;
}

// Answers are checked field by field below.
type Data = Record<string, any>;

const address = { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' };
const festivals = (preferences: Data[]) => preferences.find((preference) => preference.id === 'festivals')?.subscribed;

// In the order the owner runs them: deleting comes after the rest.
const cases: Record<string, Case> = {
  user: {
    query: '{ user { id email } }',
    other: (data, { b }) => expect(data.user).toEqual({ id: b.id, email: b.email }),
    owner: (data, { a }) => expect(data.user).toEqual({ id: a.id, email: a.email }),
  },
  me: {
    query: '{ me { id email } }',
    other: (data, { b }) => expect(data.me).toEqual({ id: b.id, email: b.email }),
    owner: (data, { a }) => expect(data.me).toEqual({ id: a.id, email: a.email }),
  },
  userAddresses: {
    query: '{ userAddresses { id } }',
    other: (data) => expect(data.userAddresses).toEqual([]),
    owner: (data, { addressOfA }) => expect(data.userAddresses).toEqual([{ id: addressOfA }]),
  },
  notifications: {
    query: '{ notifications { id subscribed } }',
    guest: (data) => expect(data.notifications.every((preference: Data) => preference.subscribed === false)).toBe(true),
    other: (data) => expect(festivals(data.notifications)).toBe(false),
    owner: (data) => expect(festivals(data.notifications)).toBe(true),
  },
  userNotificationPreferences: {
    query: '{ userNotificationPreferences { id subscribed } }',
    other: (data) => expect(festivals(data.userNotificationPreferences)).toBe(false),
    owner: (data) => expect(festivals(data.userNotificationPreferences)).toBe(true),
  },
  userExistence: {
    query: 'query($email: String!) { userExistence(email: $email) { exists } }',
    variables: ({ a }) => ({ email: a.email.toUpperCase() }),
    // What sign-up's "account exists" message reveals, to anyone, within the rate limit.
    guest: (data) => expect(data.userExistence).toEqual({ exists: true }),
    other: (data) => expect(data.userExistence).toEqual({ exists: true }),
    owner: (data) => expect(data.userExistence).toEqual({ exists: true }),
  },
  mySchedule: {
    query: '{ mySchedule }',
    other: (data) => expect(data.mySchedule).toEqual([]),
    owner: (data) => expect(data.mySchedule).toEqual(['performance-of-a']),
  },
  updateUser: {
    query: 'mutation { updateUser(input: { middleName: "Changed", phoneNumber: "+966 50 000 0000" }) { id middleName phoneNumber } }',
    other: (data, { b }) => expect(data.updateUser).toEqual({ id: b.id, middleName: 'Changed', phoneNumber: '+966500000000' }),
    owner: (data, { a }) => expect(data.updateUser).toEqual({ id: a.id, middleName: 'Changed', phoneNumber: '+966500000000' }),
  },
  onboardUser: {
    query: 'mutation { onboardUser(input: { firstName: "New", lastName: "Name", acceptTerms: true }) { id firstName onboarded } }',
    other: (data, { b }) => expect(data.onboardUser).toEqual({ id: b.id, firstName: 'New', onboarded: true }),
    owner: (data, { a }) => expect(data.onboardUser).toEqual({ id: a.id, firstName: 'New', onboarded: true }),
  },
  addUserAddress: {
    query: 'mutation($input: AddressInput!) { addUserAddress(input: $input) { id city isDefault } }',
    variables: () => ({ input: { ...address, city: 'Jeddah' } }),
    other: (data) => expect(data.addUserAddress).toMatchObject({ city: 'Jeddah', isDefault: true }),
    owner: (data) => expect(data.addUserAddress).toMatchObject({ city: 'Jeddah', isDefault: false }),
  },
  updateUserAddress: {
    query: 'mutation($id: ID!, $input: AddressInput!) { updateUserAddress(addressId: $id, input: $input) { id city } }',
    variables: ({ addressOfA }) => ({ id: addressOfA, input: { ...address, city: 'Dammam' } }),
    other: 'NOT_FOUND',
    owner: (data, { addressOfA }) => expect(data.updateUserAddress).toEqual({ id: addressOfA, city: 'Dammam' }),
  },
  deleteUserAddress: {
    query: 'mutation($id: ID!) { deleteUserAddress(addressId: $id) }',
    variables: ({ addressOfA }) => ({ id: addressOfA }),
    other: 'NOT_FOUND',
    owner: (data) => expect(data.deleteUserAddress).toBe(true),
  },
  subscribeEmailToNewsletter: {
    query: 'mutation($email: String!) { subscribeEmailToNewsletter(input: { email: $email, locale: ar }) { email newsletter subscribed } }',
    variables: () => ({ email: 'someone@example.com' }),
    guest: (data) =>
      expect(data.subscribeEmailToNewsletter).toEqual({ email: 'someone@example.com', newsletter: 'general', subscribed: true }),
    other: (data) => expect(data.subscribeEmailToNewsletter.subscribed).toBe(true),
    owner: (data) => expect(data.subscribeEmailToNewsletter.subscribed).toBe(true),
  },
  updateUserNotificationPreferences: {
    query: 'mutation { updateUserNotificationPreferences(input: [{ id: "festivals", subscribed: false }]) { id subscribed } }',
    other: (data) => expect(festivals(data.updateUserNotificationPreferences)).toBe(false),
    owner: (data) => expect(festivals(data.updateUserNotificationPreferences)).toBe(false),
  },
  markPerformance: {
    query: 'mutation { markPerformance(performanceId: "performance-x", marked: true) }',
    other: (data) => expect(data.markPerformance).toEqual(['performance-x']),
    owner: (data) => expect(data.markPerformance).toEqual(['performance-of-a', 'performance-x']),
  },
  mergeSchedule: {
    query: 'mutation { mergeSchedule(performanceIds: ["performance-y"]) }',
    other: (data) => expect(data.mergeSchedule).toEqual(['performance-x', 'performance-y']),
    owner: (data) => expect(data.mergeSchedule).toEqual(['performance-of-a', 'performance-x', 'performance-y']),
  },
  // A's member (linked in beforeAll): B never reaches it, whatever it asks.
  loyaltyBalance: {
    query: 'query($pin: String) { loyaltyBalance(memberPin: $pin) { memberId balance } }',
    variables: () => ({ pin: '1234' }),
    other: 'NOT_FOUND',
    owner: (data) => expect(data.loyaltyBalance).toEqual({ memberId: '9000000001', balance: 5000 }),
  },
  linkLoyaltyAccount: {
    query: 'mutation($input: LinkLoyaltyAccountInput!) { linkLoyaltyAccount(input: $input) { memberId balance } }',
    variables: () => ({ input: { memberId: '9000000001', memberPin: '1234' } }),
    other: { refused: 'LOYALTY_ALREADY_LINKED', status: 409 },
    owner: (data) => expect(data.linkLoyaltyAccount).toEqual({ memberId: '9000000001', balance: 5000 }),
  },
  deleteLinkedLoyaltyAccount: {
    query: 'mutation { deleteLinkedLoyaltyAccount }',
    other: 'NOT_FOUND',
    owner: (data) => expect(data.deleteLinkedLoyaltyAccount).toBe(true),
  },
  deleteUser: {
    query: 'mutation { deleteUser }',
    other: (data) => expect(data.deleteUser).toBe(true),
    owner: (data) => expect(data.deleteUser).toBe(true),
  },
};

const schema = buildSchema(typeDefs);
const operations = [...Object.keys(schema.getQueryType()!.getFields()), ...Object.keys(schema.getMutationType()?.getFields() ?? {})];

test('every query and mutation of the schema has an authorization case', () => {
  expect(Object.keys(cases).sort()).toEqual([...operations].sort());
});

describe.each(databaseBackends)('authorization of every operation on $name', (backend) => {
  let service: RunningUserService;
  const fixture = {} as Fixture;

  const run = (name: string, token?: string): Promise<Response> =>
    service.call({ query: cases[name]!.query, variables: cases[name]!.variables?.(fixture) ?? {} }, token);

  beforeAll(async () => {
    service = await startUserService(backend);
    fixture.a = await service.signUp('user-a@example.com', { givenName: 'Amal', familyName: 'Ahmed' });
    fixture.b = await service.signUp('user-b@example.com', { givenName: 'Badr', familyName: 'Bakri' });
    // A's data: a profile, an address, a subscription and a schedule mark.
    const added = await service.call(
      { query: 'mutation($input: AddressInput!) { addUserAddress(input: $input) { id } }', variables: { input: address } },
      fixture.a.accessToken,
    );
    fixture.addressOfA = added.body.data.addUserAddress.id;
    await service.call(
      { query: 'mutation { updateUserNotificationPreferences(input: [{ id: "festivals", subscribed: true }]) { id } }' },
      fixture.a.accessToken,
    );
    await service.call({ query: 'mutation { markPerformance(performanceId: "performance-of-a", marked: true) }' }, fixture.a.accessToken);
    await service.call(
      {
        query: 'mutation($input: LinkLoyaltyAccountInput!) { linkLoyaltyAccount(input: $input) { memberId } }',
        variables: { input: { memberId: '9000000001', memberPin: '1234' } },
      },
      fixture.a.accessToken,
    );
  });
  afterAll(() => service.close());

  describe('without a token', () => {
    test.each(operations)('%s', async (name) => {
      const before = await everythingAbout(service.database, fixture.a);
      const response = await run(name);
      const guest = cases[name]!.guest;
      if (guest) {
        expect(response.body.errors).toBeUndefined();
        guest(response.body.data, fixture);
      } else {
        expect(response.status).toBe(401);
        expect(response.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      }
      expect(await everythingAbout(service.database, fixture.a)).toEqual(before);
    });
  });

  describe("with another user's token, against the first user's ids", () => {
    test.each(operations)('%s', async (name) => {
      const before = await everythingAbout(service.database, fixture.a);
      expect(before.addresses).toHaveLength(1);
      const response = await run(name, fixture.b.accessToken);
      const other = cases[name]!.other;
      if (other === 'NOT_FOUND') {
        expect(response.status).toBe(404);
        expect(response.body.errors[0].extensions.code).toBe('NOT_FOUND');
      } else if (typeof other === 'object') {
        expect([response.status, response.body.errors[0].extensions.code]).toEqual([other.status, other.refused]);
      } else {
        expect(response.body.errors).toBeUndefined();
        other(response.body.data, fixture);
      }
      expect(await everythingAbout(service.database, fixture.a)).toEqual(before);
    });
  });

  describe('with their own token', () => {
    test.each(operations.filter((name) => name !== 'deleteUser'))('%s', async (name) => {
      const response = await run(name, fixture.a.accessToken);
      expect(response.body.errors).toBeUndefined();
      cases[name]!.owner(response.body.data, fixture);
    });

    test('deleteUser, which leaves nothing behind', async () => {
      const response = await run('deleteUser', fixture.a.accessToken);
      expect(response.body.errors).toBeUndefined();
      cases.deleteUser!.owner(response.body.data, fixture);
      expect(await everythingAbout(service.database, fixture.a)).toEqual({ profile: [], addresses: [], subscriptions: [], marks: [] });
    });
  });
});
