import { readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTs, startService } from '../support/system/childProcess.ts';
import { DEMO_KEY, makeSiteDir, TRACE_URL_PATH } from '../support/server/harness.ts';
import { csv, writeTempFile } from '../support/server/importFiles.ts';
import { mountSmallDisk, type SmallDisk } from '../support/system/smallDisk.ts';

const SAMPLE_CSV = fileURLToPath(new URL('../../server/seed/sample.csv', import.meta.url));
const DISK_KIB = 1024;
/** About three times what fits on the disk once written. */
const ROWS = 30_000;

let disk: SmallDisk;
let dbPath: string;
let siteDir: string;
beforeAll(async () => {
  disk = await mountSmallDisk(DISK_KIB);
  dbPath = join(disk.dir, 'trace.db');
  siteDir = makeSiteDir();
  const seeded = await runTs('server/cli/import.ts', {
    args: [SAMPLE_CSV],
    env: { TRACE_DB: dbPath },
    prefix: disk.inside,
  });
  expect(seeded.code, seeded.stderr).toBe(0);
}, 30_000);

afterAll(async () => {
  await disk?.release();
  rmSync(siteDir, { recursive: true, force: true });
});

const importInto = (file: string) =>
  runTs('server/cli/import.ts', { args: [file], env: { TRACE_DB: dbPath }, prefix: disk.inside });
const filesOnDisk = () => readdirSync(disk.outsidePath()).sort();

const bigFile = () =>
  writeTempFile(
    'big.csv',
    csv(
      ...Array.from(
        { length: ROWS },
        (_, i) =>
          `BG27A0101X${String(i).padStart(8, '0')},P${i % 50},Product ${i % 50},hộp,100,ml,L${i % 20},2027-01-01,2027-06-01,,`,
      ),
    ),
  );

describe('npm run import on a disk that fails', () => {
  it('on a full disk: one line naming the cause, nothing written, and the log emptied though the service keeps it open', async () => {
    const service = await startService(
      {
        TRACE_DB: dbPath,
        STATIC_DIR: join(siteDir, 'dist'),
        TRACE_API_KEYS: DEMO_KEY,
        RATE_LIMIT_MAX: '0',
        DRAIN_DELAY_MS: '0',
      },
      { prefix: disk.inside },
    );
    try {
      const { url } = service;
      const lookup = (code: string) =>
        fetch(`${url}${TRACE_URL_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Key': DEMO_KEY },
          body: JSON.stringify({ QrCode: code }),
        });

      const file = bigFile();
      const result = await importInto(file);
      rmSync(dirname(file), { recursive: true, force: true });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`Import failed, nothing was written to ${dbPath}: the disk is full (SQLITE_FULL)\n`);
      // The lookup counts' own file beside the catalogue's (issue 36), opened by the service, untouched by the import.
      expect(filesOnDisk()).toEqual([
        'trace-counts.db',
        'trace-counts.db-shm',
        'trace-counts.db-wal',
        'trace.db',
        'trace.db-shm',
        'trace.db-wal',
      ]);
      expect(statSync(disk.outsidePath('trace.db-wal')).size).toBe(0);

      expect((await lookup('TH27A0110C24B0001')).status).toBe(200);
      expect((await lookup('BG27A0101X00000001')).status).toBe(204);
    } finally {
      await service.stop();
    }
    expect(filesOnDisk()).toEqual(['trace-counts.db', 'trace.db']);
  }, 30_000);

  it('on a read-only file system: one line naming the cause, and no file created', async () => {
    await disk.remount('ro');
    try {
      const result = await importInto(writeTempFile('one.csv', csv('RO27A0101X00000001,P1,Product,hộp,100,ml,L1,,,,')));
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Import failed, nothing was written to ${dbPath}: the file system is read-only (EROFS on ${disk.dir})\n`,
      );
      expect(filesOnDisk()).toEqual(['trace-counts.db', 'trace.db']);
    } finally {
      await disk.remount('rw');
    }
  }, 30_000);
});
