import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { RATE_LIMITS } from '#platform/rate-limits.ts';
import { fromRoot } from '#platform/paths.ts';
import { today } from '#platform/profile-rules.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { ADDRESS_LIMIT } from './address-book.ts';
import { UserStore } from './user-store.ts';
import { everythingAbout, startUserService, type RunningUserService, type TestUser } from './test-support/user-fixture.ts';

const UPDATE_USER = `mutation($input: UpdateUserInput!) {
  updateUser(input: $input) { firstName lastName middleName phoneNumber whatsappPhone birthDate gender locale onboarded }
}`;
const ONBOARD_USER = 'mutation($input: OnboardUserInput!) { onboardUser(input: $input) { firstName lastName phoneNumber onboarded } }';
const ADD_ADDRESS = 'mutation($input: AddressInput!) { addUserAddress(input: $input) { id nickname isDefault city countryCode } }';
const UPDATE_ADDRESS =
  'mutation($id: ID!, $input: AddressInput!) { updateUserAddress(addressId: $id, input: $input) { id isDefault city } }';
const DELETE_ADDRESS = 'mutation($id: ID!) { deleteUserAddress(addressId: $id) }';
const ADDRESSES = '{ userAddresses { id isDefault city } }';
const PREFERENCES = '{ userNotificationPreferences { id nameEn nameAr descriptionEn descriptionAr analyticsName image subscribed } }';
const CHOOSE = 'mutation($input: [NotificationPreferenceInput!]!) { updateUserNotificationPreferences(input: $input) { id subscribed } }';
const SUBSCRIBE =
  'mutation($input: NewsletterSubscriptionInput!) { subscribeEmailToNewsletter(input: $input) { email newsletter subscribed } }';
const EXISTS = 'query($email: String!) { userExistence(email: $email) { exists } }';

const address = (city: string, extra: Record<string, unknown> = {}) => ({ address1: 'Olaya Street 5', city, countryCode: 'SA', ...extra });

