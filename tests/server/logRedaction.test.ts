import { describe, expect, it } from 'vitest';
import { loggedAddress, loggedUrl } from '../../server/plugins/logRedaction.ts';

describe('what the access log keeps of a request', () => {
  it.each([
    ['/dt?qr=1D24B3261X54A2320', '/dt?qr=…'],
    ['/dt?lng=en&qr=1D24B3261X54A2320', '/dt?lng=…&qr=…'],
    ['/dt?qr=', '/dt?qr=…'],
    ['/dt?1D24B3261X54A2320', '/dt?…'],
    ['/dt?qr=1D24B3261X54A2320&&x', '/dt?qr=…&&…'],
    ['/qrinfo-svc/api/qr/trace', '/qrinfo-svc/api/qr/trace'],
    ['http://host.example/dt?qr=ABC', 'http://host.example/dt?qr=…'],
  ])('%s is logged as %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });

  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
    ['2001:0db8:00a1:ffff::1', '2001:db8:a1::/48'],
    ['2001:db8::7', '2001:db8:0::/48'],
    ['fe80::1%eth0', 'fe80:0:0::/48'],
    ['::1', '0:0:0::/48'],
  ])('the client %s is logged as its network %s', (ip, logged) => {
    expect(loggedAddress(ip)).toBe(logged);
  });
});
