import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { openCodeLookup, type CodeLookup } from '../../server/db/traceStore.ts';
import { importFile } from '../../server/import/importFile.ts';
import { csv, tempDir, writeTempFile } from './importFiles.ts';

const MAX_AGE_MS = 40;
const ROW = 'LN27A0201G85X00001,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,';
const RENAMED = ROW.replace('Sữa bột 850g', 'Sữa bột Gold 850g');
const SECOND = ROW.replace('X00001', 'X00002');
const RENAMED_SECOND = RENAMED.replace('X00001', 'X00002');

let db: Db;
let lookup: CodeLookup;
beforeEach(async () => {
  db = openDatabase(join(tempDir(), 'trace.db'));
  await importFile(db, writeTempFile('first.csv', csv(ROW)));
  lookup = openCodeLookup(db.name, MAX_AGE_MS);
  return () => {
    lookup.close();
    db.close();
  };
});

/** What `npm run import` does from another process: a write on a connection other than the lookup's. */
async function importRows(...rows: string[]) {
  const result = await importFile(db, writeTempFile('next.csv', csv(...rows)));
  expect(result.badRows).toBe(0);
}

describe('the lookup connection', () => {
  it('finds a code with its product lot, and nothing for an unknown code', () => {
    expect(lookup.find('LN27A0201G85X00001')).toEqual({
      code: 'LN27A0201G85X00001',
      totalPacket: null,
      lot: {
        productCode: 'SB850G',
        productName: 'Sữa bột 850g',
        productUnit: 'lon',
        weight: 850,
        weightType: 'gam',
        productDate: '2027-02-01',
        expireDate: '2029-02-01',
      },
    });
    expect(lookup.find('LN27A0201G85X00002')).toBeUndefined();
  });

  it('sees codes and product changes committed elsewhere once its snapshot has aged out', async () => {
    expect(lookup.find('LN27A0201G85X00001')?.lot.productName).toBe('Sữa bột 850g');
    await importRows(RENAMED, RENAMED_SECOND);
    await sleep(MAX_AGE_MS * 2);
    // The cached product lot is dropped too, not only the code table re-read.
    expect(lookup.find('LN27A0201G85X00001')?.lot.productName).toBe('Sữa bột Gold 850g');
    expect(lookup.find('LN27A0201G85X00002')?.lot.productName).toBe('Sữa bột Gold 850g');
  });

  it('holds back a checkpoint no longer than its snapshot lives', async () => {
    // Long enough that the snapshot surely outlives the import, however slow the machine.
    const slow = openCodeLookup(db.name, 500);
    try {
      const checkpoint = () => (db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[])[0]!;
      slow.find('LN27A0201G85X00001');
      await importRows(SECOND);
      // The open snapshot may still need the database pages the import changed, so they stay in the log.
      const held = checkpoint();
      expect(held.checkpointed).toBeLessThan(held.log);
      await sleep(600);
      const released = checkpoint();
      expect(released.checkpointed).toBe(released.log);
    } finally {
      slow.close();
    }
  });
});
