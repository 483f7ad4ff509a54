import { databaseBackends } from '#test/support/backends.ts';
import { openDatabase, queryRows } from './database.ts';
import { migrate } from './migrations.ts';
import { sql } from 'drizzle-orm';

const MIGRATIONS = [
  { name: '0002_tickets', sql: 'alter table shop.things add column tickets integer not null default 0;' },
  { name: '0001_things', sql: 'create table shop.things (id serial primary key, name text not null);' },
];

describe.each(databaseBackends)('migrations on $name', (backend) => {
  let target: Awaited<ReturnType<typeof backend.create>>;
  beforeAll(async () => {
    target = await backend.create();
  });
  afterAll(() => target.drop());

  test('apply in name order once, and again changes nothing', async () => {
    const database = await openDatabase({ url: target.url, dataDir: 'memory://' });
    try {
      expect(await migrate(database, 'shop', MIGRATIONS)).toEqual(['0001_things', '0002_tickets']);
      expect(await migrate(database, 'shop', MIGRATIONS)).toEqual([]);
      await database.db.execute(sql`insert into shop.things (name) values ('wristband')`);
      expect(await queryRows(database.db, sql`select name, tickets from shop.things`)).toEqual([{ name: 'wristband', tickets: 0 }]);
    } finally {
      await database.close();
    }
  });

  test('a failing migration is rolled back and named in the error', async () => {
    const database = await openDatabase({ url: target.url, dataDir: 'memory://' });
    try {
      const broken = [{ name: '0001_broken', sql: 'create table shop2.a (id int); select * from nowhere;' }];
      await expect(migrate(database, 'shop2', broken)).rejects.toThrow(/shop2\/0001_broken failed/);
      expect(await queryRows(database.db, sql`select to_regclass('shop2.a') as found`)).toEqual([{ found: null }]);
    } finally {
      await database.close();
    }
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('several replicas starting at once on PostgreSQL', () => {
    test('migrate one after the other under the advisory lock, each migration applied once', async () => {
      const target = await databaseBackends[1]!.create();
      const replicas = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ url: target.url, dataDir: 'memory://' })));
      try {
        const applied = await Promise.all(replicas.map((replica) => migrate(replica, 'shop', MIGRATIONS)));
        expect(applied.flat().sort()).toEqual(['0001_things', '0002_tickets']);
      } finally {
        await Promise.all(replicas.map((replica) => replica.close()));
        await target.drop();
      }
    });
  });
}