describe.each(databaseBackends)('account data on $name', (backend) => {
  let service: RunningUserService;
  let layla: TestUser;
  let omar: TestUser;

  beforeAll(async () => {
    service = await startUserService(backend);
    layla = await service.signUp('layla@example.com', { givenName: 'Layla', familyName: 'Haddad' });
    omar = await service.signUp('omar@example.com', { givenName: 'Omar', familyName: 'Faris' });
  });
  afterAll(() => service.close());

  const refusal = (response: { status: number; body: any }) => {
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    return response.body.errors[0].extensions.fields;
  };

  describe('profile', () => {
    test('the profile starts from the sign-up: names from the identity, onboarded', async () => {
      const { body } = await service.call({ query: '{ user { firstName lastName email onboarded confirmed } }' }, layla.accessToken);
      expect(body.data.user).toEqual({
        firstName: 'Layla',
        lastName: 'Haddad',
        email: 'layla@example.com',
        onboarded: true,
        confirmed: true,
      });
    });

    test('updateUser changes only the fields given, normalises phones, and null clears an optional field', async () => {
      const update = (input: object) => service.call({ query: UPDATE_USER, variables: { input } }, layla.accessToken);
      const first = await update({
        middleName: 'Noor',
        phoneNumber: '+966 50-123 4567',
        birthDate: '1994-05-06',
        gender: 'female',
        locale: 'ar',
      });
      expect(first.body.data.updateUser).toEqual({
        firstName: 'Layla',
        lastName: 'Haddad',
        middleName: 'Noor',
        phoneNumber: '+966501234567',
        whatsappPhone: null,
        birthDate: '1994-05-06',
        gender: 'female',
        locale: 'ar',
        onboarded: true,
      });
      const second = await update({ middleName: null, whatsappPhone: '+971 4 123 4567' });
      expect(second.body.data.updateUser).toMatchObject({ middleName: null, whatsappPhone: '+97141234567', phoneNumber: '+966501234567' });
    });

    test('each rule refuses with its message key, and nothing is changed', async () => {
      const before = await everythingAbout(service.database, layla);
      const update = (input: object) => service.call({ query: UPDATE_USER, variables: { input } }, layla.accessToken);
      expect(
        refusal(
          await update({
            firstName: ' ',
            lastName: null,
            middleName: 'x'.repeat(81),
            phoneNumber: '0501234567',
            whatsappPhone: '+966',
            birthDate: '1899-12-31',
          }),
        ),
      ).toEqual({
        firstName: 'validation:required',
        lastName: 'validation:required',
        middleName: 'validation:maxLengthOf',
        phoneNumber: 'validation:phone',
        whatsappPhone: 'validation:phone',
        birthDate: 'validation:dateMin',
      });
      expect(refusal(await update({ birthDate: today() }))).toEqual({ birthDate: 'validation:dateMax' });
      expect(refusal(await update({ birthDate: '2001-02-29' }))).toEqual({ birthDate: 'validation:date' });
      expect(await everythingAbout(service.database, layla)).toEqual(before);
    });

    test('onboarding needs both names and the terms, then marks the user onboarded and records when', async () => {
      const onboard = (input: object) => service.call({ query: ONBOARD_USER, variables: { input } }, omar.accessToken);
      expect(refusal(await onboard({ firstName: '', lastName: 'Faris', acceptTerms: false }))).toEqual({
        firstName: 'validation:required',
        acceptTerms: 'validation:acceptTerms',
      });
      const done = await onboard({ firstName: ' Omar ', lastName: 'Faris', phoneNumber: '+966 55 555 5555', acceptTerms: true });
      expect(done.body.data.onboardUser).toEqual({ firstName: 'Omar', lastName: 'Faris', phoneNumber: '+966555555555', onboarded: true });
      const [row] = await queryRows<{ terms_accepted_at: unknown }>(
        service.database.db,
        sql`select terms_accepted_at from users.profiles where id = ${omar.id}`,
      );
      expect(row!.terms_accepted_at).toBeTruthy();
    });

    test("a user whose token names a social provider's username starts not onboarded", async () => {
      const social = await service.signUp('social@example.com', { givenName: 'Sara', familyName: 'Nasser' }, 'google_107691503500061507');
      const { body } = await service.call({ query: '{ user { username onboarded } }' }, social.accessToken);
      expect(body.data.user).toEqual({ username: 'google_107691503500061507', onboarded: false });
    });

    test('a user who came through a social sign-in starts not onboarded; anyone else starts onboarded', async () => {
      const store = new UserStore(service.database.db);
      expect((await store.profileFor({ sub: 'social-1', username: 'google_1234', email: 'G@example.com' })).onboarded).toBe(false);
      expect((await store.profileFor({ sub: 'social-2', username: 'apple_000.abc' })).onboarded).toBe(false);
      expect((await store.profileFor({ sub: 'own-1', username: 'googler@example.com' })).onboarded).toBe(true);
      expect((await store.profileFor({ sub: 'social-1', username: 'google_1234' })).email).toBe('g@example.com');
      // A username the identity gives later replaces the placeholder (the subject); onboarding is kept.
      expect(await store.profileFor({ sub: 'own-2' })).toMatchObject({ username: 'own-2', onboarded: true });
      expect(await store.profileFor({ sub: 'own-2', username: 'layla.h' })).toMatchObject({ username: 'layla.h', onboarded: true });
    });
  });

  describe('addresses', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await service.signUp('addresses@example.com');
    });
    const add = (input: object, token = user.accessToken) => service.call({ query: ADD_ADDRESS, variables: { input } }, token);
    const list = async () => (await service.call({ query: ADDRESSES }, user.accessToken)).body.data.userAddresses;

    test('the first address is the default; choosing another default unsets the old one; the default is listed first, then oldest first', async () => {
      const home = (await add(address('Riyadh', { nickname: 'Home', countryCode: 'sa' }))).body.data.addUserAddress;
      expect(home).toMatchObject({ nickname: 'Home', isDefault: true, countryCode: 'SA' });
      const work = (await add(address('Jeddah'))).body.data.addUserAddress;
      expect(work.isDefault).toBe(false);
      const parents = (await add(address('Dammam', { isDefault: true }))).body.data.addUserAddress;
      expect(parents.isDefault).toBe(true);
      expect(await list()).toEqual([
        { id: parents.id, isDefault: true, city: 'Dammam' },
        { id: home.id, isDefault: false, city: 'Riyadh' },
        { id: work.id, isDefault: false, city: 'Jeddah' },
      ]);

      const updated = await service.call(
        { query: UPDATE_ADDRESS, variables: { id: work.id, input: address('Jeddah', { isDefault: true }) } },
        user.accessToken,
      );
      expect(updated.body.data.updateUserAddress).toEqual({ id: work.id, isDefault: true, city: 'Jeddah' });
      // "Not default" on the default keeps it: there is always one while there are addresses.
      await service.call(
        { query: UPDATE_ADDRESS, variables: { id: work.id, input: address('Jeddah', { isDefault: false }) } },
        user.accessToken,
      );
      expect((await list()).map((row: { id: string }) => row.id)).toEqual([work.id, home.id, parents.id]);

      // Deleting the default makes the oldest remaining one the default.
      expect(
        (await service.call({ query: DELETE_ADDRESS, variables: { id: work.id } }, user.accessToken)).body.data.deleteUserAddress,
      ).toBe(true);
      expect(await list()).toEqual([
        { id: home.id, isDefault: true, city: 'Riyadh' },
        { id: parents.id, isDefault: false, city: 'Dammam' },
      ]);
      for (const { id } of await list()) await service.call({ query: DELETE_ADDRESS, variables: { id } }, user.accessToken);
      expect(await list()).toEqual([]);
    });

    test('an address is checked with the shared rules: required lines, lengths, a real country code', async () => {
      expect(refusal(await add({ address1: ' ', city: 'Riyadh', countryCode: 'XX', postalCode: '1'.repeat(21) }))).toEqual({
        address1: 'validation:required',
        countryCode: 'validation:country',
        postalCode: 'validation:maxLengthOf',
      });
      expect(await list()).toEqual([]);
    });

    test('an id that is not an address, or is missing, is NOT_FOUND', async () => {
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const response = await service.call({ query: DELETE_ADDRESS, variables: { id } }, user.accessToken);
        expect(response.status).toBe(404);
        expect(response.body.errors[0].extensions.code).toBe('NOT_FOUND');
      }
    });

    test(`a user keeps at most ${ADDRESS_LIMIT} addresses; the next is refused with a clear error`, async () => {
      for (let index = 0; index < ADDRESS_LIMIT; index += 1) {
        expect((await add(address(`City ${index}`))).body.errors).toBeUndefined();
      }
      const refused = await add(address('One too many'));
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0].extensions.code).toBe('ADDRESS_LIMIT_REACHED');
      const addresses = await list();
      expect(addresses).toHaveLength(ADDRESS_LIMIT);
      expect(addresses.filter((row: { isDefault: boolean }) => row.isDefault)).toHaveLength(1);
      // Another user is not limited by this one's addresses.
      expect((await add(address('Abha'), omar.accessToken)).body.errors).toBeUndefined();
    });
    test('changes sent at the same time still keep the limit and a single default', async () => {
      const rush = await service.signUp('rush@example.com');
      const results = await Promise.all(
        Array.from({ length: ADDRESS_LIMIT + 5 }, (_, index) =>
          add(address(`Rush ${index}`, { isDefault: index % 2 === 0 }), rush.accessToken),
        ),
      );
      expect(results.filter((response) => response.status === 200)).toHaveLength(ADDRESS_LIMIT);
      expect(results.filter((response) => response.status === 409)).toHaveLength(5);
      const stored = await everythingAbout(service.database, rush);
      expect(stored.addresses).toHaveLength(ADDRESS_LIMIT);
      expect(stored.addresses.filter((row) => (row as { is_default: boolean }).is_default)).toHaveLength(1);
    });
  });

  describe('notification preferences', () => {
    test('the catalogue: names and descriptions in both languages, analytics names, pictures the site has', async () => {
      const { body } = await service.call({ query: PREFERENCES }, omar.accessToken);
      const preferences = body.data.userNotificationPreferences;
      expect(preferences.map((preference: { id: string }) => preference.id)).toEqual([
        'general',
        'festivals',
        'radio-podcasts',
        'records',
        'offers-presales',
      ]);
      const contentText = allContentText();
      for (const preference of preferences) {
        expect(preference.nameAr).toMatch(/[\u0600-\u06FF]/);
        expect(preference.descriptionAr).toMatch(/[\u0600-\u06FF]/);
        expect(preference.nameEn).toMatch(/^[A-Z]/);
        expect(preference.descriptionEn.length).toBeGreaterThan(20);
        expect(preference.analyticsName).toMatch(/^nabd_[a-z_]+$/);
        // The build draws every picture the content refers to under public/media.
        if (preference.image !== null) expect(contentText).toContain(`"${preference.image.replace(/^\/media\//, '')}"`);
      }
    });

    test("the footer's subscription of a user's e-mail is their general newsletter; choices record the user's language", async () => {
      const guest = await service.call({ query: SUBSCRIBE, variables: { input: { email: 'Layla@Example.com', locale: 'en' } } });
      expect(guest.body.data.subscribeEmailToNewsletter).toEqual({ email: 'layla@example.com', newsletter: 'general', subscribed: true });
      const chosen = async (input: object) =>
        (await service.call({ query: CHOOSE, variables: { input } }, layla.accessToken)).body.data.updateUserNotificationPreferences;
      const subscribedIds = (preferences: { id: string; subscribed: boolean }[]) =>
        preferences.filter((p) => p.subscribed).map((p) => p.id);

      const { body } = await service.call({ query: PREFERENCES }, layla.accessToken);
      expect(subscribedIds(body.data.userNotificationPreferences)).toEqual(['general']);
      // Layla chose Arabic above.
      expect(
        subscribedIds(
          await chosen([
            { id: 'records', subscribed: true },
            { id: 'general', subscribed: false },
          ]),
        ),
      ).toEqual(['records']);
      expect(
        await queryRows(
          service.database.db,
          sql`select newsletter, locale from users.newsletter_subscriptions where email = 'layla@example.com'`,
        ),
      ).toEqual([{ newsletter: 'records', locale: 'ar' }]);
      const everyone = await service.call({ query: '{ notifications { id subscribed } }' }, layla.accessToken);
      expect(subscribedIds(everyone.body.data.notifications)).toEqual(['records']);
    });

    test('only known preferences: an unknown id changes nothing, an unknown newsletter is refused', async () => {
      const before = await everythingAbout(service.database, layla);
      const response = await service.call(
        {
          query: CHOOSE,
          variables: {
            input: [
              { id: 'festivals', subscribed: true },
              { id: 'casino', subscribed: true },
            ],
          },
        },
        layla.accessToken,
      );
      expect(refusal(response)).toEqual({ id: 'validation:choice' });
      expect(await everythingAbout(service.database, layla)).toEqual(before);
      const unknown = await service.call({
        query: SUBSCRIBE,
        variables: { input: { email: 'x@example.com', locale: 'en', newsletter: 'casino' } },
      });
      expect(refusal(unknown)).toEqual({ newsletter: 'validation:choice' });
    });
  });

  describe('userExistence', () => {
    const { points } = RATE_LIMITS.userExistencePerCaller;
    const ask = (email: string, token?: string) => service.call({ query: EXISTS, variables: { email } }, token);

    test(`answers from the profiles of people who used the site, ${points} times per caller and window`, async () => {
      expect((await ask('OMAR@example.com')).body.data.userExistence).toEqual({ exists: true });
      expect((await ask('nobody@example.com')).body.data.userExistence).toEqual({ exists: false });
      // An account that never used the site is not one this service knows.
      await service.signUp('never-called@example.com');
      expect((await ask('never-called@example.com')).body.data.userExistence).toEqual({ exists: false });
      expect(refusal(await ask('not an e-mail'))).toEqual({ email: 'validation:email' });
      for (let asked = 4; asked < points; asked += 1) expect((await ask('omar@example.com')).status).toBe(200);
      const limited = await ask('omar@example.com');
      expect(limited.status).toBe(429);
      expect(limited.body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body.data).toBeNull();
    });

    test('a signed-in caller is counted by their subject, not their address', async () => {
      for (let asked = 0; asked < points; asked += 1) expect((await ask('omar@example.com', layla.accessToken)).status).toBe(200);
      expect((await ask('omar@example.com', layla.accessToken)).status).toBe(429);
      expect((await ask('omar@example.com', omar.accessToken)).status).toBe(200);
    });
  });

  describe('deleteUser', () => {
    test("erases the profile, addresses, schedule and every subscription of the user's e-mail, and nobody else's data", async () => {
      const user = await service.signUp('leaving@example.com');
      const call = (query: string, variables: Record<string, unknown> = {}) => service.call({ query, variables }, user.accessToken);
      // Subscribed in the footer before having an account, then as a user.
      await service.call({ query: SUBSCRIBE, variables: { input: { email: 'LEAVING@example.com', locale: 'ar' } } });
      await call(SUBSCRIBE, { input: { email: 'leaving@example.com', locale: 'en', newsletter: 'festivals' } });
      await call(CHOOSE, { input: [{ id: 'records', subscribed: true }] });
      await call(ADD_ADDRESS, { input: address('Riyadh') });
      await call('mutation { markPerformance(performanceId: "performance-a", marked: true) }');
      await call(UPDATE_USER, { input: { phoneNumber: '+966500000001' } });
      const stored = await everythingAbout(service.database, user);
      expect([stored.profile.length, stored.addresses.length, stored.subscriptions.length, stored.marks.length]).toEqual([1, 1, 3, 1]);
      const others = await everythingAbout(service.database, layla);

      expect((await call('mutation { deleteUser }')).body.data.deleteUser).toBe(true);
      expect(await everythingAbout(service.database, user)).toEqual({ profile: [], addresses: [], subscriptions: [], marks: [] });
      expect(await everythingAbout(service.database, layla)).toEqual(others);
      expect(
        await queryRows(service.database.db, sql`select 1 from users.newsletter_subscriptions where email = 'leaving@example.com'`),
      ).toEqual([]);
    });
  });
});

/** Every content record's text, where pictures are referred to as `pages/….svg`. */
function allContentText(): string {
  const root = fromRoot('content');
  const texts: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) texts.push(readFileSync(full, 'utf8'));
    }
  };
  walk(root);
  return texts.join('\n');
}
