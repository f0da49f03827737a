import { describe, expect, it } from 'vitest';
import { parseDigitalLink, type DigitalLink } from '../../../src/contract/gs1/digitalLink.ts';
import { unitJsonLd } from '../../../server/gs1/jsonLd.ts';
import { linkTypeName, passedOnQuery, redirectTarget, resolverLevels } from '../../../server/gs1/resolverLinks.ts';

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

describe('one encoding of a Digital Link value', () => {
  it("writes a lot like A(1) and a serial with ! ' * the same way in the canonical URI, the linkset's anchors and the JSON-LD", () => {
    const origin = 'https://trace.brand.vn';
    const link = parseDigitalLink("/01/08930000000002/10/A(1)/21/S!'*1") as DigitalLink;
    expect(link.path).toBe('/01/08930000000002/10/A%281%29/21/S%21%27%2A1');
    const product = { gtin: link.gtin, productCode: 'SB900G', productUnit: 'lon', productName: 'Sữa', imageUrl: null };
    const lot = {
      ...product,
      lotCode: 'A(1)',
      productDate: null,
      expireDate: null,
      lotStatus: null,
      recallReason: null,
    };
    const [unit, lotLevel] = resolverLevels(link, origin, { product, lot });
    expect(unit?.anchor).toBe(`${origin}${link.path}`);
    const lotUri = `${origin}/01/08930000000002/10/A%281%29`;
    expect(lotLevel?.anchor).toBe(lotUri);
    const answer = {
      status: 200,
      body: { Data: { Products: [{ Code: link.serial, Gtin: link.gtin, Lot: 'A(1)', ProductName: 'Sữa' }] } },
    };
    const ld = unitJsonLd(link, `${origin}${link.path}`, origin, answer as never) as Record<string, unknown>;
    expect(ld['@id']).toBe(unit?.anchor);
    expect((ld.isRelatedTo as Record<string, unknown>)['@id']).toBe(lotUri);
  });
});
