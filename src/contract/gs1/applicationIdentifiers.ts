// GS1 Application Identifiers: each AI's value format, as the GS1 General Specifications define it, in the form the
// Digital Link Compression 1.0 encoding needs (its "table F": the value as fixed or variable numeric and
// alphanumeric components). The data is GS1's, as GS1's compression prototype carries it (General Specifications
// v18, Apache-2.0), with the later AIs 235, 417 and 7040 added; kept as text grouped by format so the page's
// chunk that parses Digital Links stays small (about 1 kB gzip).

/** One component of an AI's value: numeric or alphanumeric (CSET 82, or CSET 39 where noted), fixed or up to a length. */
export interface AiComponent {
  numeric: boolean;
  fixed: boolean;
  length: number;
}

export interface AiFormat {
  components: AiComponent[];
  /** How many leading digits a GS1 mod-10 check digit closes (0: none). */
  checkDigitOver: number;
  /** The AI's alphanumeric character set: GS1's CSET 82 (almost every AI) or CSET 39 (AI 8010). */
  cset: 82 | 39;
}

// `spec=AIs`: N/n numeric fixed/variable, X/x alphanumeric fixed/variable, then the length; `c` a check digit over
// the first fixed component (`c14`: over the first 14 digits); `#39` CSET 39. `3100-05` is 3100 to 3105.
const TABLE =
  'N18c=00,8017-18 N14c=01-02 x20=10,21-22,243,254,420,7020-22,710-14,8002,8012 ' +
  'N6=11-13,15-17,3100-05,3110-15,3120-25,3130-35,3140-45,3150-55,3160-65,3200-05,3210-15,3220-25,3230-35,' +
  '3240-45,3250-55,3260-65,3270-75,3280-85,3290-95,3300-05,3310-15,3320-25,3330-35,3340-45,3350-55,3360-65,' +
  '3370-75,3400-05,3410-15,3420-25,3430-35,3440-45,3450-55,3460-65,3470-75,3480-85,3490-95,3500-05,3510-15,' +
  '3520-25,3530-35,3540-45,3550-55,3560-65,3570-75,3600-05,3610-15,3620-25,3630-35,3640-45,3650-55,3660-65,' +
  '3670-75,3680-85,3690-95,7006,8005 ' +
  'N2=20 x30=240-41,250-51,400-01,403,7002,7023,7230-39,8004,8013,90 n6=242 N13+x17c13=253 N13+n12c13=255 ' +
  'n8=30,37 n15=3900-09,3920-29 N3+n15=3910-19,3930-39 N4=3940-43,8111 N17c=402 N13c=410-17 N3+x9=421 ' +
  'N3=422,424,426 N3+n12=423,425 x3=427,7008 N13=7001 N10=7003 n4=7004 x12=7005 N6+n6=7007 x10=7009 x2=7010 ' +
  'N3+x27=7030-39 N1+X3=7040 N14=8001 N14+x16c14=8003 N18c14=8006,8026 x24=8007 N8+n4=8008 x50=8009 ' +
  'x30#39=8010 n12=8011 n10=8019 x25=8020 x28=235 x70=8110,8112,8200 x90=91-99';

function parseSpec(spec: string): AiFormat {
  const [body = '', cset] = spec.split('#');
  const check = /c(\d*)$/.exec(body);
  const components = body
    .replace(/c\d*$/, '')
    .split('+')
    .map((part) => ({
      numeric: part[0] === 'N' || part[0] === 'n',
      fixed: part[0] === 'N' || part[0] === 'X',
      length: Number(part.slice(1)),
    }));
  const checkDigitOver = check ? Number(check[1]) || (components[0]?.length ?? 0) : 0;
  return { components, checkDigitOver, cset: cset === '39' ? 39 : 82 };
}

function buildTable(): Map<string, AiFormat> {
  const table = new Map<string, AiFormat>();
  for (const group of TABLE.split(' ')) {
    const [spec = '', list = ''] = group.split('=');
    const format = parseSpec(spec);
    for (const item of list.split(',')) {
      const [first = '', lastTail] = item.split('-');
      if (!lastTail) {
        table.set(first, format);
        continue;
      }
      const last = Number(first.slice(0, first.length - lastTail.length) + lastTail);
      for (let ai = Number(first); ai <= last; ai++) table.set(String(ai).padStart(first.length, '0'), format);
    }
  }
  return table;
}

const AI_FORMATS = buildTable();
const AI_LENGTH_BY_PREFIX = new Map([...AI_FORMATS.keys()].map((ai) => [ai.slice(0, 2), ai.length]));

/** The AI's value format, or undefined for an AI GS1 has not defined (an error in a Digital Link). */
export function aiFormat(ai: string): AiFormat | undefined {
  return AI_FORMATS.get(ai);
}

/** GS1 keys that identify something on their own; in a Digital Link they head the path, never the query. */
export const PRIMARY_KEYS = new Set([
  '00',
  '01',
  '253',
  '255',
  '401',
  '402',
  '414',
  '415',
  '417',
  '8003',
  '8004',
  '8006',
  '8010',
  '8013',
  '8017',
  '8018',
]);

/** The GTIN's key qualifiers, in the order the URI syntax requires (21 and 235 are alternatives). */
export const GTIN_QUALIFIERS = ['22', '10', '21', '235'] as const;

/** Qualifiers of other keys: like the GTIN's, they belong in a path. */
export const OTHER_QUALIFIERS = new Set(['254', '7040', '8011', '8019']);

/** The number of digits an AI has, by its first two (Compression 1.0's "table P"): 2, 3 or 4. */
export function aiLengthByPrefix(firstTwo: string): number | undefined {
  return AI_LENGTH_BY_PREFIX.get(firstTwo);
}
