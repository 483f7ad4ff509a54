import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { migrate } from '#platform/migrations.ts';
import { IDENTITY_SCHEMA, identityMigrations } from './migrations.ts';
import { users } from './tables.ts';
import { AccountExistsError, UserPool } from './user-pool.ts';

let database: DatabaseHandle;
let pool: UserPool;

const newUser = (email: string) => ({ email, password: 'Festival-2026!', givenName: 'Omar', familyName: 'Al-Faisal' });

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database, IDENTITY_SCHEMA, identityMigrations);
  pool = new UserPool(database.db);
});
afterAll(() => database.close());

test('a new user gets a uuid, an argon2id hash and English by default', async () => {
  const user = await pool.create(newUser(' Omar@Nabd.example '));
  expect(user).toMatchObject({ email: 'Omar@Nabd.example', preferredLocale: 'en', emailVerified: false });
  expect(user).not.toHaveProperty('passwordHash');
  const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
  expect(row!.passwordHash!.startsWith('$argon2id$')).toBe(true);
});

test('emails are found and kept unique whatever their case', async () => {
  await pool.create(newUser('sara@nabd.example'));
  expect((await pool.findByEmail('SARA@nabd.example'))?.email).toBe('sara@nabd.example');
  await expect(pool.create(newUser('Sara@Nabd.Example'))).rejects.toBeInstanceOf(AccountExistsError);
});

test('authenticate answers the user only for the right password', async () => {
  const user = await pool.create(newUser('huda@nabd.example'));
  expect((await pool.authenticate('HUDA@nabd.example', 'Festival-2026!'))?.id).toBe(user.id);
  expect(await pool.authenticate('huda@nabd.example', 'festival-2026!')).toBeUndefined();
  expect(await pool.authenticate('nobody@nabd.example', 'Festival-2026!')).toBeUndefined();
});

test('findById ignores ids that are not uuids', async () => {
  expect(await pool.findById('not-a-uuid')).toBeUndefined();
  expect(await pool.findById('00000000-0000-4000-8000-000000000000')).toBeUndefined();
});
