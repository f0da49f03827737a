import { describe, expect, it } from 'vitest';
import { addressLookupCode, lookupAddress, readAddress } from '@/features/lookup/addressCode';
import { compressDigitalLink, parseDigitalLink, type DigitalLink } from '@/contract/gs1/digitalLink';
import { installLinkParser } from '@/features/lookup/digitalLink/linkParser';

// As the Digital Link route's chunk, the server render and the desk do before reading a link.
installLinkParser(parseDigitalLink);

const CODE = '1D24B3261X54A2320';
const GTIN = '08930000000002';
const HOSTS = ['trace.example.com'];
const at = (url: string) => {
  const { pathname, search } = new URL(url, 'https://trace.example.com');
  return { pathname, search };
};

describe('readAddress: one reading of the address for the server render and the live page', () => {
  it("reads /dt?qr= as it always did, with no pack's link to check", () => {
    expect(readAddress(at(`/dt?qr=${CODE}`), HOSTS)).toEqual({
      kind: 'code',
      draft: { text: CODE, error: null, notices: [] },
      pack: null,
    });
    expect(readAddress(at('/dt?lng=en'), HOSTS)).toEqual({ kind: 'none' });
  });

  it("reads a Digital Link's serial as the code, with what its pack says", () => {
    expect(readAddress(at(`/01/${GTIN}/10/L2026A/21/${CODE}`), HOSTS)).toEqual({
      kind: 'code',
      draft: { text: CODE, error: null, notices: [] },
      pack: { gtin: GTIN, lot: 'L2026A', expiry: null },
    });
    expect(addressLookupCode(at(`/01/${GTIN}/21/${CODE}`))).toBe(CODE);
    // Below a folder, and with a trailing slash, as a resolver may be hosted.
    expect(addressLookupCode(at(`/gs1/01/${GTIN}/21/${CODE}/`))).toBe(CODE);
  });

  it("shows a serial that is no trace code in the field with the specification's error, and looks nothing up", () => {
    const ask = readAddress(at(`/01/${GTIN}/21/SHORT1`), HOSTS);
    expect(ask).toMatchObject({ kind: 'code', draft: { text: 'SHORT1', error: 'errors.invalidCode' } });
    expect(addressLookupCode(at(`/01/${GTIN}/21/SHORT1`))).toBeNull();
  });

  it('reads a compressed Digital Link as its long form', () => {
    const long = parseDigitalLink(`https://trace.example.com/01/${GTIN}/10/L2026A/21/${CODE}?17=280600`) as DigitalLink;
    const compressed = at(compressDigitalLink(long, 'https://trace.example.com'));
    expect(compressed.pathname).not.toContain('/01/');
    expect(readAddress(compressed, HOSTS)).toEqual({
      kind: 'code',
      draft: { text: CODE, error: null, notices: [] },
      // Day 00 is the month's last day.
      pack: { gtin: GTIN, lot: 'L2026A', expiry: '2028-06-30' },
    });
  });

  it('reads a lot alone and a GTIN alone as such', () => {
    expect(readAddress(at(`/01/${GTIN}/10/L2026A`), HOSTS)).toEqual({ kind: 'lot', gtin: GTIN, lot: 'L2026A' });
    expect(readAddress(at(`/01/${GTIN}`), HOSTS)).toEqual({ kind: 'product', gtin: GTIN });
  });

  it("is no Digital Link with a wrong check digit (the issue's own example, 08930000000001, is one)", () => {
    expect(readAddress(at(`/01/08930000000001/21/${CODE}`), HOSTS)).toEqual({ kind: 'none' });
  });
});

describe('lookupAddress: where a search goes', () => {
  it('stays on the page, other parameters kept', () => {
    expect(lookupAddress(at('/dt?lng=en&qr=OLD'), CODE)).toEqual({ pathname: '/dt', search: `?lng=en&qr=${CODE}` });
    expect(lookupAddress(at('/?again=1'), CODE)).toEqual({ pathname: '/', search: `?qr=${CODE}` });
  });

  it("leaves a Digital Link's address for /dt: the link's path and attributes are its pack's", () => {
    expect(lookupAddress(at(`/01/${GTIN}/10/L2026A/21/${CODE}?17=280612`), 'HP26A1105C48B0001')).toEqual({
      pathname: '/dt',
      search: '?qr=HP26A1105C48B0001',
    });
  });
});
