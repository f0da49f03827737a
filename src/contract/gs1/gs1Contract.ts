// What the service's GS1 Digital Link resolver shares with the page (issue 39): the JSON of a lot's status and
// of a product by GTIN, and that JSON for the server render of a lot's or a product's page (the page reads the
// pack itself from its own address).
import type { LotStatus, PageRenderRequest, TraceErrorBody, WireValue } from '../traceContract.ts';

/** The service's JSON endpoints behind the resolver's links, below TRACE_API_BASE_PATH. */
export const GS1_PRODUCT_PATH = '/gs1/01/{gtin}';
export const GS1_LOT_PATH = '/gs1/01/{gtin}/10/{lot}';

/** The path of a product's JSON (below TRACE_API_BASE_PATH). */
export function gs1ProductPath(gtin: string): string {
  return `/gs1/01/${gtin}`;
}

/** The path of a lot's status JSON (below TRACE_API_BASE_PATH): the resolver's gs1:recallStatus link. */
export function gs1LotPath(gtin: string, lot: string): string {
  return `/gs1/01/${gtin}/10/${encodeURIComponent(lot)}`;
}

/** A product by its GTIN (the resolver's level /01/{gtin}): the catalogue's fields, as the trace answer names them. */
export interface Gs1ProductBody {
  Gtin: string;
  ProductCode: string;
  ProductName: WireValue;
  /** The packaging units the product is sold in (a box, a carton…), as the catalogue names them. */
  ProductUnits: string[];
  ImageUrl?: string | null;
  /** The brand's product page (gs1:pip), where one is configured. */
  PipUrl?: string | null;
}

/** A lot's status (the resolver's level /01/{gtin}/10/{lot} and its gs1:recallStatus link). */
export interface Gs1LotBody {
  Gtin: string;
  Lot: string;
  ProductCode: string;
  ProductName: WireValue;
  ProductDate: WireValue;
  ExpireDate: WireValue;
  /** Null when the import did not say. */
  LotStatus: LotStatus | null;
  RecallReason?: string | null;
}

export type Gs1DataBody = Gs1ProductBody | Gs1LotBody;

/** A request for the data of a resolver level: the product (no lot) or the lot. */
export interface Gs1DataRequest {
  gtin: string;
  lot?: string | null;
}

/** The answer as HTTP carries it: 200 with the body, 404 / 400 with the trace service's error body. */
export interface Gs1DataAnswer {
  status: number;
  body: Gs1DataBody | TraceErrorBody;
}

/** A lot's or product's JSON as the service answered it at `path` (gs1LotPath / gs1ProductPath). */
export interface Gs1LevelAnswer extends Gs1DataAnswer {
  path: string;
}

/** The render request of a Digital Link naming a lot or a product: its JSON, so the first HTML shows it. */
export interface Gs1PageRenderRequest extends PageRenderRequest {
  gs1Level?: Gs1LevelAnswer;
}
