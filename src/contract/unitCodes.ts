import { QR_CODE_MAX_LENGTH, QR_CODE_MIN_LENGTH } from './traceContract.ts';

/**
 * How the page reads a carton's unit codes, in one place for the page (src/api/traceResult.ts) and the
 * page server, which trims a big carton's answer before a render reads it (server/upstream/bigAnswer.ts):
 * both must count and list the same codes. No import of the page's config, so the server can load it.
 */

/** A carton's unit codes the page lists before its "Show all" button. */
export const UNITS_SHOWN_FIRST = 10;
/**
 * The most unit codes a server-rendered page carries inline. A real carton holds 12-48, so its "Show all"
 * stays instant (even before the script runs); a carton of 50,000 made a 1 MB page and ~40 ms of the page
 * server's CPU for codes the page does not list: past this bound it carries the listed ones and their number.
 */
export const UNITS_INLINE_MAX = 500;

/**
 * Set by the page server on the box of an answer it trimmed for a render (a carton past UNITS_INLINE_MAX):
 * its UnitCodes then hold only the codes the page lists, and this is how many valid codes the whole answer
 * holds. A symbol, so it never reaches JSON: not the API's bytes, not the page's state. Symbol.for, so the
 * server's code and the page's server build (two module graphs in one process) name the same key.
 */
export const UNIT_TOTAL: unique symbol = Symbol.for('milk-trace.unitTotal');

const CODE = new RegExp(`^[A-Za-z0-9]{${QR_CODE_MIN_LENGTH},${QR_CODE_MAX_LENGTH}}$`);

/** The value as a trace code (trimmed), or null when it is not one. */
export function traceCodeOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // A code as sent (no spaces to trim) is taken as it is: most of a carton's 50,000.
  if (CODE.test(value)) return value;
  const trimmed = value.trim();
  return CODE.test(trimmed) ? trimmed : null;
}

/** A carton's valid unit codes, in one pass; the invalid ones are left out. */
export function unitCodesOf(list: readonly unknown[]): string[] {
  const codes: string[] = [];
  for (const value of list) {
    const code = traceCodeOf(value);
    if (code !== null) codes.push(code);
  }
  return codes;
}
