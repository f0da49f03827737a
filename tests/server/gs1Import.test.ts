import { describe, expect, it } from 'vitest';
import { openStorage } from '../../server/db/openStorage.ts';
import type { RowProblem } from '../../server/db/importRows.ts';
import { importFile } from '../../server/import/importFile.ts';
import { BACKENDS } from '../support/server/backends.ts';
import { HEADER, writeTempFile } from '../support/server/importFiles.ts';

// Issue 39, point 1: a product's GTIN comes with the import (gtin column), checked as GS1 defines it.
const ROW = (code: string, product: string, unit: string, gtin: string) =>
  `${code},${product},Sữa bột 850g,${unit},850,gam,L2027-0201,2027-02-01,2029-02-01,,,${gtin}`;

describe.each(BACKENDS)('the gtin import column on $name', (backend) => {
  it('stores a GTIN as 14 digits, and refuses a wrong check digit, a wrong length and one GTIN for two products, naming the row', async () => {
    const database = await backend.create();
    const storage = await openStorage(database.config);
    try {
      const header = `${HEADER},gtin`;
      const good = writeTempFile(
        'gtins.csv',
        [header, ROW('LN27A0201G85X00001', 'SB850G', 'lon', '8930000000071')].join('\n'),
      );
      expect(await importFile(storage, good)).toMatchObject({ badRows: 0, inserted: 1 });
      const lookup = await storage.openLookup();
      expect((await lookup.find('LN27A0201G85X00001'))?.lot).toMatchObject({
        gtin: '08930000000071',
        lotCode: 'L2027-0201',
      });
      expect(await lookup.product('08930000000071')).toMatchObject({ productCode: 'SB850G', productUnit: 'lon' });
      expect(await lookup.lot('08930000000071', 'L2027-0201')).toMatchObject({ productDate: '2027-02-01' });

      const before = await database.dump();
      const bad = writeTempFile(
        'bad-gtins.csv',
        [
          header,
          ROW('LN27A0201G85X00002', 'SB851G', 'lon', '8930000000072'),
          ROW('LN27A0201G85X00003', 'SB852G', 'lon', '89300000000'),
          ROW('LN27A0201G85X00004', 'SB853G', 'lon', '8930000000057'),
          ROW('LN27A0201G85X00005', 'SB854G', 'lon', '8930000000057'),
        ].join('\n'),
      );
      const problems: RowProblem[] = [];
      const result = await importFile(storage, bad, { onProblem: (problem) => problems.push(problem) });
      expect(result).toMatchObject({ inserted: 0 });
      expect(problems).toEqual([
        { line: 2, reason: "gtin '8930000000072' has a wrong check digit (GS1 mod 10)" },
        { line: 3, reason: "gtin '89300000000' must be a GTIN of 8, 12, 13 or 14 digits" },
        { line: 5, reason: 'gtin 08930000000057 is product SB853G (lon) on line 4' },
      ]);
      expect(await database.dump()).toEqual(before);
    } finally {
      await storage.close();
      await database.drop();
    }
  });

  it('keeps every GTIN when a later file has no gtin column (the daily codes file)', async () => {
    const database = await backend.create();
    const storage = await openStorage(database.config);
    try {
      const withGtin = writeTempFile(
        'with-gtin.csv',
        [`${HEADER},gtin`, ROW('LN27A0201G85X00001', 'SB850G', 'lon', '8930000000071')].join('\n'),
      );
      expect(await importFile(storage, withGtin)).toMatchObject({ badRows: 0, inserted: 1 });
      const daily = writeTempFile(
        'daily.csv',
        [HEADER, ROW('LN27A0201G85X00002', 'SB850G', 'lon', '').replace(/,$/, '')].join('\n'),
      );
      expect(await importFile(storage, daily)).toMatchObject({ badRows: 0, inserted: 1 });
      const lookup = await storage.openLookup();
      expect(await lookup.product('08930000000071')).toMatchObject({ productCode: 'SB850G', productUnit: 'lon' });
      expect((await lookup.find('LN27A0201G85X00002'))?.lot).toMatchObject({ gtin: '08930000000071' });
    } finally {
      await storage.close();
      await database.drop();
    }
  });

  it('moves a GTIN a later file gives another product: the resolver finds the new product, the old one loses it', async () => {
    const database = await backend.create();
    const storage = await openStorage(database.config);
    try {
      const header = `${HEADER},gtin`;
      const first = writeTempFile(
        'first.csv',
        [header, ROW('LN27A0201G85X00001', 'SB850G', 'lon', '8930000000071')].join('\n'),
      );
      expect(await importFile(storage, first)).toMatchObject({ badRows: 0, inserted: 1 });
      const moved = writeTempFile(
        'moved.csv',
        [header, ROW('LN27A0201G85X00002', 'SB851G', 'lon', '08930000000071')].join('\n'),
      );
      expect(await importFile(storage, moved)).toMatchObject({ badRows: 0, inserted: 1 });
      const lookup = await storage.openLookup();
      expect(await lookup.product('08930000000071')).toMatchObject({ productCode: 'SB851G', productUnit: 'lon' });
      expect((await lookup.find('LN27A0201G85X00002'))?.lot).toMatchObject({ gtin: '08930000000071' });
      expect((await lookup.find('LN27A0201G85X00001'))?.lot?.gtin ?? null).toBeNull();
    } finally {
      await storage.close();
      await database.drop();
    }
  });
});
