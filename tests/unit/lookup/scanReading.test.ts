import { describe, expect, it } from 'vitest';
import { readScan } from '@/features/lookup/scanReading';
import type { Symbology } from '@/features/scanner/decode/decodedCode';
import { parseDigitalLink } from '@/contract/gs1/digitalLink';
import { installLinkParser } from '@/features/lookup/digitalLink/linkParser';

// As the Digital Link route's chunk, the server render and the desk do before reading a link.
installLinkParser(parseDigitalLink);

const TRUSTED = ['trace.example.vn', 'localhost'];
const read = (text: string, symbology: Symbology = 'qr') => readScan({ text, symbology }, TRUSTED);

// What a camera or photo scan puts into the input (specification section 5), and what the visitor is told.
describe('readScan: the specification rules', () => {
  it('takes the qr parameter of a trace URL as the code', () => {
    expect(read('https://trace.example.vn/dt?qr=1D24B3261X54A2320')).toEqual({
      code: '1D24B3261X54A2320',
      accepted: true,
      notices: [],
    });
  });

  it('trims spaces around the scanned text and around the code', () => {
    expect(read('  https://trace.example.vn/dt?qr=%201D24B3261X54A2320%20 \n')).toMatchObject({
      code: '1D24B3261X54A2320',
      accepted: true,
    });
  });

  it('keeps the raw URL and refuses it when it has no qr parameter', () => {
    expect(read('https://trace.example.vn/dt?code=1D24B3261X54A2320')).toEqual({
      code: 'https://trace.example.vn/dt?code=1D24B3261X54A2320',
      accepted: false,
      notices: [],
    });
  });

  it('keeps a value that is not a URL as it is, refused', () => {
    expect(read(' 1D24B3261X54A2320 ')).toEqual({ code: '1D24B3261X54A2320', accepted: false, notices: [] });
    expect(read('hello world')).toEqual({ code: 'hello world', accepted: false, notices: [] });
  });

  it('does not treat other URL schemes as trace links', () => {
    expect(read('mailto:x@example.com?qr=1D24B3261X54A2320').accepted).toBe(false);
  });
});

describe('readScan: what the visitor is told', () => {
  it('an EAN/UPC product barcode is refused with its own message, even when its digits could be a code', () => {
    expect(read('8934673573016', 'productBarcode')).toEqual({
      code: '8934673573016',
      accepted: false,
      notices: [{ key: 'scan.productBarcode' }],
    });
  });

  it('a link to another site still gives its qr code, with a warning naming the host', () => {
    expect(read('http://Other-Host.example:8080/some/path?lng=en&qr=TH26A1105C48B0001#x')).toEqual({
      code: 'TH26A1105C48B0001',
      accepted: true,
      notices: [{ key: 'scan.foreignHost', host: 'other-host.example' }],
    });
  });

  it('a link to another site without a code is refused, with the same warning', () => {
    expect(read('https://phish.example.com/login')).toEqual({
      code: 'https://phish.example.com/login',
      accepted: false,
      notices: [{ key: 'scan.foreignHost', host: 'phish.example.com' }],
    });
  });

  it("a GS1 Digital Link with a 17–18 character serial gives the serial as the code, and the link's address here", () => {
    expect(read('https://trace.example.vn/01/08934673573016/10/LOT42/21/1D24B3261X54A2320')).toEqual({
      code: '1D24B3261X54A2320',
      accepted: true,
      notices: [],
      address: '/01/08934673573016/10/LOT42/21/1D24B3261X54A2320',
    });
    // Another host's link is shown here, on the brand's own page, with the warning naming that host.
    expect(read('https://id.brand.example/01/08934673573016/21/TH26A1105C48B0001')).toEqual({
      code: 'TH26A1105C48B0001',
      accepted: true,
      notices: [{ key: 'scan.foreignHost', host: 'id.brand.example' }],
      address: '/01/08934673573016/21/TH26A1105C48B0001',
    });
  });

  it('a GS1 Digital Link without a serial names the product only: refused, with a message', () => {
    expect(read('https://trace.example.vn/01/08934673573016/10/LOT42')).toEqual({
      code: 'https://trace.example.vn/01/08934673573016/10/LOT42',
      accepted: false,
      notices: [{ key: 'scan.gs1WithoutSerial' }],
    });
  });

  it('a Digital Link serial that is not a trace code is refused like any other link', () => {
    expect(read('https://trace.example.vn/01/08934673573016/21/12345')).toEqual({
      code: 'https://trace.example.vn/01/08934673573016/21/12345',
      accepted: false,
      notices: [],
    });
  });

  it('the qr parameter wins over a Digital Link path', () => {
    expect(read('https://trace.example.vn/01/08934673573016/21/TH26A1105C48B0001?qr=1D24B3261X54A2320').code).toBe(
      '1D24B3261X54A2320',
    );
  });
});
