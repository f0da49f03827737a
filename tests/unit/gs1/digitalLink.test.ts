import { describe, expect, it } from 'vitest';
import { gs1Date } from '@/contract/gs1/aiValues';
import { checkDigitOf, gtin14, hasValidCheckDigit } from '@/contract/gs1/checkDigit';
import { compressDigitalLink, parseDigitalLink, type DigitalLink } from '@/contract/gs1/digitalLink';
import { mayBeDigitalLink } from '@/contract/gs1/digitalLinkShape';

const TODAY = new Date('2026-11-27T00:00:00Z');
const parse = (text: string) => parseDigitalLink(text, TODAY);
const valid = (text: string): DigitalLink => {
  const result = parse(text);
  if (!result.ok) throw new Error(`${text}: ${result.detail}`);
  return result;
};

// GS1's published compression examples (GS1 Digital Link Compression 1.0 test vectors, unoptimised form).
const GS1_COMPRESSION_EXAMPLES = [
  ['/01/05412345000013', '/AQnYUc1gmg'],
  ['/01/05412345000013/10/ABC123', '/AQnYUc1gmiCNV4JG'],
  ['/01/05412345000013/10/ABC123/21/72292641703', '/AQnYUc1gmiCNV4JGQhcNT6K6c'],
  ['/01/05412345000013/22/AJY3095721P49/10/ABC123/21/72292641703', '/AQnYUc1gmiCNV4JGQhcNT6K6cibQCWN9Pee9tT-PQ'],
  ['/01/05412345000013/22/AJY3095721P49/10/ABC123', '/AQnYUc1gmiCNV4JGRNoBLG-nvPe2p_Ho'],
  ['/01/05412345000013/235/8TFV883a904GH%263', '/AQnYUc1gmkax7ipGrOHDPC5YNI8hMz'],
  ['/01/05412345000013/21/72292641703', '/AQnYUc1gmkIXDU-iun'],
  ['/01/05412345000013/22/AJY3095721P49/21/72292641703', '/AQnYUc1gmkIXDU-iunIm0AljfT3nvbU_j0'],
  ['/01/05412345000013/22/AJY3095721P49', '/AQnYUc1gmkTaASxvp7z3tqfx6'],
] as const;

describe('parseDigitalLink: the URI syntax', () => {
  it('reads the four path forms of a GTIN, with GS1 canonical form', () => {
    const pack = 'https://trace.brand.vn/01/08930000000002';
    expect(valid(pack)).toMatchObject({ gtin: '08930000000002', lot: null, serial: null, expiry: null });
    expect(valid(`${pack}/10/L2026A`)).toMatchObject({ lot: 'L2026A', serial: null });
    expect(valid(`${pack}/21/1D24B3261X54A2320`)).toMatchObject({ lot: null, serial: '1D24B3261X54A2320' });
    const both = valid(`${pack}/10/L2026A/21/1D24B3261X54A2320`);
    expect(both).toMatchObject({
      gtin: '08930000000002',
      lot: 'L2026A',
      serial: '1D24B3261X54A2320',
      compressed: false,
    });
    expect(both.canonical).toBe('https://id.gs1.org/01/08930000000002/10/L2026A/21/1D24B3261X54A2320');
  });

  it('pads GTIN-8, -12 and -13 to 14 digits, and keeps a path prefix and a trailing slash', () => {
    expect(valid('https://example.com/01/96385074/').gtin).toBe('00000096385074');
    expect(valid('https://example.com/01/036000291452').gtin).toBe('00036000291452');
    const prefixed = valid('https://example.com/resolver/v1/01/4006381333931/21/X1');
    expect(prefixed).toMatchObject({ gtin: '04006381333931', serial: 'X1', pathPrefix: '/resolver/v1' });
    expect(valid('/01/4006381333931/21/X1?linkType=gs1:pip')).toMatchObject({ otherQuery: [['linkType', 'gs1:pip']] });
  });

  it('decodes percent-encoding, and encodes the canonical form as GS1 does', () => {
    const link = valid('https://example.com/01/05412345000013/10/L%2F7/21/A%26B%25');
    expect(link).toMatchObject({ lot: 'L/7', serial: 'A&B%' });
    expect(link.path).toBe('/01/05412345000013/10/L%2F7/21/A%26B%25');
  });

  it("reads the query: 17 as an ISO date (day 00 = the month's last), other AIs kept, other keys passed on", () => {
    const link = valid('https://example.com/01/05412345000013/21/X?17=270200&3103=000189&linkType=all&11=260115');
    expect(link.expiry).toBe('2027-02-28');
    expect(link.attributes).toEqual({ '17': '270200', '3103': '000189', '11': '260115' });
    expect(link.otherQuery).toEqual([['linkType', 'all']]);
    expect(link.path).toBe('/01/05412345000013/21/X?11=260115&17=270200&3103=000189');
    expect(valid('https://example.com/01/05412345000013?17=280200').expiry).toBe('2028-02-29');
  });

  it('says why a text is not a valid Digital Link', () => {
    const reason = (text: string) => {
      const result = parse(text);
      return result.ok ? 'ok' : result.reason;
    };
    expect(reason('https://example.com/dt?qr=1D24B3261X54A2320')).toBe('notDigitalLink');
    expect(reason('not a link')).toBe('notDigitalLink');
    expect(reason('ftp://example.com/01/05412345000013')).toBe('notDigitalLink');
    expect(reason('https://example.com/01/05412345000012')).toBe('checkDigit');
    expect(reason('https://example.com/01/123456789/21/X')).toBe('badValue');
    expect(reason('https://example.com/01/0541234500001A')).toBe('badCharacters');
    expect(reason('https://example.com/01/05412345000013/21/X/10/Y')).toBe('notDigitalLink'); // qualifiers out of order
    expect(reason('https://example.com/01/05412345000013/17/261231')).toBe('notDigitalLink'); // an attribute in the path
    expect(reason('https://example.com/01/05412345000013/99999/X')).toBe('unknownAi');
    expect(reason('https://example.com/01/05412345000013?10=L1')).toBe('notDigitalLink'); // a qualifier in the query
    expect(reason('https://example.com/01/05412345000013?2345=1')).toBe('unknownAi');
    expect(reason('https://example.com/01/05412345000013/21/A%20B')).toBe('badCharacters'); // space: not CSET 82
    expect(reason('https://example.com/01/05412345000013/21/%C4%91')).toBe('badCharacters'); // đ: not CSET 82
    expect(reason('https://example.com/01/05412345000013/21/%E0%A4%A')).toBe('badCharacters'); // broken encoding
    expect(reason('https://example.com/01/05412345000013/21/123456789012345678901')).toBe('badValue'); // 21 chars
    expect(reason('https://example.com/01/05412345000013?17=261301')).toBe('badValue'); // month 13
    expect(reason('https://example.com/01/05412345000013?17=270230')).toBe('badValue'); // 30 February
    expect(reason('https://example.com/01/05412345000013?17=2612')).toBe('badValue');
    expect(reason('https://example.com/01/05412345000013?17=261231&17=261231')).toBe('badValue');
    expect(reason('https://example.com/01/05412345000013?3103=1x')).toBe('badCharacters');
  });
});

