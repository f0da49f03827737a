import { readFileSync } from 'node:fs';
import { gtin14, hasValidCheckDigit } from '../../src/contract/gs1/checkDigit.ts';

/** The service's GS1 Digital Link settings (issue 39). */
export interface Gs1Config {
  /**
   * GS1_GTINS, read at start: product code → GTIN (14 digits), for upstream mode, where the brand's service
   * names no GTINs. Empty on the database, whose import carries them.
   */
  gtinsByProduct: ReadonlyMap<string, string>;
  /** GS1_PIP_URL: the brand's product page, `{gtin}` and `{productCode}` filled in (the resolver's gs1:pip link). */
  pipUrl: string | undefined;
}

/**
 * GS1_GTINS's file: one `productCode,gtin` per line (a header line `productCode,gtin`, blank lines and lines
 * starting with # are skipped). Every line is checked as the import checks its gtin column; problems name the line.
 */
export function readGtinFile(path: string, problems: string[]): Map<string, string> {
  const map = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    problems.push(`GS1_GTINS=${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return map;
  }
  const owners = new Map<string, string>();
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || /^productCode\s*,\s*gtin$/i.test(line)) continue;
    const where = `GS1_GTINS line ${index + 1}`;
    const [code, digits, extra] = line.split(',').map((part) => part.trim());
    const gtin = digits === undefined ? null : gtin14(digits);
    if (!code || extra !== undefined || gtin === null) {
      problems.push(`${where}: expected productCode,gtin (a GTIN of 8, 12, 13 or 14 digits), got '${line}'`);
    } else if (!hasValidCheckDigit(gtin)) {
      problems.push(`${where}: gtin '${digits}' has a wrong check digit (GS1 mod 10)`);
    } else if (map.has(code)) {
      problems.push(`${where}: product ${code} is listed twice`);
    } else if (owners.has(gtin)) {
      problems.push(`${where}: gtin ${gtin} is already product ${owners.get(gtin)}`);
    } else {
      map.set(code, gtin);
      owners.set(gtin, code);
    }
    if (problems.length > 20) break;
  }
  return map;
}

export function parseGs1Config(value: (name: string) => string | undefined, problems: string[]): Gs1Config {
  const gtinsFile = value('GS1_GTINS');
  const pipUrl = value('GS1_PIP_URL');
  if (pipUrl !== undefined && !/^https:\/\/[^\s]+$/.test(pipUrl))
    problems.push(`GS1_PIP_URL: '${pipUrl}' is not an https URL (it may hold {gtin} and {productCode})`);
  return { gtinsByProduct: gtinsFile === undefined ? new Map() : readGtinFile(gtinsFile, problems), pipUrl };
}
