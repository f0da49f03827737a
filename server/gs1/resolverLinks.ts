// The GS1-Conformant Resolver's links for a Digital Link (issue 39), as plain data: which levels the URI names
// (the GTIN, its lot, the unit's serial), the links each level has, the RFC 9264 linkset, and which link a
// request's linkType picks. The routes (resolverRoutes.ts) only read a request and send what this decides.
import { TRACE_API_BASE_PATH } from '../../src/contract/traceContract.ts';
import { gs1LotPath, gs1ProductPath } from '../../src/contract/gs1/gs1Contract.ts';
import type { DigitalLink } from '../../src/contract/gs1/digitalLink.ts';
import { encodeDigitalLinkValue } from '../../src/contract/gs1/digitalLinkValue.ts';
import type { Gs1LotRecord, Gs1ProductRecord } from '../domain/gs1Records.ts';

/** GS1's web vocabulary, as linksets name link types (GS1 normalises gs1:, gs1.org/voc/ and ref.gs1.org/voc/). */
export const GS1_VOC = 'https://ref.gs1.org/voc/';
/** The JSON-LD context of GS1 linksets, sent in a Link header with every linkset. */
export const LINKSET_CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';

export type LinkType = 'traceability' | 'recallStatus' | 'masterData' | 'pip' | 'defaultLink';

export interface ResolverLink {
  href: string;
  title: string;
  type?: string;
  hreflang?: string[];
}

/** One level of the URI (its anchor, uncompressed, on this host) and the links it has. */
export interface ResolverLevel {
  anchor: string;
  itemDescription: string | undefined;
  links: Partial<Record<LinkType, ResolverLink>>;
}

/** What the service knows of the URI's GTIN and lot; the unit's serial is not looked up for links. */
export interface KnownData {
  product: Gs1ProductRecord | undefined;
  lot: Gs1LotRecord | undefined;
}

const PAGE_LANGUAGES = ['vi', 'en'];
const encode = encodeDigitalLinkValue;

/** The brand's product page from GS1_PIP_URL's template. */
export function pipHref(template: string, product: Gs1ProductRecord): string {
  return template.replaceAll('{gtin}', product.gtin).replaceAll('{productCode}', encode(product.productCode));
}

/**
 * The levels of the URI, most granular first, each with its links; an empty list when the GTIN is unknown (the
 * resolver then answers 404). A lot the service does not know has no level (its links would point nowhere).
 */
export function resolverLevels(
  link: DigitalLink,
  origin: string,
  known: KnownData,
  pipTemplate?: string,
): ResolverLevel[] {
  const { product, lot } = known;
  if (product === undefined) return [];
  const name = product.productName ?? undefined;
  const productPath = `/01/${link.gtin}`;
  const levels: ResolverLevel[] = [];
  if (link.serial !== null) {
    const page = `${origin}/dt?qr=${encode(link.serial)}`;
    const lotPath = link.lot === null ? '' : `/10/${encode(link.lot)}`;
    levels.push({
      anchor: `${origin}${productPath}${lotPath}/21/${encode(link.serial)}`,
      itemDescription: name && `${name}, ${link.serial}`,
      links: {
        traceability: {
          href: page,
          title: 'Thông tin truy xuất / Trace information',
          type: 'text/html',
          hreflang: PAGE_LANGUAGES,
        },
        defaultLink: { href: page, title: 'Thông tin truy xuất / Trace information' },
      },
    });
  }
  if (link.lot !== null && lot !== undefined) {
    const status = `${origin}${TRACE_API_BASE_PATH}${gs1LotPath(link.gtin, link.lot)}`;
    levels.push({
      anchor: `${origin}${productPath}/10/${encode(link.lot)}`,
      itemDescription: name && `${name}, ${link.lot}`,
      links: {
        recallStatus: { href: status, title: 'Tình trạng lô / Lot status', type: 'application/json' },
        traceability: {
          href: `${origin}${productPath}/10/${encode(link.lot)}`,
          title: 'Lô sản phẩm / Product lot',
          type: 'text/html',
          hreflang: PAGE_LANGUAGES,
        },
        defaultLink: { href: status, title: 'Tình trạng lô / Lot status' },
      },
    });
  }
  const masterData = `${origin}${TRACE_API_BASE_PATH}${gs1ProductPath(link.gtin)}`;
  const pip = pipTemplate === undefined ? undefined : pipHref(pipTemplate, product);
  levels.push({
    anchor: `${origin}${productPath}`,
    itemDescription: name,
    links: {
      ...(pip ? { pip: { href: pip, title: 'Trang sản phẩm / Product page', type: 'text/html' } } : {}),
      masterData: { href: masterData, title: 'Thông tin sản phẩm / Product data', type: 'application/json' },
      traceability: {
        href: `${origin}${productPath}`,
        title: 'Sản phẩm / Product',
        type: 'text/html',
        hreflang: PAGE_LANGUAGES,
      },
      defaultLink: pip
        ? { href: pip, title: 'Trang sản phẩm / Product page' }
        : { href: masterData, title: 'Thông tin sản phẩm / Product data' },
    },
  });
  return levels;
}

/** A linkType as a client may write it (`gs1:pip`, `https://gs1.org/voc/pip`, `https://ref.gs1.org/voc/pip`…). */
export function linkTypeName(linkType: string): string {
  return linkType.replace(/^(gs1:|https?:\/\/(www\.|ref\.)?gs1\.org\/voc\/)/i, '');
}

/** The link a linkType asks for, from the most granular level that has one; undefined: none (404). */
export function linkFor(levels: readonly ResolverLevel[], linkType: string): ResolverLink | undefined {
  const name = linkTypeName(linkType);
  for (const level of levels) {
    const found = level.links[name as LinkType];
    if (found) return found;
  }
  return undefined;
}

/** The RFC 9264 linkset (GS1's profile): one object per level, link types as GS1 vocabulary URIs. */
export function linkset(levels: readonly ResolverLevel[], withContext: boolean): object {
  return {
    ...(withContext ? { '@context': LINKSET_CONTEXT } : {}),
    linkset: levels.map(({ anchor, itemDescription, links }) => ({
      anchor,
      ...(itemDescription ? { itemDescription } : {}),
      ...Object.fromEntries(Object.entries(links).map(([type, link]) => [`${GS1_VOC}${type}`, [link]])),
    })),
  };
}

/**
 * The query a redirect passes on: every pair of the request but linkType, in order, as it came; a byte outside
 * printable ASCII (a header cannot carry it) percent-encoded.
 */
export function passedOnQuery(search: string): string {
  const pairs = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && !/^linkType(=|$)/.test(pair));
  return pairs.join('&').replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}

/** The redirect's target: the link with the request's query added. */
export function redirectTarget(href: string, query: string): string {
  if (query === '') return href;
  return `${href}${href.includes('?') ? '&' : '?'}${query}`;
}
