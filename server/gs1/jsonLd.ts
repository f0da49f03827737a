// schema.org JSON-LD for the page at a Digital Link address (issue 39, point 6): what search engines and other
// systems read of the pack. Only what the record confirms: nothing when the code is unknown, or when the
// record's GTIN (or lot) is not the URI's (the page then warns of a copy; the data must not vouch for it).
import type { TraceResponse, TraceWireAnswer } from '../../src/contract/traceContract.ts';
import type { DigitalLink } from '../../src/contract/gs1/digitalLink.ts';
import { encodeDigitalLinkValue } from '../../src/contract/gs1/digitalLinkValue.ts';
import type { Gs1LotRecord, Gs1ProductRecord } from '../domain/gs1Records.ts';

/** A picture's address: absolute on PUBLIC_ORIGIN, as imported (relative to this host) without it. */
const imageHref = (url: string, origin: string): string => (origin === '' ? url : new URL(url, origin).href);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/** Keys with no value dropped, so the block says nothing it does not know. */
function compact(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

function lotNode(lotUri: string, name: string | undefined, gtin: string, lot: string) {
  return compact({
    '@type': 'SomeProducts',
    '@id': lotUri,
    name,
    gtin,
    identifier: lot,
    hasGS1DigitalLink: lotUri,
  });
}

/** The unit's or carton's IndividualProduct, from its trace answer; undefined when the record does not confirm the URI. */
export function unitJsonLd(
  link: DigitalLink,
  longUri: string,
  origin: string,
  answer: TraceWireAnswer,
): object | undefined {
  if (answer.status !== 200 || link.serial === null) return undefined;
  const body = answer.body as TraceResponse;
  const item = body.Data?.Products?.[0] ?? body.Data?.Box?.[0];
  if (!item || item.Gtin !== link.gtin) return undefined;
  if (link.lot !== null && item.Lot !== link.lot) return undefined;
  const name = text(item.ProductName);
  const lot = text(item.Lot);
  return compact({
    '@context': 'https://schema.org',
    '@type': 'IndividualProduct',
    '@id': longUri,
    name,
    gtin: link.gtin,
    serialNumber: link.serial,
    productID: text(item.ProductCode),
    productionDate: text(item.ProductDate),
    hasGS1DigitalLink: longUri,
    image: typeof item.ImageUrl === 'string' ? imageHref(item.ImageUrl, origin) : undefined,
    isRelatedTo: lot
      ? lotNode(`${origin}/01/${link.gtin}/10/${encodeDigitalLinkValue(lot)}`, name, link.gtin, lot)
      : undefined,
  });
}

/** The lot's SomeProducts (the page at /01/{gtin}/10/{lot}). */
export function lotJsonLd(longUri: string, lot: Gs1LotRecord): object {
  return {
    '@context': 'https://schema.org',
    ...lotNode(longUri, lot.productName ?? undefined, lot.gtin, lot.lotCode),
  };
}

/** The product's Product (the page at /01/{gtin}). */
export function productJsonLd(longUri: string, origin: string, product: Gs1ProductRecord): object {
  return compact({
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': longUri,
    name: product.productName ?? undefined,
    gtin: product.gtin,
    productID: product.productCode,
    hasGS1DigitalLink: longUri,
    image: product.imageUrl === null ? undefined : imageHref(product.imageUrl, origin),
  });
}

/**
 * The block for the page's head. A `type="application/ld+json"` script is a data block: browsers never run it,
 * so the page's CSP (script-src by hash) does not apply to it. `<` is escaped so no value can close the element.
 */
export function jsonLdScript(data: object): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
