import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { IMPORT_COLUMNS } from '../../../server/import/importRow.ts';
import { runTs } from '../../support/system/childProcess.ts';
import { checkDigitOf } from '../../../src/contract/gs1/checkDigit.ts';

export const CODE_COUNT = 1_000_000;
const PRODUCTS = 300;
const LOTS_PER_PRODUCT = 4;
const CARTON_EVERY = 25;
/** A bounded wait for one import of the whole file, however slow the machine. */
const IMPORT_TIMEOUT_MS = 600_000;

/** Code number i as a 17-character code; the bench draws random i to look up existing codes. */
export function benchCode(i: number): string {
  return `BM${String(i).padStart(15, '0')}`;
}

/** Devices of the shoppers' mix: each a User-Agent of its own (one address, as behind a carrier's NAT). */
export const MIX_DEVICES = 10_000;
/** A prime past CODE_COUNT: spreads the popular ranks over the whole code index. */
const SPREAD = 1_000_003;

export const benchDevice = (i: number): string =>
  `Mozilla/5.0 (Linux; Android 14; bench device ${i}) Mobile Safari/537.36`;

/**
 * A code number drawn as shoppers look codes up: rank k about as often as 1/k (Zipf, s = 1), by the
 * inverse of its continuous distribution; ranks are scattered over the index, not its first pages.
 */
export function zipfCode(): number {
  const rank = Math.floor((CODE_COUNT + 1) ** Math.random()) - 1;
  return (rank * SPREAD) % CODE_COUNT;
}

/** Code number i's product GTIN (issue 39: the Digital Link page case): cartons' GTIN-14 start with 1. */
export function benchGtin(i: number): string {
  const base = `${i % CARTON_EVERY === 0 ? 1 : 0}8930001${String(i % PRODUCTS).padStart(5, '0')}`;
  return `${base}${checkDigitOf(base)}`;
}

/** Code number i's GS1 Digital Link path, as a pack would print it (GTIN and serial). */
export function benchDigitalLinkPath(i: number): string {
  return `/01/${benchGtin(i)}/21/${benchCode(i)}`;
}

function row(i: number): string {
  const product = i % PRODUCTS;
  const lot = Math.floor(i / CARTON_EVERY) % LOTS_PER_PRODUCT;
  const month = String((lot % 12) + 1).padStart(2, '0');
  const dates = `L${product}-${lot},2026-${month}-01,2027-${month}-01`;
  const cartonIndex = i - (i % CARTON_EVERY);
  // Cartons get their own product codes, so each product code's lots keep one pair of dates.
  if (i % CARTON_EVERY === 0)
    return `${benchCode(i)},K${product},Carton ${product},thùng,,,${dates},,24,${benchGtin(i)}`;
  return `${benchCode(i)},C${product},Product ${product},hộp,180,ml,${dates},${benchCode(cartonIndex)},,${benchGtin(i)}`;
}

/** The bench's 1,000,000 codes as an import file, written once and kept beside the bench databases. */
export async function ensureBenchCsv(path: string): Promise<void> {
  if (existsSync(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  const building = `${path}.building`;
  const out = createWriteStream(building);
  // The rows below give the columns up to totalPacket and the product's GTIN; the other optional ones stay empty.
  out.write(`${IMPORT_COLUMNS.slice(0, IMPORT_COLUMNS.indexOf('totalPacket') + 1).join(',')},gtin\n`);
  for (let i = 0; i < CODE_COUNT; i++) {
    if (!out.write(`${row(i)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  renameSync(building, path);
}

export interface Imported {
  rowsPerSecond: number;
  seconds: number;
  /** The importer's own CPU time, as it prints it: on a shared machine, steadier than `seconds`. */
  cpuSeconds: number;
  /** PostgreSQL's CPU time during the import (its server processes, from /proc); undefined for SQLite. */
  serverCpuSeconds: number | undefined;
  /** The 1-minute load average as the import ended: how much of the machine it had. */
  loadAverage: number;
  /** The line the import printed. */
  summary: string;
}

/**
 * `npm run import` of the bench file into the database `env` selects, as an operator runs it: the
 * rows per second are the ones it prints (file read, checked, staged and written, all in its time).
 */
export async function importBenchCsv(csvPath: string, env: Record<string, string>): Promise<Imported> {
  const port = env.DATABASE_URL === undefined ? undefined : Number(new URL(env.DATABASE_URL).port);
  const serverBefore = port === undefined ? 0 : postgresCpuSeconds(port);
  const result = await runTs('server/cli/import.ts', { args: [csvPath], env, timeoutMs: IMPORT_TIMEOUT_MS });
  const summary = result.stdout.trim();
  const match = /in ([\d.]+) s \(([\d,]+) rows\/s\).*; ([\d.]+) s of CPU/.exec(summary);
  if (result.code !== 0 || !match) throw new Error(`the bench import failed:\n${result.stdout}\n${result.stderr}`);
  // The import's backend ends when the importer disconnects: a moment for the postmaster to reap it.
  if (port !== undefined) await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    seconds: Number(match[1]),
    rowsPerSecond: Number(match[2]!.replaceAll(',', '')),
    cpuSeconds: Number(match[3]),
    serverCpuSeconds: port === undefined ? undefined : postgresCpuSeconds(port) - serverBefore,
    loadAverage: loadavg()[0] ?? 0,
    summary,
  };
}

const CLOCK_TICKS = 100;

/** User + system time of a process, and with `reaped` that of its children it has waited for (exited backends). */
function processCpuSeconds(pid: number, reaped: boolean): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // utime, stime, cutime, cstime are fields 14-17 of proc(5); the slice starts at field 3.
    return ((fields[11] ?? 0) + (fields[12] ?? 0) + (reaped ? (fields[13] ?? 0) + (fields[14] ?? 0) : 0)) / CLOCK_TICKS;
  } catch {
    return 0; // exited between listing and reading
  }
}

/** The CPU time so far of the PostgreSQL server on `port`: its postmaster, every live child, and the children it reaped. */
function postgresCpuSeconds(port: number): number {
  const pids = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const postmaster = pids.find((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return (
        args[0]?.endsWith('/postgres') === true && args.includes('-p') && args[args.indexOf('-p') + 1] === String(port)
      );
    } catch {
      return false;
    }
  });
  if (postmaster === undefined) return 0;
  let seconds = processCpuSeconds(postmaster, true);
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster)
        seconds += processCpuSeconds(pid, false);
    } catch {
      // exited meanwhile: the postmaster's reaped time has it
    }
  }
  return seconds;
}
