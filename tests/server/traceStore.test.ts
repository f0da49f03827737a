import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import { openCodeLookup, type SqliteCodeLookup } from '../../server/db/sqlite/codeLookup.ts';
import { openStorage } from '../../server/db/openStorage.ts';
import type { CodeLookup, TraceStorage } from '../../server/db/storage.ts';
import { importFile } from '../../server/import/importFile.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { csv, HEADER, tempDir, writeTempFile } from '../support/server/importFiles.ts';

const MAX_AGE_MS = 40;
const ROW = 'LN27A0201G85X00001,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,';
const RENAMED = ROW.replace('Sữa bột 850g', 'Sữa bột Gold 850g');
const SECOND = ROW.replace('X00001', 'X00002');
const RENAMED_SECOND = RENAMED.replace('X00001', 'X00002');

/** What `npm run import` does from another process: a write through a storage other than the lookup's. */
async function importRows(database: TestDatabase, ...rows: string[]) {
  const writer = await openStorage(database.config);
  try {
    const result = await importFile(writer, writeTempFile('next.csv', csv(...rows)));
    expect(result.badRows).toBe(0);
  } finally {
    await writer.close();
  }
}

describe.each(BACKENDS)('the lookup on $name', (backend) => {
  let database: TestDatabase;
  let storage: TraceStorage;
  let lookup: CodeLookup;
  beforeEach(async () => {
    database = await backend.create();
    await importRows(database, ROW);
    storage = await openStorage(database.config);
    lookup =
      backend.name === 'SQLite' ? openCodeLookup(database.config.dbPath, MAX_AGE_MS) : await storage.openLookup();
    return async () => {
      (lookup as Partial<SqliteCodeLookup>).close?.();
      await storage.close();
      await database.drop();
    };
  });

  it('finds a code with its product lot, and nothing for an unknown code', async () => {
    expect(await lookup.find('LN27A0201G85X00001')).toEqual({
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
        lotStatus: null,
        recallReason: null,
        imageUrl: null,
        // Issue 39: the product's GTIN (none in this file) and the lot's code.
        gtin: null,
        lotCode: 'L2027-0201',
      },
    });
    expect(await lookup.find('LN27A0201G85X00002')).toBeUndefined();
  });

  it("finds a unit's carton, a carton's units, a lot's recall and a product's picture", async () => {
    const folder = tempDir();
    const picture = readFileSync(new URL('../../server/seed/images/sb900g-lon.svg', import.meta.url));
    writeFileSync(join(folder, 'can.svg'), picture);
    const header = `${HEADER},lotStatus,recallReason,productImage`;
    const carton =
      'TH27A0110C24B0001,SC100D,Sữa chua,thùng,,,L2027-0110,2027-01-10,2027-02-24,,24,recalled,Hở nắp,https://cdn.example.com/box.webp';
    const units = ['B', 'A'].map(
      (last) =>
        `SC27A0110C24B000${last},SC100D,Sữa chua,hộp,100,gam,L2027-0110,2027-01-10,2027-02-24,TH27A0110C24B0001,,recalled,Hở nắp,can.svg`,
    );
    const writer = await openStorage(database.config);
    try {
      const path = join(folder, 'relations.csv');
      writeFileSync(path, [header, carton, ...units].join('\n') + '\n');
      expect((await importFile(writer, path)).badRows).toBe(0);
    } finally {
      await writer.close();
    }
    await sleep(MAX_AGE_MS * 2);
    const box = await lookup.find('TH27A0110C24B0001');
    expect(box).toMatchObject({ totalPacket: 24, unitCodes: ['SC27A0110C24B000A', 'SC27A0110C24B000B'] });
    expect(box?.lot).toMatchObject({
      lotStatus: 'recalled',
      recallReason: 'Hở nắp',
      imageUrl: 'https://cdn.example.com/box.webp',
    });
    const unit = await lookup.find('SC27A0110C24B000A');
    expect(unit).toMatchObject({ carton: { code: 'TH27A0110C24B0001', totalPacket: 24 } });
    expect(unit?.unitCodes).toBeUndefined();
    const name = /^\/qrinfo-svc\/api\/images\/([0-9a-f]{32}\.svg)$/.exec(unit?.lot.imageUrl ?? '')?.[1];
    expect(name).toBeDefined();
    expect(await lookup.image(name!)).toEqual({ name, contentType: 'image/svg+xml', body: picture });
    expect(await lookup.image('0123456789abcdef0123456789abcdef.svg')).toBeUndefined();
    // A code on its own is neither.
    const alone = await lookup.find('LN27A0201G85X00001');
    expect(alone?.carton).toBeUndefined();
    expect(alone?.unitCodes).toBeUndefined();
  });

  it('sees codes and product changes committed elsewhere (within its snapshot age on SQLite)', async () => {
    expect((await lookup.find('LN27A0201G85X00001'))?.lot.productName).toBe('Sữa bột 850g');
    await importRows(database, RENAMED, RENAMED_SECOND);
    await sleep(MAX_AGE_MS * 2);
    // The cached product lot is dropped too, not only the code table re-read.
    expect((await lookup.find('LN27A0201G85X00001'))?.lot.productName).toBe('Sữa bột Gold 850g');
    expect((await lookup.find('LN27A0201G85X00002'))?.lot.productName).toBe('Sữa bột Gold 850g');
  });
});

describe('the SQLite lookup connection', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await BACKENDS[0]!.create();
    await importRows(database, ROW);
    return () => database.drop();
  });

  it('holds back a checkpoint no longer than its snapshot lives', async () => {
    // Long enough that the snapshot surely outlives the import, however slow the machine.
    const slow = openCodeLookup(database.config.dbPath, 500);
    const writer = new DatabaseSync(database.config.dbPath);
    try {
      const checkpoint = () =>
        writer.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number; checkpointed: number };
      slow.find('LN27A0201G85X00001');
      await importRows(database, SECOND);
      // The open snapshot may still need the database pages the import changed, so they stay in the log.
      const held = checkpoint();
      expect(held.checkpointed).toBeLessThan(held.log);
      await sleep(600);
      const released = checkpoint();
      expect(released.checkpointed).toBe(released.log);
    } finally {
      slow.close();
      writer.close();
    }
  });
});
