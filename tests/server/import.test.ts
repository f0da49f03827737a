import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { BATCH_ROWS } from '../../server/db/postgres/importStaging.ts';
import { openStorage } from '../../server/db/openStorage.ts';
import type { TraceStorage } from '../../server/db/storage.ts';
import type { RowProblem } from '../../server/db/importRows.ts';
import { importFile } from '../../server/import/importFile.ts';
import { DEMO_DATA } from '../../server/main.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { csv, HEADER, tempDir, writeTempFile } from '../support/server/importFiles.ts';

const SAMPLE_CSV = fileURLToPath(new URL('../../server/seed/sample.csv', import.meta.url));

const GOOD = 'LN27A0201G85X00001,SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,';

describe.each(BACKENDS)('npm run import on $name (the import function)', (backend) => {
  let database: TestDatabase;
  let storage: TraceStorage;
  beforeEach(async () => {
    database = await backend.create();
    storage = await openStorage(database.config);
    await importFile(storage, DEMO_DATA);
    return async () => {
      await storage.close();
      await database.drop();
    };
  });

  /** Looks a code up as the service does. */
  const lookUp = async (code: string) => {
    const found = await (await storage.openLookup()).find(code);
    return found && { ...found.lot, code: found.code, totalPacket: found.totalPacket };
  };

  const importCollecting = async (path: string) => {
    const problems: RowProblem[] = [];
    const result = await importFile(storage, path, { onProblem: (problem) => problems.push(problem) });
    return { result, problems };
  };

  it('loads the sample CSV, cartons and the units inside them included', async () => {
    const { result, problems } = await importCollecting(SAMPLE_CSV);
    expect(problems).toEqual([]);
    expect(result).toMatchObject({ rows: 5, badRows: 0, inserted: 5, updated: 0 });
    expect(await lookUp('TH27A0110C24B0001')).toMatchObject({ productUnit: 'thùng', totalPacket: 24 });
    expect(await lookUp('SC27A0110C24B0001A')).toMatchObject({
      productName: 'Sữa chua ăn có đường, hộp 100g',
      weight: 100,
      weightType: 'gam',
      productDate: '2027-01-10',
    });
    expect((await lookUp('CH27A0301Y10X00001'))?.expireDate).toBeNull();
  });

  it('changes nothing when the same file is imported twice', async () => {
    await importFile(storage, SAMPLE_CSV);
    const before = await database.dump();
    const { result } = await importCollecting(SAMPLE_CSV);
    expect(result).toMatchObject({ rows: 5, inserted: 0, updated: 0, unchanged: 5, catalogueChanges: 0 });
    expect(await database.dump()).toEqual(before);
  });

  it('updates a code whose data changed in a later file', async () => {
    await importFile(storage, writeTempFile('a.csv', csv(GOOD)));
    const changed = GOOD.replace('L2027-0201,2027-02-01,2029-02-01', 'L2027-0202,2027-02-02,2029-02-02');
    const { result } = await importCollecting(writeTempFile('b.csv', csv(changed)));
    expect(result).toMatchObject({ inserted: 0, updated: 1 });
    expect((await lookUp('LN27A0201G85X00001'))?.productDate).toBe('2027-02-02');
  });

  it('reports every bad row with its line and reason, and a bad row in the middle leaves the database unchanged', async () => {
    const before = await database.dump();
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
    expect(problems[1]?.reason).toMatch(
      /weight '-5' must be a positive number.*productDate '2027-02-30' is not a date/,
    );
    expect(problems[2]?.reason).toMatch(
      /productCode is required.*lotCode is required.*totalPacket is only for cartons.*expireDate is before productDate/,
    );
    expect(problems[3]?.reason).toBe('has 9 fields, the header has 11');
    expect(await database.dump()).toEqual(before);
  });

  it("checks the lot's status, its recall reason and the product's picture, and writes nothing when one is bad", async () => {
    const folder = tempDir();
    writeFileSync(
      join(folder, 'can.svg'),
      readFileSync(new URL('../../server/seed/images/sb900g-lon.svg', import.meta.url)),
    );
    writeFileSync(join(folder, 'notes.txt'), 'not a picture');
    writeFileSync(join(folder, 'huge.png'), Buffer.alloc((1 << 20) + 1));
    const row = (n: number, lot: string, status: string, reason: string, image: string) =>
      `LN27A0201G85X0000${n},SB85${n}G,Sữa bột,lon,850,gam,${lot},2027-02-01,2029-02-01,,,${status},${reason},${image}`;
    const before = await database.dump();
    const path = join(folder, 'extras.csv');
    writeFileSync(
      path,
      [
        `${HEADER},lotStatus,recallReason,productImage`,
        row(1, 'L1', 'Recalled', 'Hở nắp', 'can.svg'),
        row(2, 'L2', 'withdrawn', '', ''),
        row(3, 'L3', 'active', 'Hở nắp', ''),
        row(4, 'L4', '', '', 'http://cdn.example.com/a.png'),
        row(5, 'L5', '', '', 'missing.png'),
        row(6, 'L6', '', '', 'notes.txt'),
        row(7, 'L7', '', '', 'huge.png'),
        row(8, 'L8', '', '', 'javascript:alert(1)'),
        // Same lot and product as line 2's first row, with another status, reason and picture.
        'LN27A0201G85X00009,SB851G,Sữa bột,lon,850,gam,L1,2027-02-01,2029-02-01,,,active,,https://cdn.example.com/a.png',
      ].join('\n') + '\n',
    );
    const { result, problems } = await importCollecting(path);
    expect(result).toMatchObject({ rows: 9, inserted: 0 });
    expect(problems).toEqual([
      { line: 3, reason: "lotStatus 'withdrawn' must be active or recalled" },
      { line: 4, reason: 'recallReason is only for a recalled lot (lotStatus recalled)' },
      {
        line: 5,
        reason:
          "productImage 'http://cdn.example.com/a.png' must be an https URL or a picture file beside the import file",
      },
      { line: 6, reason: "productImage 'missing.png' cannot be read beside the import file (ENOENT)" },
      { line: 7, reason: "productImage 'notes.txt' is not a PNG, JPEG, WebP or SVG image" },
      { line: 8, reason: "productImage 'huge.png' is larger than 1024 KiB" },
      {
        line: 9,
        reason: "productImage 'javascript:alert(1)' must be an https URL or a picture file beside the import file",
      },
      {
        line: 10,
        reason:
          'product SB851G (lon) has another name, weight, weight type or image on line 2; lot L1 of product SB851G has another status or recall reason on line 2',
      },
    ]);
    expect(await database.dump()).toEqual(before);
  });

  it('keeps a recall when a later file adds codes to the lot without stating its status; lifts it only by active', async () => {
    const header = `${HEADER},lotStatus,recallReason`;
    const row = (n: number, status: string, reason: string) =>
      `LN27A0201G85X0000${n},SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,,${status},${reason}`;
    const importLines = (...lines: string[]) => importCollecting(writeTempFile('lot.csv', lines.join('\n') + '\n'));
    await importLines(header, row(1, 'recalled', 'Hở nắp'));
    await importLines(HEADER, GOOD.replace('X00001', 'X00002'));
    await importLines(header, row(3, '', ''));
    for (const code of ['LN27A0201G85X00001', 'LN27A0201G85X00002', 'LN27A0201G85X00003']) {
      expect(await lookUp(code), code).toMatchObject({ lotStatus: 'recalled', recallReason: 'Hở nắp' });
    }
    const { result } = await importLines(header, row(1, 'active', ''));
    expect(result.catalogueChanges).toBe(1);
    expect(await lookUp('LN27A0201G85X00003')).toMatchObject({ lotStatus: 'active', recallReason: null });
  });

  it('refuses a picture that is no regular file (a device, a folder, a pipe) without reading it', async () => {
    const folder = tempDir();
    mkdirSync(join(folder, 'pictures'));
    execFileSync('mkfifo', [join(folder, 'pipe.png')]);
    const path = join(folder, 'devices.csv');
    const rows = ['/dev/zero', 'pictures', 'pipe.png'].map(
      (image, i) => `LN27A0201G85X0000${i + 1},SB86${i}G,Sữa bột,lon,850,gam,L1,2027-02-01,2029-02-01,,,,,${image}`,
    );
    writeFileSync(path, [`${HEADER},lotStatus,recallReason,productImage`, ...rows].join('\n') + '\n');
    const { problems } = await importCollecting(path);
    expect(problems).toEqual([
      { line: 2, reason: "productImage '/dev/zero' must be a file inside the import file's folder" },
      { line: 3, reason: "productImage 'pictures' is not a file" },
      { line: 4, reason: "productImage 'pipe.png' is not a file" },
    ]);
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
      { line: 4, reason: 'product SB850G (lon) has another name, weight, weight type or image on line 2' },
      { line: 5, reason: 'lot L2027-0201 of product SB850G has other dates on line 2' },
      { line: 6, reason: 'parentCode NOSUCHCARTON00000 is not a carton in this file or in the database' },
      { line: 7, reason: 'parentCode 1D24B3261X54A2320 is not a carton in this file or in the database' },
    ]);
  });

  // Files in code order with each carton before its units are checked mostly while read; these are not.
  const unit = (code: string, parent: string) =>
    `${code},SB850G,Sữa bột 850g,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,${parent},`;
  const CARTON = 'TH27A0201G85X00001,SBT24,Thùng 24 lon,thùng,,,L2027-0201,2027-02-01,2029-02-01,,24';

  it('loads a file whose codes are out of order and whose units come before their carton', async () => {
    const file = writeTempFile(
      'unordered.csv',
      csv(
        unit('LN27A0201G85X00009', 'TH27A0201G85X00001'),
        unit('LN27A0201G85X00002', 'TH27A0201G85X00001'),
        CARTON,
        unit('LN27A0201G85X00003', 'TH27A0201G85X00001'),
      ),
    );
    const { result, problems } = await importCollecting(file);
    expect(problems).toEqual([]);
    expect(result).toMatchObject({ rows: 4, badRows: 0, inserted: 4 });
    expect(await lookUp('LN27A0201G85X00002')).toMatchObject({ productName: 'Sữa bột 850g' });
  });

  it('still finds a repeated code and a unit given as parent when the file is out of order', async () => {
    const before = await database.dump();
    const file = writeTempFile(
      'unordered-bad.csv',
      csv(
        unit('LN27A0201G85X00009', 'TH27A0201G85X00001'),
        CARTON,
        unit('LN27A0201G85X00003', 'LN27A0201G85X00009'),
        unit('LN27A0201G85X00004', 'TH27A0201G85X00001'),
        unit('LN27A0201G85X00009', ''),
      ),
    );
    const { result, problems } = await importCollecting(file);
    expect(problems).toEqual([
      { line: 4, reason: 'parentCode LN27A0201G85X00009 is not a carton in this file or in the database' },
      { line: 6, reason: 'code LN27A0201G85X00009 is already on line 2' },
    ]);
    expect(result).toMatchObject({ badRows: 2, inserted: 0 });
    expect(await database.dump()).toEqual(before);
  });

  // Past one batch, PostgreSQL writes codes while the rest of the file is still read (rolled back if a
  // later row is bad): files of two and a half batches, in code order except where a test says.
  const BIG = Math.floor(BATCH_ROWS * 2.5);
  const bigCode = (i: number) => `LN27A0201G85${String(i).padStart(6, '0')}`;
  const bigFile = (name: string, codes: number[], ...extra: string[]) =>
    writeTempFile(name, [HEADER, ...codes.map((i) => unit(bigCode(i), '')), ...extra].join('\n') + '\n');
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

  it('loads a file of several batches, in code order or not, and a second import of it changes nothing', async () => {
    // The order breaks in the second batch, once the first is written: the rest is written at the end.
    const codes = [...range(0, BATCH_ROWS), ...range(BIG, BIG + BATCH_ROWS / 2), ...range(BATCH_ROWS, BIG)];
    const file = bigFile('big.csv', codes);
    const { result, problems } = await importCollecting(file);
    expect(problems).toEqual([]);
    expect(result).toMatchObject({ rows: codes.length, badRows: 0, inserted: codes.length, updated: 0 });
    for (const i of [0, BATCH_ROWS, BIG - 1, BIG + BATCH_ROWS / 2 - 1])
      expect(await lookUp(bigCode(i))).toMatchObject({ productCode: 'SB850G' });
    const again = await importCollecting(file);
    expect(again.result).toMatchObject({ inserted: 0, updated: 0, unchanged: codes.length });
  }, 120_000);

  it('writes nothing when the last rows of a file of several batches repeat a code or disagree with their product', async () => {
    const before = await database.dump();
    const file = bigFile(
      'big-bad.csv',
      range(0, BIG),
      unit(bigCode(BIG), '').replace('Sữa bột 850g', 'Another name'),
      unit(bigCode(3), ''),
    );
    const { result, problems } = await importCollecting(file);
    expect(problems).toEqual([
      { line: BIG + 2, reason: 'product SB850G (lon) has another name, weight, weight type or image on line 2' },
      { line: BIG + 3, reason: `code ${bigCode(3)} is already on line 5` },
    ]);
    expect(result).toMatchObject({ badRows: 2, inserted: 0 });
    expect(await lookUp(bigCode(0))).toBeUndefined();
    expect(await database.dump()).toEqual(before);
  }, 120_000);

  it('reads quoted CSV fields (commas, doubled quotes, line breaks) and CRLF line ends, counting lines as an editor does', async () => {
    const quoted = 'LN27A0201G85X00011,SB850G,"Sữa bột ""Gold"", 850g",lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,';
    const multiLine = 'LN27A0201G85X00012,SB851G,"Sữa bột\nhai dòng",lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,';
    const bad = 'SHORT,SB850G,x,lon,850,gam,L2027-0201,2027-02-01,2029-02-01,,';
    const file = writeTempFile('quoted.csv', csv(quoted, multiLine, bad).replaceAll('\n', '\r\n'));
    const { result, problems } = await importCollecting(file);
    // The bad row is on line 5: the quoted line break moved it down one.
    expect(problems).toEqual([{ line: 5, reason: "code 'SHORT' must be 17 to 18 letters and digits" }]);
    expect(result.badRows).toBe(1);
    await importFile(storage, writeTempFile('good.csv', csv(quoted, multiLine)));
    expect((await lookUp('LN27A0201G85X00011'))?.productName).toBe('Sữa bột "Gold", 850g');
    expect((await lookUp('LN27A0201G85X00012'))?.productName).toBe('Sữa bột\nhai dòng');
  });

  it('streams a JSON array, reporting items by the line they start on', async () => {
    const rows = [
      {
        code: 'JS27A0101X00X00001',
        productCode: 'P1',
        productUnit: 'túi',
        lotCode: 'L1',
        weight: 220,
        weightType: 'ml',
      },
      {
        code: 'JS27A0101X00X00002',
        productCode: 'P1',
        productUnit: 'túi',
        lotCode: 'L1',
        weight: 220,
        weightType: 'ml',
        colour: 'red',
      },
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
    const failing = importFile(storage, file, {
      onProblem: () => {
        void storage.close();
        throw new Error('the reporter failed');
      },
    });
    await expect(failing).rejects.toThrow('the reporter failed');
  });

  it.each([
    [
      'a CSV header with an unknown column',
      'h.csv',
      'code,productCode,colour\n',
      /line 1: unknown columns colour; missing columns productUnit, lotCode/,
    ],
    ['JSON that is not an array', 'o.json', '{"code": "x"}', /line 1: a \.json import must be an array/],
    ['a JSON array that is cut off', 'c.json', '[{"code": "x"}', /the JSON array is not closed/],
    ['an unsupported file type', 'rows.xlsx', '', /unsupported file type '\.xlsx'/],
    [
      'a quoted CSV field that is never closed',
      'q.csv',
      csv('LN27A0201G85X00001,"SB850G,x'),
      /line 2: a quoted field is not closed/,
    ],
    [
      'a quote inside an unquoted CSV field',
      'i.csv',
      csv('LN27A0201G85X00001,SB"850G,x,lon,,,L,,,,'),
      /line 2: a quote inside field 2/,
    ],
  ])('stops on %s and writes nothing', async (_name, fileName, content, message) => {
    const before = await database.dump();
    await expect(importFile(storage, writeTempFile(fileName, content))).rejects.toThrow(message);
    expect(await database.dump()).toEqual(before);
  });
});
