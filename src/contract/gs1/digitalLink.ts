/**
 * GS1 Digital Link URI Syntax 1.6 for GTINs, long and compressed (Compression 1.0): the one parser of the page
 * and the service. Exported names (stable; the page builds on them):
 *
 * - `parseDigitalLink(input: string | URL, today?: Date): DigitalLinkResult` — an absolute http(s) URI or a
 *   path with its query (`/01/…?17=…`, as a server sees it). Reads `/01/{gtin}` with its qualifiers
 *   `/22/{cpv}`, `/10/{lot}`, `/21/{serial}` (or `/235/{tpx}`) in that order, any path prefix before `/01/`, a
 *   trailing slash, the query's data attributes (`17=YYMMDD`: day 00 = the month's last day; every known AI
 *   kept), percent-encoding, a wholly compressed link (`/{base64}`) and one with its GTIN left uncompressed
 *   (`/01/{gtin}/{base64}`). `today` sets the century of two-digit years (GS1's sliding window).
 * - `DigitalLinkResult = DigitalLink | DigitalLinkError`, discriminated by `ok`; `DigitalLink` holds `gtin` (14
 *   digits), `lot`, `serial`, `expiry` (ISO date), `attributes`, `otherQuery`, `pathPrefix`, `compressed`,
 *   `path` and `canonical` (GS1's canonical long URI); `DigitalLinkError` holds `reason`
 *   (`DigitalLinkErrorReason`: 'notDigitalLink' | 'checkDigit' | 'unknownAi' | 'badCharacters' | 'badValue'), `ai`
 *   and an English `detail`. Types in `./digitalLinkTypes`.
 * - `compressDigitalLink(link: DigitalLink, stem: string, optimise?: boolean): string` — the compressed URI
 *   (`{stem}{pathPrefix}/{base64}`); unoptimised by default, as GS1's published examples.
 * - `hasValidCheckDigit(digits)`, `checkDigitOf(digits)`, `gtin14(digits)` in `./checkDigit`; `gs1Date(yymmdd,
 *   today)` in `./aiValues`; `mayBeDigitalLink(url)` in `./digitalLinkShape` (tiny: whether to load this module).
 * - `encodeDigitalLinkValue(value)` in `./digitalLinkValue`: a value as the canonical URI writes it.
 * - The resolver's wire types (product and lot JSON, what the server render passes) in `./gs1Contract`.
 *
 * Written here rather than taken from GS1's digital-link.js, whose grammar tables and compression prototype weigh
 * over 360 kB (about 80 kB gzip): more than the page's whole first load. Other primary keys (SSCC, GLN…) are
 * GS1 Digital Links too, but this product serves GTINs: they read as 'notDigitalLink'.
 */
import { aiValueError, gs1Date } from './aiValues.ts';
import { GTIN_QUALIFIERS, OTHER_QUALIFIERS, PRIMARY_KEYS, aiFormat } from './applicationIdentifiers.ts';
import { gtin14, hasValidCheckDigit } from './checkDigit.ts';
import { compressPairs, decompressSegment } from './compression.ts';
import type { DigitalLink, DigitalLinkError, DigitalLinkResult } from './digitalLinkTypes.ts';
import { encodeDigitalLinkValue as encodeValue } from './digitalLinkValue.ts';

export type { DigitalLink, DigitalLinkError, DigitalLinkErrorReason, DigitalLinkResult } from './digitalLinkTypes.ts';

const CANONICAL_HOST = 'https://id.gs1.org';
// The shortest compressed link, a GTIN alone, is 10 characters; shorter segments are ordinary paths.
const COMPRESSED = /^[A-Za-z0-9_-]{10,}$/;

const error = (reason: DigitalLinkError['reason'], detail: string, ai?: string): DigitalLinkError => ({
  ok: false,
  reason,
  detail,
  ...(ai ? { ai } : {}),
});

class LinkError extends Error {
  constructor(readonly result: DigitalLinkError) {
    super(result.detail);
  }
}

function decode(text: string, ai?: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new LinkError(error('badCharacters', 'broken percent-encoding', ai));
  }
}

function toUrl(input: string | URL): URL | null {
  if (input instanceof URL) return input;
  try {
    return input.startsWith('/') ? new URL(input, 'https://path.invalid') : new URL(input.trim());
  } catch {
    return null;
  }
}

interface LinkParts {
  prefix: string[];
  /** The path's AIs (or the compressed segment's), in order. */
  pathAis: [string, string][];
  /** Non-GS1 pairs a compressed segment carried. */
  other: [string, string][];
  compressed: boolean;
}

function decompress(segment: string): { ais: [string, string][]; other: [string, string][] } | null {
  try {
    return decompressSegment(segment);
  } catch {
    return null; // not a compressed link: the caller says so
  }
}

/** The path's parts after the prefix, or null when the path holds no GTIN Digital Link. */
function readPath(segments: string[]): LinkParts | null {
  const start = segments.indexOf('01');
  if (start >= 0 && segments.length > start + 1) {
    const prefix = segments.slice(0, start);
    const rest = segments.slice(start);
    if (rest.length % 2 === 0) {
      const pathAis: [string, string][] = [];
      for (let i = 0; i < rest.length; i += 2) {
        const [ai = '', value = ''] = rest.slice(i, i + 2);
        pathAis.push([ai, decode(value, ai)]);
      }
      return { prefix, pathAis, other: [], compressed: false };
    }
    // The GTIN left readable, the rest compressed (Compression 1.0's partial form).
    const [, gtin, packed] = rest;
    const tail = rest.length === 3 && packed !== undefined && COMPRESSED.test(packed) ? decompress(packed) : null;
    if (!tail || gtin === undefined) return null;
    return { prefix, pathAis: [['01', decode(gtin, '01')], ...tail.ais], other: tail.other, compressed: true };
  }
  const last = segments[segments.length - 1];
  const whole = start < 0 && last && COMPRESSED.test(last) ? decompress(last) : null;
  if (!whole || !whole.ais.some(([ai]) => ai === '01')) return null;
  return { prefix: segments.slice(0, -1), pathAis: whole.ais, other: whole.other, compressed: true };
}

