import { daysBefore, vietnamDay } from '../../src/contract/vietnamDay.ts';
import { REPORT_KEEP_DAYS } from '../checks/checkStore.ts';
import { normaliseCode } from '../domain/traceCode.ts';

export const REPORT_USAGE =
  'Usage: npm run report:codes -- [--since 7d|YYYY-MM-DD] [--limit 50]\n       npm run report:codes -- --reports [--since 7d|YYYY-MM-DD] [--limit 50]\n       npm run report:codes -- --clear CODE';

export interface ReportArgs {
  /** The first Vietnam day of the period. */
  since: string;
  limit: number;
  /** `--clear CODE`: forget the code's networks and caution instead of reporting (the brand looked into it). */
  clear?: string;
  /** `--reports`: shoppers' reports of the period (issue 41) instead of the codes' counts. */
  reports?: boolean;
}

export class ReportArgsError extends Error {}

const DEFAULT_DAYS = 7;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 10_000;

/** `--since Nd` is the last N days, today included; a date is its first day. Counts are kept 90 days. */
export function parseReportArgs(args: readonly string[], now: number): ReportArgs {
  const today = vietnamDay(now);
  let since = daysBefore(today, DEFAULT_DAYS - 1);
  let limit = DEFAULT_LIMIT;
  let clear: string | undefined;
  const rest = [...args];
  const reports = rest.includes('--reports');
  if (reports) rest.splice(rest.indexOf('--reports'), 1);
  if (rest.includes('--reports')) throw new ReportArgsError('--reports is given once');
  for (let i = 0; i < rest.length; i += 2) {
    const [name, value] = [rest[i], rest[i + 1]];
    if (value === undefined || value.startsWith('--')) throw new ReportArgsError(`${name} needs a value`);
    if (name === '--clear') {
      const code = normaliseCode(value);
      if (!/^[\p{L}\p{N}]{1,100}$/u.test(code)) throw new ReportArgsError(`--clear ${value}: not a code`);
      clear = code;
    } else if (name === '--since') since = parseSince(value, today);
    else if (name === '--limit') {
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_LIMIT)
        throw new ReportArgsError(`--limit ${value}: expected a whole number from 1 to ${MAX_LIMIT}`);
      limit = Number(value);
    } else throw new ReportArgsError(`unknown argument ${name}`);
  }
  if (clear !== undefined && args.length > 2)
    throw new ReportArgsError('--clear CODE is given alone: it clears one code and reports nothing');
  return { since, limit, ...(clear === undefined ? {} : { clear }), ...(reports ? { reports } : {}) };
}

function parseSince(value: string, today: string): string {
  const days = /^(\d+)d$/.exec(value);
  if (days) {
    const n = Number(days[1]);
    if (n < 1 || n > REPORT_KEEP_DAYS)
      throw new ReportArgsError(
        `--since ${value}: expected 1d to ${REPORT_KEEP_DAYS}d (counts per day are kept ${REPORT_KEEP_DAYS} days)`,
      );
    return daysBefore(today, n - 1);
  }
  if (
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  ) {
    if (value > today)
      throw new ReportArgsError(`--since ${value}: that day is still to come (today is ${today} in Vietnam)`);
    return value;
  }
  throw new ReportArgsError(`--since ${value}: expected a number of days (7d) or a day (YYYY-MM-DD)`);
}
