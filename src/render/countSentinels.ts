import type { TraceChecks, TraceResponse, TraceWireAnswer } from '@/contract/traceContract';

/**
 * The answer's counts that change on nearly every lookup of a code (issue 26's checks), by path, each
 * with the number that stands in for it while its page is learned: nine digits, found nowhere else on
 * a page by chance, of the plural category a count of two or more takes in the page's languages.
 */
const COUNTS: ReadonlyMap<string, number> = new Map([
  ['Checks.Lookups', 271_828_182],
  ['Checks.Devices', 314_159_265],
]);

/** How a count's text is worded ('one', 'other'...), as i18next picks a catalogue's plural form. */
function pluralOf(language: string, count: number): string {
  return new Intl.PluralRules(language).select(count);
}

/**
 * The answer with each count of two or more put as its stand-in, and the paths put so. 0 and 1 (a first
 * check, none yet) and a count worded unlike its stand-in keep their value: a page may well say them
 * otherwise. What else a page reads of a count stands or falls with the proof of its stand-in.
 */
export function withCountSentinels(
  answer: TraceWireAnswer,
  language: string,
): { answer: TraceWireAnswer; paths: string[] } {
  const body = answer.body as TraceResponse | undefined;
  const checks: unknown = body?.Checks;
  if (checks === null || typeof checks !== 'object') return { answer, paths: [] };
  const replaced: Record<string, unknown> = { ...checks };
  const paths: string[] = [];
  for (const [path, sentinel] of COUNTS) {
    const key = path.slice('Checks.'.length);
    const count = replaced[key];
    if (
      typeof count !== 'number' ||
      !Number.isSafeInteger(count) ||
      count < 2 ||
      pluralOf(language, count) !== pluralOf(language, sentinel)
    )
      continue;
    replaced[key] = sentinel;
    paths.push(path);
  }
  return paths.length === 0
    ? { answer, paths }
    : { answer: { ...answer, body: { ...body!, Checks: replaced as unknown as TraceChecks } }, paths };
}
