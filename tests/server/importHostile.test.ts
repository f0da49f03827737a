import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openStorage } from '../../server/db/openStorage.ts';
import type { TraceStorage } from '../../server/db/storage.ts';
import { CATALOGUE_MAX_ENTRIES } from '../../server/import/catalogue.ts';
import type { RowProblem } from '../../server/db/importRows.ts';
import { importFile } from '../../server/import/importFile.ts';
import { runTs } from '../support/system/childProcess.ts';
import { BACKENDS, type TestDatabase } from '../support/server/backends.ts';
import { HEADER, tempDir, writeTempFile } from '../support/server/importFiles.ts';

// Import files and pictures from someone the operator does not control (an ERP export, a supplier, a
// shared drive): whatever they hold, the import ends quickly, reads nothing outside the import file's
// folder, publishes no active SVG, and writes nothing when it refuses.

const PICTURE_HEADER = `${HEADER},lotStatus,recallReason,productImage`;
const CAN_SVG = readFileSync(new URL('../../server/seed/images/sb900g-lon.svg', import.meta.url));
const code = (i: number) => `HX27A0101X${String(i).padStart(8, '0')}`;
/** Row i, a product of its own, naming `image`. */
const pictureRow = (i: number, image: string) =>
  `${code(i)},P${i},Sữa bột,lon,850,gam,L1,2027-02-01,2029-02-01,,,,,${image}`;

