import { describe, expect, it } from 'vitest';
import { extractScannedCode } from '@/features/lookup/qrCode';

// What a camera or photo scan puts into the input (specification section 5).
describe('extractScannedCode', () => {
  it('takes the qr parameter of a trace URL as the code', () => {
    expect(extractScannedCode('https://trace.example.vn/dt?qr=1D24B3261X54A2320')).toEqual({
      code: '1D24B3261X54A2320',
      accepted: true,
    });
  });

  it('takes the qr parameter whatever the host, path or other parameters', () => {
    expect(extractScannedCode('http://other-host.example:8080/some/path?lng=en&qr=TH26A1105C48B0001#x')).toEqual({
      code: 'TH26A1105C48B0001',
      accepted: true,
    });
  });

  it('trims spaces around the scanned text and around the code', () => {
    expect(extractScannedCode('  https://trace.example.vn/dt?qr=%201D24B3261X54A2320%20 \n')).toEqual({
      code: '1D24B3261X54A2320',
      accepted: true,
    });
  });

  it('keeps the raw URL and refuses it when it has no qr parameter', () => {
    expect(extractScannedCode('https://trace.example.vn/dt?code=1D24B3261X54A2320')).toEqual({
      code: 'https://trace.example.vn/dt?code=1D24B3261X54A2320',
      accepted: false,
    });
  });

  it('keeps a value that is not a URL as it is, refused', () => {
    expect(extractScannedCode(' 1D24B3261X54A2320 ')).toEqual({ code: '1D24B3261X54A2320', accepted: false });
    expect(extractScannedCode('hello world')).toEqual({ code: 'hello world', accepted: false });
  });

  it('does not treat other URL schemes as trace links', () => {
    expect(extractScannedCode('mailto:x@example.com?qr=1D24B3261X54A2320').accepted).toBe(false);
  });
});
