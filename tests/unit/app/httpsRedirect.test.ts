import { describe, expect, it } from 'vitest';
import { httpsRedirectTarget } from '@/app/httpsRedirect';

const at = (href: string) => {
  const url = new URL(href);
  return { href, protocol: url.protocol, hostname: url.hostname };
};

describe('httpsRedirectTarget', () => {
  it('sends http to the same address over https, keeping path, query and hash', () => {
    expect(httpsRedirectTarget(at('http://shop.example.com/dt?qr=1D24B3261X54A2320&lng=en#top'))).toBe(
      'https://shop.example.com/dt?qr=1D24B3261X54A2320&lng=en#top',
    );
  });

  it('drops an http port, which https does not share', () => {
    expect(httpsRedirectTarget(at('http://shop.example.com:8080/dt'))).toBe('https://shop.example.com/dt');
  });

  it.each(['http://localhost:5173/dt', 'http://127.0.0.1:8080/', 'http://[::1]:8080/x', 'https://shop.example.com/dt'])(
    'leaves %s alone',
    (href) => {
      expect(httpsRedirectTarget(at(href))).toBeNull();
    },
  );
});
