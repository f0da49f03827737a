// The JSON behind the resolver's links (issue 39): a product by GTIN (gs1:masterData) and a lot's status
// (gs1:recallStatus), also answered in process to the page's render of those levels.
import type { FastifyInstance } from 'fastify';
import { gtin14, hasValidCheckDigit } from '../../src/contract/gs1/checkDigit.ts';
import {
  GS1_LOT_PATH,
  GS1_PRODUCT_PATH,
  type Gs1DataAnswer,
  type Gs1DataRequest,
  type Gs1LotBody,
  type Gs1ProductBody,
} from '../../src/contract/gs1/gs1Contract.ts';
import { TRACE_API_BASE_PATH } from '../../src/contract/traceContract.ts';
import type { Gs1Catalogue } from '../domain/gs1Records.ts';
import { errorBody } from '../domain/errorBody.ts';
import { JSON_TYPE } from '../http/errors.ts';
import type { LimitHook } from '../plugins/rateLimits.ts';
import { pipHref } from '../gs1/resolverLinks.ts';

const path = (template: string) =>
  `${TRACE_API_BASE_PATH}${template.replace('{gtin}', ':gtin').replace('{lot}', ':lot')}`;

export async function gs1DataAnswer(
  catalogue: Gs1Catalogue | undefined,
  pipUrl: string | undefined,
  { gtin: asked, lot }: Gs1DataRequest,
): Promise<Gs1DataAnswer> {
  const endpoint = `${TRACE_API_BASE_PATH}/gs1/01/${asked}${lot ? `/10/${lot}` : ''}`;
  const gtin = gtin14(asked);
  if (gtin === null || !hasValidCheckDigit(gtin))
    return { status: 400, body: errorBody('VALIDATION', 400, 'Not a GTIN with a valid check digit', endpoint) };
  if (lot) {
    const record = await catalogue?.lot(gtin, lot);
    if (!record) return { status: 404, body: errorBody('NOT_FOUND', 404, 'No such lot of this GTIN', endpoint) };
    const body: Gs1LotBody = {
      Gtin: record.gtin,
      Lot: record.lotCode,
      ProductCode: record.productCode,
      ProductName: record.productName,
      ProductDate: record.productDate,
      ExpireDate: record.expireDate,
      LotStatus: record.lotStatus,
      ...(record.recallReason === null ? {} : { RecallReason: record.recallReason }),
    };
    return { status: 200, body };
  }
  const product = await catalogue?.product(gtin);
  if (!product) return { status: 404, body: errorBody('NOT_FOUND', 404, 'No product with this GTIN', endpoint) };
  const body: Gs1ProductBody = {
    Gtin: product.gtin,
    ProductCode: product.productCode,
    ProductName: product.productName,
    ProductUnits: product.productUnit ? [product.productUnit] : [],
    ...(product.imageUrl === null ? {} : { ImageUrl: product.imageUrl }),
    ...(pipUrl === undefined ? {} : { PipUrl: pipHref(pipUrl, product) }),
  };
  return { status: 200, body };
}

/** The two endpoints, public (any site may read them: CORS for all), counted against the lookup budget. */
export function registerGs1Data(
  app: FastifyInstance,
  catalogue: Gs1Catalogue | undefined,
  pipUrl: string | undefined,
  limit: LimitHook | undefined,
): void {
  const answer = async (request: { params: { gtin: string; lot?: string } }, reply: import('fastify').FastifyReply) => {
    const { status, body } = await gs1DataAnswer(catalogue, pipUrl, request.params);
    return reply.code(status).type(JSON_TYPE).header('access-control-allow-origin', '*').send(JSON.stringify(body));
  };
  const onRequest = limit ? [limit] : [];
  app.get<{ Params: { gtin: string } }>(path(GS1_PRODUCT_PATH), { onRequest }, answer);
  app.get<{ Params: { gtin: string; lot: string } }>(path(GS1_LOT_PATH), { onRequest }, answer);
}
