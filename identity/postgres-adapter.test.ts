import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { migrate } from '#platform/migrations.ts';
import { IDENTITY_SCHEMA, identityMigrations } from './migrations.ts';
import { PostgresAdapter, removeExpiredPayloads } from './postgres-adapter.ts';

let database: DatabaseHandle;
const adapter = (model: string) => new PostgresAdapter(database.db, model);

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database, IDENTITY_SCHEMA, identityMigrations);
});
afterAll(() => database.close());

test('stores and finds payloads per model', async () => {
  await adapter('Session').upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
  await adapter('Interaction').upsert('s1', { returnTo: '/x' }, 60);
  expect(await adapter('Session').find('s1')).toEqual({ uid: 'u1', accountId: 'a' });
  expect(await adapter('Session').findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a' });
  expect(await adapter('Interaction').find('s1')).toEqual({ returnTo: '/x' });
  expect(await adapter('AccessToken').find('s1')).toBeUndefined();

  await adapter('Session').upsert('s1', { uid: 'u1', accountId: 'b' }, 60);
  expect(await adapter('Session').find('s1')).toEqual({ uid: 'u1', accountId: 'b' });
});

test('an expired payload is never read and gets swept', async () => {
  await adapter('AuthorizationCode').upsert('expired', { grantId: 'g' }, 0);
  await adapter('AuthorizationCode').upsert('live', { grantId: 'g' }, 60);
  await adapter('Client').upsert('forever', { client_id: 'forever' }, undefined);
  expect(await adapter('AuthorizationCode').find('expired')).toBeUndefined();

  expect(await removeExpiredPayloads(database.db)).toBeGreaterThanOrEqual(1);
  expect(await adapter('AuthorizationCode').find('live')).toEqual({ grantId: 'g' });
  expect(await adapter('Client').find('forever')).toEqual({ client_id: 'forever' });
});

test('a consumed code or token says when it was used', async () => {
  await adapter('RefreshToken').upsert('rt', { grantId: 'g2' }, 60);
  await adapter('RefreshToken').consume('rt');
  const found = await adapter('RefreshToken').find('rt');
  expect(found?.consumed).toBeCloseTo(Date.now() / 1000, -1);
});

test('revoking a grant removes that model’s payloads of the grant only', async () => {
  await adapter('AccessToken').upsert('at1', { grantId: 'g3' }, 60);
  await adapter('AccessToken').upsert('at2', { grantId: 'other' }, 60);
  await adapter('RefreshToken').upsert('rt3', { grantId: 'g3' }, 60);
  await adapter('AccessToken').revokeByGrantId('g3');
  expect(await adapter('AccessToken').find('at1')).toBeUndefined();
  expect(await adapter('AccessToken').find('at2')).toBeDefined();
  expect(await adapter('RefreshToken').find('rt3')).toBeDefined();
});

test('destroy removes one payload, and device codes are found by user code', async () => {
  await adapter('DeviceCode').upsert('dc', { userCode: 'ABCD-EFGH' }, 60);
  expect(await adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
  await adapter('DeviceCode').destroy('dc');
  expect(await adapter('DeviceCode').find('dc')).toBeUndefined();
});
