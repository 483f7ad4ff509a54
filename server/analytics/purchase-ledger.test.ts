import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { createPurchaseLedger, type PurchaseLedger } from './purchase-ledger.ts';

describe.each(databaseBackends)('purchase ledger on $name', (backend) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let ledger: PurchaseLedger;

  beforeAll(async () => {
    const created = await backend.create();
    drop = created.drop;
    database = await openDatabase({ url: created.url, dataDir: 'memory://' });
    ledger = await createPurchaseLedger(database);
  });

  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('says yes once per order, even to callers racing', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => ledger.recordFirst('NB-1001')));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await ledger.recordFirst('NB-1001')).toBe(false);
    expect(await ledger.recordFirst('NB-1002')).toBe(true);
  });

  it('keeps its table when opened again', async () => {
    const again = await createPurchaseLedger(database);
    expect(await again.recordFirst('NB-1002')).toBe(false);
  });
});
