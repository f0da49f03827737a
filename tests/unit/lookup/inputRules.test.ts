import { describe, expect, it } from 'vitest';
import { addressDraft, addressLookupCode, typedDraft } from '@/features/lookup/addressCode';
import { compactCode, validateCode } from '@/features/lookup/qrCode';
import { readTyped } from '@/features/lookup/scanReading';

const CODE = '1D24B3261X54A2320';
const HOSTS = ['trace.example.com'];

describe('what the shopper types or pastes', () => {
  it('takes the code from a pasted link with qr, as a scan would', () => {
    expect(readTyped(`https://trace.example.com/dt?qr=${CODE}&lng=en`, HOSTS)).toEqual({
      code: CODE,
      accepted: true,
      notices: [],
    });
  });

  it('warns about a pasted link to another site, still taking its code', () => {
    expect(readTyped(`  https://evil.example.net/dt?qr=${CODE}  `, HOSTS)).toEqual({
      code: CODE,
      accepted: true,
      notices: [{ key: 'scan.foreignHost', host: 'evil.example.net' }],
    });
  });

  it('refuses a pasted link without qr, keeping it as typed', () => {
    expect(readTyped('https://trace.example.com/dt', HOSTS)).toMatchObject({
      code: 'https://trace.example.com/dt',
      accepted: false,
    });
  });

  it.each([
    ['spaces between groups', '1D24 B326 1X54 A2320'],
    ['dashes between groups', '1D24-B326-1X54-A2320'],
    ['both, and a tab', '1D24 - B326\t1X54-A2320'],
  ])('drops %s', (_, typed) => {
    expect(readTyped(typed, HOSTS)).toEqual({ code: CODE, accepted: true, notices: [] });
  });

  it('keeps lowercase as typed (the service matches either case)', () => {
    expect(readTyped(CODE.toLowerCase(), HOSTS).code).toBe(CODE.toLowerCase());
    expect(validateCode(CODE.toLowerCase())).toBeNull();
  });
});

describe('validateCode', () => {
  it.each([
    ['a Vietnamese letter', '1D24B3261X54A232đ'],
    ['a letter with a tone mark', '1D24B3261X54A232Ư'],
    ['punctuation', '1D24B3261X54A232.'],
    ['an underscore', '1D24B3261X54_2320'],
    ['a slash', '1D24B3261X54/2320'],
    ['a full-width digit', '1D24B3261X54A232０'],
  ])('refuses %s as an invalid code', (_, code) => {
    expect(validateCode(code)).toBe('errors.invalidCode');
  });
});

/** An address as the router's location has it. */
const at = (pathname: string, search: string | URLSearchParams) => ({ pathname, search: `?${String(search)}` });

describe('the address', () => {
  it('reads its qr as typed input: spaces and dashes inside dropped, case kept', () => {
    expect(addressLookupCode(at('/dt', 'qr=ABCDEFGH-123456789'))).toBe('ABCDEFGH123456789');
    expect(addressLookupCode(at('/dt', 'qr=abcd+efgh+1234+56789'))).toBe('abcdefgh123456789');
    expect(addressLookupCode(at('/dt', 'lng=en'))).toBeNull();
    expect(addressDraft(new URLSearchParams('lng=en'), HOSTS)).toBeNull();
  });

  it("reads a link in its qr as the field's Search does: the link's code, and a warning naming another host", () => {
    // What the field's form sends when Search is tapped before the script runs, a shop's link pasted in.
    const submitted = new URLSearchParams({ qr: `https://shop.example.vn/dt?qr=${CODE}` });
    expect(addressLookupCode(at('/dt', submitted))).toBe(CODE);
    expect(addressDraft(submitted, HOSTS)).toEqual({
      text: CODE,
      error: null,
      notices: [{ key: 'scan.foreignHost', host: 'shop.example.vn' }],
    });
    expect(addressDraft(submitted, HOSTS)).toEqual(typedDraft(submitted.get('qr')!, HOSTS));
    // The brand's own link, and a link without a code, which is refused as on the live page.
    expect(addressDraft(new URLSearchParams({ qr: `https://trace.example.com/dt?qr=${CODE}` }), HOSTS)).toEqual({
      text: CODE,
      error: null,
      notices: [],
    });
    const codeless = new URLSearchParams({ qr: 'https://trace.example.com/about' });
    expect(addressLookupCode(at('/dt', codeless))).toBeNull();
    expect(addressDraft(codeless, HOSTS)?.error).toBe('errors.invalidCode');
  });

  it('compacts a code the same way everywhere', () => {
    expect(compactCode(' 1D24-B326 ')).toBe('1D24B326');
  });
});
