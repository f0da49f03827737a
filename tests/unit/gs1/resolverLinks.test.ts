import { describe, expect, it } from 'vitest';
import { linkTypeName, passedOnQuery, redirectTarget } from '../../../server/gs1/resolverLinks.ts';

describe('the resolver redirect', () => {
  it('passes every pair of the query on but linkType, and keeps the Location header printable', () => {
    expect(passedOnQuery('?linkType=gs1:pip&foo=bar&17=280612')).toBe('foo=bar&17=280612');
    expect(passedOnQuery('?a=sữa b')).toBe('a=s%E1%BB%AFa%20b');
    expect(redirectTarget('https://x.vn/dt?qr=ABC', 'foo=bar')).toBe('https://x.vn/dt?qr=ABC&foo=bar');
    expect(redirectTarget('https://x.vn/p', '')).toBe('https://x.vn/p');
  });

  it('reads a link type in any of the forms GS1 allows', () => {
    for (const form of [
      'gs1:pip',
      'https://gs1.org/voc/pip',
      'https://ref.gs1.org/voc/pip',
      'http://www.gs1.org/voc/pip',
    ])
      expect(linkTypeName(form)).toBe('pip');
  });
});
