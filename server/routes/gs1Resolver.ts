// The GS1-Conformant Resolver on the service's own host (issue 39, points 2, 3 and 6): /01/{gtin}… and compressed
// Digital Links. A browser asking for HTML gets the page in place (server-rendered, no redirect); a client asking
// for the linkset gets it (RFC 9264, GS1's profile); a linkType gets a 307 to that link or 404; anything else the
// 307 to the default link, the request's query passed on. A malformed URI is a 400.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseDigitalLink, type DigitalLink } from '../../src/contract/gs1/digitalLink.ts';
import { mayBeDigitalLink } from '../../src/contract/gs1/digitalLinkShape.ts';
import type { TraceWireAnswer } from '../../src/contract/traceContract.ts';
import type { Gs1Catalogue } from '../domain/gs1Records.ts';
import { JSON_TYPE, sendError } from '../http/errors.ts';
import type { BudgetVerdict } from '../plugins/rateLimits.ts';
import type { PageRenderer } from './pageRender.ts';
import { setRenderExtras } from './renderExtras.ts';
import { gs1DataAnswer } from './gs1Data.ts';
import { gs1LotPath, gs1ProductPath, type Gs1LevelAnswer } from '../../src/contract/gs1/gs1Contract.ts';
import { jsonLdScript, lotJsonLd, productJsonLd, unitJsonLd } from '../gs1/jsonLd.ts';
import {
  LINKSET_CONTEXT,
  linkFor,
  linkset,
  passedOnQuery,
  redirectTarget,
  resolverLevels,
  type KnownData,
} from '../gs1/resolverLinks.ts';

export const RESOLVER_DESCRIPTION_PATH = '/.well-known/gs1resolver';
const METHODS = 'GET, HEAD, OPTIONS';
/** Only to read a request's query: a fixed base, so a malformed Host can never make the parse throw. */
const QUERY_BASE = 'http://x.invalid';

/**
 * Another site's checker (GS1's conformance tester among them) must read every resolver answer: CORS for any
 * origin, and none of the page's Cross-Origin-Resource-Policy: same-origin.
 */
function openToOtherSites(reply: FastifyReply): void {
  reply.removeHeader('cross-origin-resource-policy');
  // A lot's status and links change with each import (a recall must show at once): a cache may keep an answer
  // only to ask again before using it.
  reply.header('cache-control', 'no-cache');
  reply.removeHeader('cross-origin-opener-policy');
  reply.headers({
    'access-control-allow-origin': '*',
    'access-control-allow-methods': METHODS,
    'access-control-allow-headers': 'Accept, Accept-Language',
    'access-control-expose-headers': 'Link, Location',
    'access-control-max-age': '600',
    vary: 'Accept',
  });
}

/** Whether a path is the resolver's: OPTIONS is answered there (everywhere else outside the API only GET and HEAD). */
export function isResolverPath(path: string): boolean {
  return path.startsWith('/01/') || path === RESOLVER_DESCRIPTION_PATH || /^\/[A-Za-z0-9_-]{10,}\/?$/.test(path);
}

export interface ResolverOptions {
  catalogue: Gs1Catalogue | undefined;
  /** GS1_PIP_URL: the brand's product page, for gs1:pip. */
  pipUrl: string | undefined;
  /** PUBLIC_ORIGIN: the origin links point to; without it they are relative (never built from Host). */
  publicOrigin: string | undefined;
  /** The page's render (guarded: it takes the client's lookup budget itself); none without a server build. */
  render: PageRenderer | undefined;
  /** One lookup from the client's budget, for answers that are not a page render. */
  takeLookup?: (request: FastifyRequest) => Promise<BudgetVerdict>;
  /** The brand's name from the page's build, which names the resolver; none without a server build. */
  brand?: string;
}