/** A folder holding `rows.csv` with one row per picture name (in a fresh folder of its own, so `..` is private too). */
function importFolder(images: readonly string[]): { folder: string; path: string } {
  const folder = join(tempDir(), 'imports');
  mkdirSync(folder);
  const path = join(folder, 'rows.csv');
  writeFileSync(path, [PICTURE_HEADER, ...images.map((image, i) => pictureRow(i + 1, image))].join('\n') + '\n');
  return { folder, path };
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 96 96">${body}</svg>`;

describe.each(BACKENDS)('npm run import of hostile files on $name', (backend) => {
  let database: TestDatabase;
  let storage: TraceStorage;
  beforeEach(async () => {
    database = await backend.create();
    storage = await openStorage(database.config);
    return async () => {
      await storage.close();
      await database.drop();
    };
  });

  const importCollecting = async (path: string) => {
    const problems: RowProblem[] = [];
    const result = await importFile(storage, path, { onProblem: (problem) => problems.push(problem) });
    return { result, problems };
  };
  const storedCodes = async () => ((await database.dump()) as unknown[][])[2];

  /** Pictures named outside the import file's folder, each a way out: up, absolute, a link, a share. */
  const OUTSIDE = [
    '../secret/can.svg',
    '../secret/missing.svg',
    '/etc/hostname',
    '/nonexistent/x.png',
    'out.svg',
    'dangling.svg',
    'outdir/can.svg',
    'outdir/missing.svg',
    'pictures\\can.svg',
    '//host/share/can.svg',
    'pictures/../../secret/can.svg',
  ];

  it("refuses a picture outside the import file's folder with one message, there or not, and writes nothing", async () => {
    const { folder, path } = importFolder(OUTSIDE);
    const secret = join(folder, '..', 'secret');
    mkdirSync(secret, { recursive: true });
    writeFileSync(join(secret, 'can.svg'), CAN_SVG);
    symlinkSync(join(secret, 'can.svg'), join(folder, 'out.svg'));
    symlinkSync(join(secret, 'missing.svg'), join(folder, 'dangling.svg'));
    symlinkSync(secret, join(folder, 'outdir'));
    mkdirSync(join(folder, 'pictures'));

    const { result, problems } = await importCollecting(path);
    expect(problems).toEqual(
      OUTSIDE.map((image, i) => ({
        line: i + 2,
        reason: `productImage '${image}' must be a file inside the import file's folder`,
      })),
    );
    expect(result).toMatchObject({ badRows: 11, inserted: 0 });
    expect(await storedCodes()).toEqual([]);
  });

  it('takes a picture through a link that stays inside the folder', async () => {
    const { folder, path } = importFolder(['can.svg', 'pictures/same-can.svg']);
    mkdirSync(join(folder, 'pictures'));
    writeFileSync(join(folder, 'pictures', 'can.svg'), CAN_SVG);
    symlinkSync(join(folder, 'pictures', 'can.svg'), join(folder, 'can.svg'));
    symlinkSync('can.svg', join(folder, 'pictures', 'same-can.svg'));

    const { result, problems } = await importCollecting(path);
    expect(problems).toEqual([]);
    expect(result).toMatchObject({ rows: 2, inserted: 2 });
    const found = await (await storage.openLookup()).find(code(1));
    expect(found?.lot.imageUrl).toMatch(/^\/qrinfo-svc\/api\/images\/[0-9a-f]{32}\.svg$/);
  });

  it('refuses an SVG that could run a script or load something, naming what it holds, and writes nothing', async () => {
    const hostile: [string, string, string][] = [
      ['script.svg', svg('<script>alert(1)</script>'), 'a <script> element'],
      [
        'prefixed.svg',
        svg('<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>'),
        'a <script> element',
      ],
      ['onload.svg', svg('<rect width="9" height="9" onload="alert(1)"/>'), 'an event attribute (on…=)'],
      ['onclick.svg', svg('<circle r="4"\n  ONCLICK = "alert(1)"/>'), 'an event attribute (on…=)'],
      ['foreign.svg', svg('<foreignObject><div>x</div></foreignObject>'), 'a <foreignObject> element'],
      [
        'href.svg',
        svg('<image href="https://tracker.example/pixel.png"/>'),
        'a link outside the picture (an href not starting with #)',
      ],
      [
        'xlink.svg',
        svg('<use xlink:href="other.svg#can"/>'),
        'a link outside the picture (an href not starting with #)',
      ],
      ['entity.svg', svg('<!ENTITY x SYSTEM "file:///etc/hostname">'), 'an entity declaration (<!ENTITY)'],
      ['jsurl.svg', svg('<a href="#x"><set attributeName="fill" to="javascript:alert(1)"/></a>'), 'a javascript: URL'],
      ['jsref.svg', svg('<set attributeName="fill" to="java&#x09;script&#58;alert(1)"/>'), 'a javascript: URL'],
      ['iframe.svg', svg('<iframe src="https://example.com"/>'), 'an embedded frame (<iframe>, <embed> or <object>)'],
      ['embed.svg', svg('<embed src="x.swf"/>'), 'an embedded frame (<iframe>, <embed> or <object>)'],
      ['object.svg', svg('<object data="x.html"/>'), 'an embedded frame (<iframe>, <embed> or <object>)'],
    ];
    const { folder, path } = importFolder(hostile.map(([file]) => file));
    for (const [file, content] of hostile) writeFileSync(join(folder, file), content);

    const { result, problems } = await importCollecting(path);
    expect(problems).toEqual(
      hostile.map(([file, , what], i) => ({
        line: i + 2,
        reason: `productImage '${file}' is an SVG with ${what}: a picture may not run a script or load anything`,
      })),
    );
    expect(result).toMatchObject({ badRows: hostile.length, inserted: 0 });
    expect(await storedCodes()).toEqual([]);
  });

  it('refuses an SVG whose doctype declares entities as no picture at all', async () => {
    const { folder, path } = importFolder(['entity.svg']);
    writeFileSync(
      join(folder, 'entity.svg'),
      `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/hostname">]>\n${svg('<text>&x;</text>')}`,
    );
    const { problems } = await importCollecting(path);
    expect(problems).toEqual([{ line: 2, reason: "productImage 'entity.svg' is not a PNG, JPEG, WebP or SVG image" }]);
  });

  it('takes an SVG that links only inside itself', async () => {
    const { folder, path } = importFolder(['inner.svg']);
    const drawing =
      '<defs><linearGradient id="g"><stop offset="0"/></linearGradient><circle id="c" r="4"/></defs><use xlink:href="#c" fill="url(#g)"/><use href=\'#c\'/>';
    writeFileSync(join(folder, 'inner.svg'), `<?xml version="1.0" encoding="UTF-8"?>\n${svg(drawing)}`);
    const { result, problems } = await importCollecting(path);
    expect(problems).toEqual([]);
    expect(result).toMatchObject({ inserted: 1 });
  });

  /** `[` + an item starting on line 3 + `]`. */
  const jsonFile = (item: string) => writeTempFile('rows.json', `[\n\n${item}\n]\n`);
  const jsonRow = (productName: string) =>
    JSON.stringify({ code: code(1), productCode: 'P1', productUnit: 'lon', lotCode: 'L1', productName });

  it.each([
    ['one huge row object', jsonRow('x'.repeat(1_500_000))],
    ['a string that is never closed', `{"code": "${code(1)}", "productName": "${'x'.repeat(3_000_000)}`],
  ])('stops on %s in a JSON file, naming the line it starts on, and writes nothing', async (_name, item) => {
    const before = await database.dump();
    await expect(importFile(storage, jsonFile(item))).rejects.toThrow(
      /^line 3: a row object longer than 1 MB: is a string or a brace not closed\?$/,
    );
    expect(await database.dump()).toEqual(before);
  });

  const limit = CATALOGUE_MAX_ENTRIES.toLocaleString('en');
  it.each([
    ['products', (i: number) => `${code(i)},P${i},x,lon,,,L1,,,,`, `products (productCode + productUnit)`],
    ['lots', (i: number) => `${code(i)},P1,x,lon,,,L${i},,,,`, `lots (productCode + lotCode)`],
  ])(
    'stops at the %s a file names past the catalogue bound, naming the line, and writes nothing',
    async (_name, row, what) => {
      const rows = Array.from({ length: CATALOGUE_MAX_ENTRIES + 1 }, (_, i) => row(i));
      const path = writeTempFile('many.csv', [HEADER, ...rows].join('\n') + '\n');
      const before = await database.dump();
      await expect(importFile(storage, path)).rejects.toThrow(
        `line ${CATALOGUE_MAX_ENTRIES + 2}: more than ${limit} distinct ${what} in one file: an import holds at most ${limit}, split the file`,
      );
      expect(await database.dump()).toEqual(before);
    },
    60_000,
  );
});

describe('npm run import (the command) on hostile files', () => {
  const runImport = (path: string) => {
    const dbPath = join(tempDir(), 'trace.db');
    return runTs('server/cli/import.ts', { args: [path], env: { TRACE_DB: dbPath }, timeoutMs: 20_000 });
  };

  it('answers at once that an SVG-looking file of 40 comments is no picture (a backtracking check took years)', async () => {
    const { folder, path } = importFolder(['comments.svg']);
    writeFileSync(join(folder, 'comments.svg'), '<!---->'.repeat(40) + 'x');
    const result = await runImport(path);
    expect(result.stderr).toMatch(
      /^line 2: productImage 'comments.svg' is not a PNG, JPEG, WebP or SVG image\n1 bad rows out of 1: nothing was written to \S+\n$/,
    );
    expect(result.code).toBe(1);
  }, 30_000);

  it('reports a JSON string that is never closed in one line, with no stack trace', async () => {
    const path = writeTempFile('rows.json', `[\n{"code": "${'x'.repeat(2_000_000)}\n`);
    const result = await runImport(path);
    expect(result.stderr).toBe(
      'line 2: a row object longer than 1 MB: is a string or a brace not closed?\nNothing was written.\n',
    );
    expect(result.code).toBe(1);
  }, 30_000);
});