describe('parseDigitalLink and compressDigitalLink: GS1 Digital Link Compression 1.0', () => {
  it.each(GS1_COMPRESSION_EXAMPLES)('%s compresses to %s and back', (long, short) => {
    expect(compressDigitalLink(valid(`https://id.gs1.org${long}`), 'https://id.gs1.org')).toBe(
      `https://id.gs1.org${short}`,
    );
    const decompressed = valid(`https://id.gs1.org${short}`);
    expect(decompressed.compressed).toBe(true);
    expect(decompressed.canonical).toBe(`https://id.gs1.org${long}`);
  });

  it('round-trips a pack with expiry below a prefix, optimised or not, and the partial form', () => {
    const pack = valid('https://trace.brand.vn/p/01/08930000000002/10/L2026A/21/1D24B3261X54A2320?17=261200');
    for (const optimise of [false, true]) {
      const short = compressDigitalLink(pack, 'https://trace.brand.vn', optimise);
      expect(short).toMatch(/^https:\/\/trace\.brand\.vn\/p\/[A-Za-z0-9_-]+$/);
      expect(valid(short)).toMatchObject({ ...pack, compressed: true });
    }
  });

  it("reads GS1's partially compressed examples (the GTIN readable, its qualifiers compressed)", () => {
    expect(valid('https://id.gs1.org/01/05412345000013/EEarwSMhC4an0V04').canonical).toBe(
      'https://id.gs1.org/01/05412345000013/10/ABC123/21/72292641703',
    );
    expect(valid('https://id.gs1.org/01/05412345000013/Im0AljfT3nvbU_j0').canonical).toBe(
      'https://id.gs1.org/01/05412345000013/22/AJY3095721P49',
    );
  });

  it('keeps leading zeros of numbers inside lots and serials', () => {
    const pack = valid('https://x.vn/01/08930000000002/10/007/21/000123');
    expect(valid(compressDigitalLink(pack, 'https://x.vn'))).toMatchObject({ lot: '007', serial: '000123' });
  });

  it('refuses segments that are no compressed link', () => {
    for (const path of ['/support', '/AAAAAAAAAAAA', '/favicon.ico', '/dt']) {
      expect(parse(`https://x.vn${path}`)).toMatchObject({ ok: false, reason: 'notDigitalLink' });
    }
  });
});

describe('GS1 check digits and dates', () => {
  it('checks the GS1 mod-10 digit of GTINs', () => {
    expect(hasValidCheckDigit('4006381333931')).toBe(true);
    expect(hasValidCheckDigit('036000291452')).toBe(true);
    expect(hasValidCheckDigit('036000291453')).toBe(false);
    expect(hasValidCheckDigit('05412345000013')).toBe(true);
    expect(checkDigitOf('0893000000000')).toBe(2);
    expect(gtin14('96385074')).toBe('00000096385074');
    expect(gtin14('123456789')).toBeNull();
  });

  it("reads YYMMDD in GS1's sliding century", () => {
    expect(gs1Date('261231', TODAY)).toBe('2026-12-31');
    expect(gs1Date('760101', TODAY)).toBe('2076-01-01');
    expect(gs1Date('770101', TODAY)).toBe('1977-01-01');
    expect(gs1Date('270400', TODAY)).toBe('2027-04-30');
    expect(gs1Date('270431', TODAY)).toBeNull();
  });
});

describe('mayBeDigitalLink', () => {
  it('is true for every Digital Link form and false for the page and support addresses', () => {
    for (const [long, short] of GS1_COMPRESSION_EXAMPLES) {
      expect(mayBeDigitalLink(new URL(`https://id.gs1.org${long}`))).toBe(true);
      expect(mayBeDigitalLink(new URL(`https://id.gs1.org${short}`))).toBe(true);
    }
    for (const path of ['/dt?qr=1D24B3261X54A2320', '/support', '/', '/favicon.svg'])
      expect(mayBeDigitalLink(new URL(`https://x.vn${path}`))).toBe(false);
  });
});
