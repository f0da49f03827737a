import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDatabase } from '../../server/db/database.ts';
import { importFile } from '../../server/import/importFile.ts';
import { IMPORT_COLUMNS } from '../../server/import/importRow.ts';

export const CODE_COUNT = 1_000_000;
const PRODUCTS = 300;
const LOTS_PER_PRODUCT = 4;
const CARTON_EVERY = 25;

/** Code number i as a 17-character code; the bench draws random i to look up existing codes. */
export function benchCode(i: number): string {
  return `BM${String(i).padStart(15, '0')}`;
}

function row(i: number): string {
  const product = i % PRODUCTS;
  const lot = Math.floor(i / CARTON_EVERY) % LOTS_PER_PRODUCT;
  const month = String((lot % 12) + 1).padStart(2, '0');
  const dates = `L${product}-${lot},2026-${month}-01,2027-${month}-01`;
  const cartonIndex = i - (i % CARTON_EVERY);
  // Cartons get their own product codes, so each product code's lots keep one pair of dates.
  if (i % CARTON_EVERY === 0) return `${benchCode(i)},K${product},Carton ${product},thùng,,,${dates},,24`;
  return `${benchCode(i)},C${product},Product ${product},hộp,180,ml,${dates},${benchCode(cartonIndex)},`;
}

/**
 * Builds the 1,000,000-code database once through `npm run import`'s code path (a CSV file streamed
 * into it), and reuses it on later runs. Returns the import figures when it had to build it.
 */
export async function ensureBenchDatabase(dbPath: string) {
  if (existsSync(dbPath)) return undefined;
  mkdirSync(dirname(dbPath), { recursive: true });
  const csvPath = `${dbPath}.csv`;
  const out = createWriteStream(csvPath);
  out.write(`${IMPORT_COLUMNS.join(',')}\n`);
  for (let i = 0; i < CODE_COUNT; i++) {
    if (!out.write(`${row(i)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');

  const building = `${dbPath}.building`;
  rmSync(building, { force: true });
  const db = openDatabase(building);
  try {
    const result = await importFile(db, csvPath, {
      onProblem: ({ line, reason }) => console.error(`line ${line}: ${reason}`),
      onProgress: (rows) => process.stdout.write(`  checked ${rows.toLocaleString('en')} rows\r`),
    });
    if (result.badRows > 0) throw new Error('the generated bench data has bad rows');
    db.close();
    renameSync(building, dbPath);
    return result;
  } finally {
    if (db.open) db.close();
    rmSync(csvPath);
  }
}