export interface Resolver {
  /** Answers a compressed Digital Link at the root; false when the path is none (the caller goes on). */
  resolveCompressed(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | false;
}

export function registerResolver(app: FastifyInstance, options: ResolverOptions): Resolver {
  const { catalogue, pipUrl, publicOrigin, render, takeLookup, brand } = options;
  // Absolute links only on PUBLIC_ORIGIN; without it relative references, as the rest of the service does: Host and
  // X-Forwarded-Host are the client's to forge, and a shared cache would keep what they planted. A relative
  // Location is valid HTTP (RFC 9110, 10.2.2); a Link target and a linkset's anchor are URI references resolved
  // against the request's own URI (RFC 8288, 3.1; RFC 9264, 4.2.2), that is this resolver's address.
  const origin = publicOrigin ?? '';

  async function known(link: DigitalLink): Promise<KnownData> {
    if (catalogue === undefined) return { product: undefined, lot: undefined };
    const [product, lot] = await Promise.all([
      catalogue.product(link.gtin),
      link.lot === null ? undefined : catalogue.lot(link.gtin, link.lot),
    ]);
    return { product, lot };
  }

  async function renderInPlace(
    request: FastifyRequest,
    reply: FastifyReply,
    link: DigitalLink,
    origin: string,
    linkHeader: string,
  ): Promise<FastifyReply> {
    const longUri = `${origin}${link.path}`;
    const data = link.serial === null ? await known(link) : undefined;
    // A lot's or a product's page shows its JSON from the first HTML (the lot's status), not after a fetch.
    const gs1Level: Gs1LevelAnswer | undefined =
      link.serial === null
        ? {
            path: link.lot === null ? gs1ProductPath(link.gtin) : gs1LotPath(link.gtin, link.lot),
            ...(await gs1DataAnswer(catalogue, pipUrl, { gtin: link.gtin, lot: link.lot })),
          }
        : undefined;
    let firstAnswer: TraceWireAnswer | undefined;
    setRenderExtras(request, {
      request: { gs1Level },
      onTrace: (answer) => (firstAnswer ??= answer),
      head: () => {
        const ld =
          link.serial !== null
            ? firstAnswer && unitJsonLd(link, longUri, origin, firstAnswer)
            : data?.lot
              ? lotJsonLd(longUri, data.lot)
              : data?.product && link.lot === null
                ? productJsonLd(longUri, origin, data.product)
                : undefined;
        return ld ? jsonLdScript(ld) : '';
      },
      // A unit's page is one code's answer for one visitor, as /dt is: never indexed.
      headers: { link: linkHeader, ...(link.serial === null ? {} : { 'x-robots-tag': 'noindex' }) },
    });
    return (render as PageRenderer)(request, reply);
  }

  async function resolve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (request.method === 'OPTIONS') {
      openToOtherSites(reply);
      return reply.code(204).header('allow', METHODS).send();
    }
    const link = parseDigitalLink(request.url);
    const accept = request.headers.accept ?? '';
    const wantsHtml = /text\/html/i.test(accept) && !/application\/linkset\+json/i.test(accept);
    const linkType = link.ok ? link.otherQuery.find(([key]) => key === 'linkType')?.[1] : undefined;
    // A shopper's browser: the page at this address, rendered here. A malformed link too: the page says why.
    if (wantsHtml && linkType === undefined && render !== undefined) {
      if (!link.ok) return render(request, reply);
      return renderInPlace(request, reply, link, origin, linksetHeader(origin, link));
    }
    openToOtherSites(reply);
    if (takeLookup) {
      const budget = await takeLookup(request);
      if (budget.isExceeded) {
        reply.header('retry-after', String(budget.ttlInSeconds));
        return sendError(request, reply, 'RATE_LIMIT', 429, 'Too many requests; try again shortly');
      }
    }
    if (!link.ok) return sendError(request, reply, 'VALIDATION', 400, `Not a valid GS1 Digital Link: ${link.detail}`);
    reply.header('link', linksetHeader(origin, link));
    const levels = resolverLevels(link, origin, await known(link), pipUrl);
    if (levels.length === 0) return sendError(request, reply, 'NOT_FOUND', 404, `No links for GTIN ${link.gtin}`);
    const asksLinkset =
      linkType === 'linkset' ||
      linkType === 'all' ||
      (linkType === undefined && /application\/(linkset\+|ld\+)?json/i.test(accept));
    if (asksLinkset) {
      const ld = /application\/ld\+json/i.test(accept);
      const type =
        /application\/linkset\+json/i.test(accept) || !/json/i.test(accept)
          ? 'application/linkset+json'
          : ld
            ? 'application/ld+json'
            : 'application/json';
      reply.header(
        'link',
        `${reply.getHeader('link')}, <${LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`,
      );
      return reply
        .code(200)
        .type(type)
        .send(JSON.stringify(linkset(levels, ld)));
    }
    const target = linkType === undefined ? levels[0]?.links.defaultLink : linkFor(levels, linkType);
    if (target === undefined) return sendError(request, reply, 'NOT_FOUND', 404, `No link of type ${linkType}`);
    return reply
      .code(307)
      .header('location', redirectTarget(target.href, passedOnQuery(new URL(request.url, QUERY_BASE).search)))
      .send();
  }

  app.route({ method: ['GET', 'OPTIONS'], url: '/01/*', handler: resolve });
  const description = JSON.stringify(resolverDescription(publicOrigin ?? '/', brand));
  app.route({
    method: ['GET', 'OPTIONS'],
    url: RESOLVER_DESCRIPTION_PATH,
    handler: (request, reply) => {
      openToOtherSites(reply);
      if (request.method === 'OPTIONS') return reply.code(204).header('allow', METHODS).send();
      return reply.type(JSON_TYPE).send(description);
    },
  });
  return {
    resolveCompressed(request, reply) {
      const path = request.url.split('?')[0] ?? '';
      if (!/^\/[A-Za-z0-9_-]{10,}\/?$/.test(path) || !mayBeDigitalLink(new URL(path, 'https://x.invalid')))
        return false;
      if (!parseDigitalLink(path).ok) return false; // an ordinary path of the page (its not-found page)
      return resolve(request, reply);
    },
  };
}

/** The Link header of every resolver answer: the linkset, and for a compressed request its uncompressed form. */
function linksetHeader(origin: string, link: DigitalLink): string {
  const path = link.path.split('?')[0];
  const linksetLink = `<${origin}${path}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`;
  return link.compressed ? `${linksetLink}, <${origin}${link.path}>; rel="owl:sameAs"` : linksetLink;
}

/**
 * `/.well-known/gs1resolver` (GS1-Conformant Resolver 1.2, section 3). Its name is the brand's (a resolver names
 * whose links it serves); without a server build the service does not know the brand, and names none.
 */
export function resolverDescription(origin: string, brand: string | undefined): object {
  return {
    name: brand ? `${brand}: GS1 Digital Link resolver` : 'GS1 Digital Link resolver',
    resolverRoot: origin,
    supportedPrimaryKeys: ['01'],
    supportedLinkType: [{ namespace: 'https://ref.gs1.org/voc/', prefix: 'gs1:' }],
    linkTypeDefaultCanBeLinkset: false,
    jsonLdContextLocation: LINKSET_CONTEXT,
  };
}
