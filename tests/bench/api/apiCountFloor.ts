import { randomBytes } from 'node:crypto';
import { deviceHash } from '../../../server/checks/device.ts';
import { openCodeLookup } from '../../../server/db/sqlite/codeLookup.ts';
import { openCountsDatabase } from '../../../server/db/sqlite/countsDatabase.ts';
import { benchCode, CODE_COUNT } from './apiBenchData.ts';

// What any counting must add to each lookup, however it is built (issue 26 point 9): reading the code's
// counts with it (the answer shows them), hashing the device (its repeats within 30 minutes count once: the
// counter's memory knows it by this hash), and for a new code two rows written (its totals, and its day's
// lookups for the report).
// Timed here, in this process, on the bench's SQLite file while the services idle: the same random codes
// for every statement, rounds alternated, the median kept. The writes are rolled back, so their figure
// leaves out the commit: a floor.

const LOOKUPS = 100_000;
const ROUNDS = 5;
const STRIDE = 7_919;
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function microsPerCall(calls: number, run: (i: number) => unknown): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) run(i);
  return Number(process.hrtime.bigint() - started) / 1000 / calls;
}

/**
 * µs per lookup: without the counts, with them (the LEFT JOIN of CHECKS=on), one device hash, and each
 * of the two rows of a new code (its totals; its day).
 */
export function countingFloor(databasePath: string) {
  // The counts' file first, held open: the read-only lookup attaches it (server/db/sqlite/countsDatabase.ts).
  const writer = openCountsDatabase(databasePath);
  const plain = openCodeLookup(databasePath);
  const counted = openCodeLookup(databasePath, undefined, { counts: true });
  const addDay = writer.prepare('INSERT INTO check_days (day, code, lookups) VALUES (?, ?, 1)');
  const addCode = writer.prepare(
    `INSERT INTO check_codes (code, first_day, lookups, networks) VALUES (?, ?, 1, '0520419')
     ON CONFLICT (code) DO UPDATE SET lookups = lookups + 1`,
  );
  // Distinct codes spread over the index (a prime stride), so that every written row is new.
  const start = Math.floor(Math.random() * CODE_COUNT);
  const codes = Array.from({ length: LOOKUPS }, (_code, i) => benchCode((start + i * STRIDE) % CODE_COUNT));
  const salt = randomBytes(16);
  const device = (i: number) => deviceHash(salt, `10.0.${i & 255}.1`, USER_AGENT);
  const figures = {
    plain: [] as number[],
    counted: [] as number[],
    hash: [] as number[],
    codeRow: [] as number[],
    dayRow: [] as number[],
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      figures.plain.push(microsPerCall(LOOKUPS, (i) => plain.find(codes[i]!)));
      figures.counted.push(microsPerCall(LOOKUPS, (i) => counted.find(codes[i]!)));
      figures.hash.push(microsPerCall(LOOKUPS, device));
      writer.exec('BEGIN IMMEDIATE');
      try {
        // A day no lookup has, so every day row is new.
        figures.codeRow.push(microsPerCall(LOOKUPS, (i) => addCode.run(codes[i]!, '1999-12-31')));
        figures.dayRow.push(microsPerCall(LOOKUPS, (i) => addDay.run('1999-12-31', codes[i]!)));
      } finally {
        writer.exec('ROLLBACK');
      }
    }
  } finally {
    plain.close();
    counted.close();
    writer.close();
  }
  return {
    plainUs: median(figures.plain),
    countedUs: median(figures.counted),
    hashUs: median(figures.hash),
    codeRowUs: median(figures.codeRow),
    dayRowUs: median(figures.dayRow),
  };
}