/**
 * The path's AIs checked against the URI syntax: the GTIN first, then its qualifiers once each, in order. A
 * compressed segment has no order to keep (GS1's encoder writes AIs sorted) and may carry data attributes.
 */
function checkPathOrder(parts: LinkParts): void {
  if (parts.compressed) return;
  const [first, ...qualifiers] = parts.pathAis;
  if (first?.[0] !== '01') throw new LinkError(error('notDigitalLink', 'the path must start with /01/'));
  let position = -1;
  for (const [ai] of qualifiers) {
    const index = GTIN_QUALIFIERS.indexOf(ai as (typeof GTIN_QUALIFIERS)[number]);
    if (index < 0) {
      if (!aiFormat(ai)) throw new LinkError(error('unknownAi', `${ai} is not a GS1 Application Identifier`, ai));
      throw new LinkError(error('notDigitalLink', `AI ${ai} is not a qualifier of a GTIN`, ai));
    }
    // 21 and 235 are alternatives: both at the last place.
    const place = Math.min(index, 2);
    if (place <= position) throw new LinkError(error('notDigitalLink', `AI ${ai} out of order or twice`, ai));
    position = place;
  }
}

function readQuery(search: string): { ais: [string, string][]; other: [string, string][] } {
  const ais: [string, string][] = [];
  const other: [string, string][] = [];
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const key = decode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decode(pair.slice(equals + 1), key);
    if (!/^\d+$/.test(key)) {
      other.push([key, value]);
      continue;
    }
    if (!aiFormat(key)) throw new LinkError(error('unknownAi', `${key} is not a GS1 Application Identifier`, key));
    if (PRIMARY_KEYS.has(key) || GTIN_QUALIFIERS.includes(key as never) || OTHER_QUALIFIERS.has(key))
      throw new LinkError(error('notDigitalLink', `AI ${key} belongs in the path, not the query`, key));
    ais.push([key, value]);
  }
  return { ais, other };
}

function canonicalPath(values: Map<string, string>): string {
  let path = `/01/${values.get('01')}`;
  for (const ai of GTIN_QUALIFIERS) if (values.has(ai)) path += `/${ai}/${encodeValue(values.get(ai) ?? '')}`;
  const attributes = [...values.keys()]
    .filter((ai) => ai !== '01' && !GTIN_QUALIFIERS.includes(ai as never))
    .sort()
    .map((ai) => `${ai}=${encodeValue(values.get(ai) ?? '')}`);
  return attributes.length ? `${path}?${attributes.join('&')}` : path;
}

function parse(url: URL, today: Date): DigitalLink {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new LinkError(error('notDigitalLink', 'not an http(s) URI'));
  const segments = url.pathname.split('/').slice(1);
  if (segments[segments.length - 1] === '') segments.pop(); // a trailing slash is tolerated
  const parts = readPath(segments);
  if (!parts) throw new LinkError(error('notDigitalLink', 'no GS1 Digital Link path for a GTIN'));
  checkPathOrder(parts);
  const query = readQuery(url.search);
  const values = new Map<string, string>();
  for (const [ai, value] of [...parts.pathAis, ...query.ais]) {
    if (values.has(ai)) throw new LinkError(error('badValue', `AI ${ai} twice`, ai));
    values.set(ai, value);
  }
  const rawGtin = values.get('01') ?? '';
  if (!/^\d+$/.test(rawGtin)) throw new LinkError(error('badCharacters', 'a GTIN is digits only', '01'));
  const gtin = gtin14(rawGtin);
  if (!gtin) throw new LinkError(error('badValue', 'a GTIN has 8, 12, 13 or 14 digits', '01'));
  if (!hasValidCheckDigit(gtin)) throw new LinkError(error('checkDigit', 'the GTIN check digit does not hold', '01'));
  values.set('01', gtin);
  for (const [ai, value] of values) {
    const problem = aiValueError(ai, value, today);
    if (problem) throw new LinkError(problem);
  }
  const attributes: Record<string, string> = {};
  for (const [ai, value] of values) if (ai !== '01' && ai !== '10' && ai !== '21') attributes[ai] = value;
  const path = canonicalPath(values);
  const expiry = values.get('17');
  return {
    ok: true,
    gtin,
    lot: values.get('10') ?? null,
    serial: values.get('21') ?? null,
    expiry: expiry ? gs1Date(expiry, today) : null,
    attributes,
    otherQuery: [...parts.other, ...query.other],
    pathPrefix: parts.prefix.length ? `/${parts.prefix.join('/')}` : '',
    compressed: parts.compressed,
    path,
    canonical: `${CANONICAL_HOST}${path}`,
  };
}

export function parseDigitalLink(input: string | URL, today: Date = new Date()): DigitalLinkResult {
  const url = toUrl(input);
  if (!url) return error('notDigitalLink', 'not a URI');
  try {
    return parse(url, today);
  } catch (caught) {
    if (caught instanceof LinkError) return caught.result;
    throw caught;
  }
}

export function compressDigitalLink(link: DigitalLink, stem: string, optimise = false): string {
  const ais: [string, string][] = [['01', link.gtin], ...Object.entries(link.attributes)];
  if (link.lot !== null) ais.push(['10', link.lot]);
  if (link.serial !== null) ais.push(['21', link.serial]);
  return `${stem}${link.pathPrefix}/${compressPairs(ais, optimise)}`;
}
