import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { openCodeLookup } from '../../server/db/traceStore.ts';
import { importFile, type RowProblem } from '../../server/import/importFile.ts';
import { DEMO_DATA } from '../../server/main.ts';
import { csv, dump, tempDir, writeTempFile } from './importFiles.ts';

const SAMPLE_CSV = fileURLToPath(new URL('../../server/seed/sample.csv', import.meta.url));

let db: Db;
beforeEach(async () => {
  db = openDatabase(join(tempDir(), 'trace.db'));
  await importFile(db, DEMO_DATA);
  return () => {
    if (db.open) db.close();
  };
});

/** Looks a code up as the service does, on a read-only connection of its own. */
function lookUp(code: string) {
  const lookup = openCodeLookup(db.name);
  try {
    const found = lookup.find(code);
    return found && { ...found.lot, code: found.code, totalPacket: found.totalPacket };
  } finally {
    lookup.close();
  }
}

async function importCollecting(path: string) {
  const problems: RowProblem[] = [];
  const result = await importFile(db, path, { onProblem: (problem) => problems.push(problem) });
  return { result, problems };
}

const GOOD = 'LN27A0201G85X00001,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,';

describe('npm run import (the import function)', () => {
  it('loads the sample CSV, cartons and the units inside them included', async () => {
    const { result, problems } = await importCollecting(SAMPLE_CSV);
    expect(problems).toEqual([]);
    expect(result).toMatchObject({ rows: 5, badRows: 0, inserted: 5, updated: 0 });
    expect(lookUp('TH27A0110C24B0001')).toMatchObject({ productUnit: 'thùng', totalPacket: 24 });
    expect(lookUp('SC27A0110C24B0001A')).toMatchObject({
      productName: 'Sữa chua ăn có đường, hộp 100g',
      weight: 100,
      weightType: 'gam',
      productDate: '2027-01-10',
    });
    expect(lookUp('CH27A0301Y10X00001')?.expireDate).toBeNull();
  });

  it('changes nothing when the same file is imported twice', async () => {
    await importFile(db, SAMPLE_CSV);
    const before = dump(db);
    const { result } = await importCollecting(SAMPLE_CSV);
    expect(result).toMatchObject({ rows: 5, inserted: 0, updated: 0, unchanged: 5, catalogueChanges: 0 });
    expect(dump(db)).toEqual(before);
  });

  it('updates a code whose data changed in a later file', async () => {
    await importFile(db, writeTempFile('a.csv', csv(GOOD)));
    const changed = GOOD.replace('L2027-0201,2027-02-01,2029-02-01', 'L2027-0202,2027-02-02,2029-02-02');
    const { result } = await importCollecting(writeTempFile('b.csv', csv(changed)));
    expect(result).toMatchObject({ inserted: 0, updated: 1 });
    expect(lookUp('LN27A0201G85X00001')?.productDate).toBe('2027-02-02');
  });

  it('reports every bad row with its line and reason, and a bad row in the middle leaves the database unchanged', async () => {
    const before = dump(db);
    const file = writeTempFile(
      'bad.csv',
      csv(
        GOOD,
        'SHORT1,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,',
        'LN27A0201G85X00002,SB850G,Sữa bột 850g,lon,-5,gam,L2027-0201,2027-02-30,2029-02-01,,',
        'LN27A0201G85X00003,,Sữa bột 850g,lon,850,gam,,2027-02-01,2026-02-01,,3',
        'LN27A0201G85X00004,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01',
        'LN27A0201G85X00005,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,',
      ),
    );
    const { result, problems } = await importCollecting(file);
    expect(result).toMatchObject({ rows: 6, badRows: 4, inserted: 0, updated: 0 });
    expect(problems.map((p) => p.line)).toEqual([3, 4, 5, 6]);
    expect(problems[0]?.reason).toMatch(/code 'SHORT1' must be 17 to 18 letters and digits/);
    expect(problems[1]?.reason).toMatch(/weight '-5' must be a positive number.*productDate '2027-02-30' is not a date/);
    expect(problems[2]?.reason).toMatch(
      /productCode is required.*lotCode is required.*totalPacket is only for cartons.*expireDate is before productDate/,
    );
    expect(problems[3]?.reason).toBe('has 9 fields, the header has 11');
    expect(dump(db)).toEqual(before);
  });

  it('checks rows against each other and against stored cartons', async () => {
    const file = writeTempFile(
      'cross.csv',
      csv(
        GOOD,
        GOOD,
        'LN27A0201G85X00002,SB850G,Another name,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,',
        'LN27A0201G85X00003,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2030-01-01,,',
        'LN27A0201G85X00004,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,NOSUCHCARTON00000,',
        'LN27A0201G85X00005,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,1D24B3261X54A2320,',
        'LN27A0201G85X00006,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,th26a1105c48b0001,',
      ),
    );
    const { problems } = await importCollecting(file);
    expect(problems).toEqual([
      { line: 3, reason: 'code LN27A0201G85X00001 is already on line 2' },
      { line: 4, reason: 'product SB850G (lon) has another name, weight or weight type on line 2' },
      { line: 5, reason: 'lot L2027-0201 of product SB850G has other dates on line 2' },
      { line: 6, reason: 'parentCode NOSUCHCARTON00000 is not a carton in this file or in the database' },
      { line: 7, reason: 'parentCode 1D24B3261X54A2320 is not a carton in this file or in the database' },
    ]);
  });

  it('streams a JSON array, reporting items by the line they start on', async () => {
    const rows = [
      { code: 'JS27A0101X00X00001', productCode: 'P1', productUnit: 'túi', lotCode: 'L1', weight: 220, weightType: 'ml' },
      { code: 'JS27A0101X00X00002', productCode: 'P1', productUnit: 'túi', lotCode: 'L1', weight: 220, weightType: 'ml', colour: 'red' },
      { code: 'JS27A0101X00X00003', productCode: { nested: true }, productUnit: 'túi', lotCode: 'L1' },
    ];
    const file = writeTempFile('rows.json', `[\n${rows.map((row) => JSON.stringify(row, null, 1)).join(',\n')}\n]\n`);
    const { problems } = await importCollecting(file);
    expect(problems.map((p) => p.reason)).toEqual([
      "unknown column 'colour'",
      'productCode must be text or a number; productCode is required',
    ]);
    const itemLines = problems.map((p) => p.line);
    expect(itemLines[0]).toBeGreaterThan(2);
    expect(itemLines[1]).toBeGreaterThan(itemLines[0] ?? 0);
  });

  it('reports the error that stopped it, not a second one from cleaning up after it', async () => {
    const file = writeTempFile('dup.csv', csv(GOOD, GOOD));
    // The staging cleanup then fails too (its connection is gone), as it can on a failing disk.
    const failing = importFile(db, file, {
      onProblem: () => {
        db.close();
        throw new Error('the reporter failed');
      },
    });
    await expect(failing).rejects.toThrow('the reporter failed');
  });

  it.each([
    ['a CSV header with an unknown column', 'h.csv', 'code,productCode,colour\n', /line 1: unknown columns colour; missing columns productUnit, lotCode/],
    ['JSON that is not an array', 'o.json', '{"code": "x"}', /line 1: a \.json import must be an array/],
    ['a JSON array that is cut off', 'c.json', '[{"code": "x"}', /the JSON array is not closed/],
    ['an unsupported file type', 'rows.xlsx', '', /unsupported file type '\.xlsx'/],
  ])('stops on %s and writes nothing', async (_name, fileName, content, message) => {
    const before = dump(db);
    await expect(importFile(db, writeTempFile(fileName, content))).rejects.toThrow(message);
    expect(dump(db)).toEqual(before);
  });
});
