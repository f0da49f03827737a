// The trace service's wire contract, shared by the page (as types) and the reference service.
// Field names keep the service's PascalCase on purpose: they are the contract.
// Its JSON schemas are the service's alone (server/http/schemas.ts), tied to these types there.

export const TRACE_API_BASE_PATH = '/qrinfo-svc/api';
export const TRACE_PATH = '/qr/trace';
/** The lookup's path on the service, as errors report it in `EndPoint`. */
export const TRACE_URL_PATH = `${TRACE_API_BASE_PATH}${TRACE_PATH}`;
export const API_KEY_HEADER = 'X-Key';

export const QR_CODE_MIN_LENGTH = 17;
export const QR_CODE_MAX_LENGTH = 18;

export interface TraceRequest {
  QrCode: string;
}

/** A value as the service may send it; the page shows 'Updating' for empty ones. */
export type WireValue = string | number | null | undefined;

/** A lot's standing: 'recalled' when the company has called the lot back. */
export type LotStatus = 'active' | 'recalled';

/**
 * Optional fields, added after the specification's (issue 12): a service that does not send them (the
 * company's own, today) gives the page it always gave. Each may also be null.
 */
export interface TraceItemExtras {
  /** The production lot's status; absent means nothing is known, shown as no banner. */
  LotStatus?: LotStatus | null;
  /** Why the lot was recalled, in the company's words. */
  RecallReason?: string | null;
  /** A photo or drawing of the product: an absolute http(s) URL or a path on the page's own site. */
  ImageUrl?: string | null;
  /** The product's GS1 GTIN, 14 digits (issue 39); absent or null where the brand gave none. */
  Gtin?: string | null;
  /** The production lot's code as the record has it (issue 39: compared with a Digital Link's AI 10). */
  Lot?: string | null;
}

/** The specification's fields of a unit (can, box, bottle...). */
export interface TraceProductFields {
  Code: WireValue;
  ProductUnit: WireValue;
  ProductCode: WireValue;
  ProductName: WireValue;
  Weight: WireValue;
  WeightType: WireValue;
  ProductDate: WireValue;
  ExpireDate: WireValue;
}

export interface TraceProduct extends TraceProductFields, TraceItemExtras {
  /** The code of the carton the unit was packed in. */
  CartonCode?: string | null;
  /** How many units that carton holds. */
  CartonTotalPacket?: number | null;
}

/** The specification's fields of a carton. */
export interface TraceBoxFields {
  Code: WireValue;
  ProductUnit: WireValue;
  ProductCode: WireValue;
  ProductName: WireValue;
  ProductDate: WireValue;
  ExpireDate: WireValue;
  TotalPacket: WireValue;
}

export interface TraceBox extends TraceBoxFields, TraceItemExtras {
  /** The codes of the units packed in the carton. */
  UnitCodes?: string[] | null;
}

/**
 * What the service has counted of shoppers' lookups of the code (issue 26), beside the item: absent or null
 * when the service does not count (the company's own service, today), so the page then says nothing of it.
 */
export interface TraceChecks {
  /** Vietnam's calendar day of the code's first counted lookup, YYYY-MM-DD. */
  FirstDay: string;
  /** Shoppers' lookups counted since FirstDay, this one included; a device's repeats within a few minutes count once. */
  Lookups: number;
  /**
   * Distinct networks (the client's /24 for IPv4, /48 for IPv6, as the service sees it) that looked the code up
   * within the service's recent window (CHECKS_WINDOW_DAYS, 30 days by default), this one included.
   */
  Networks: number;
  /**
   * True while Networks is at or past the service's caution threshold (CHECKS_CAUTION_NETWORKS) within the window:
   * the code may have been copied. Never for a carton (shops and distributors scan them); it lapses with the window.
   */
  Caution: boolean;
}

export interface TraceResponse {
  Data: {
    Products: TraceProduct[];
    Box: TraceBox[];
  };
  Checks?: TraceChecks | null;
}

/**
 * Why a lookup is made, when it is not a shopper's: the support desk ('staff') and the page's recall watch
 * re-checking codes kept on the device ('recheck'). Such lookups are never counted. A client with a staff key
 * is staff whatever it sends.
 */
export const LOOKUP_PURPOSE_HEADER = 'X-Lookup-Purpose';
export type LookupPurpose = 'staff' | 'recheck';

/**
 * The query parameter the page's own links to a code carry (recent lookups, the recall banner, a carton's
 * units, a unit's carton): following one is a re-check, not a shopper's new look, so the service does not
 * count its render, and the page's lookup for it says X-Lookup-Purpose: recheck. A forged one can only leave
 * a lookup uncounted.
 */
export const RECHECK_LINK_PARAMETER = 'again';

/** The service's answer to a lookup as HTTP carries it: a status and the parsed JSON body (none for 204). */
export interface TraceWireAnswer {
  status: number;
  body: TraceResponse | TraceErrorBody | undefined;
}

/**
 * The page's server-render module (built from src/ssr/entry-server.tsx) as the service loads it: the service
 * finds the code in the address, answers it in process and gets the page's HTML parts back.
 */
export interface PageRenderRequest extends TraceTransport {
  /** Path and query, as requested. */
  url: string;
  /** The host the visitor asked for (without port): the page's own, whose links the page trusts. */
  host?: string;
  cookie?: string;
  acceptLanguage?: string;
}

/**
 * How a store reaches the service other than by fetch: the server, rendering a page, answers in process.
 * Given to the page's store as its thunk extra argument.
 */
export interface TraceTransport {
  answerTrace: (request: TraceRequest) => Promise<TraceWireAnswer>;
}

export interface PageRenderResult {
  status: 200 | 404;
  lang: string;
  /** The page's <title> and meta description, plain text in `lang` (the server escapes them). */
  title: string;
  description: string;
  /** The page's text direction and the like stay in the template; these go into <head>. */
  head: string;
  /** Inside <div id="root">. */
  body: string;
  /** JSON for the page's store, safe inside a <script type="application/json"> element. */
  state: string;
  /**
   * The same page in the language its language button switches to (none where the button opens a menu):
   * the page swaps it in when that button is tapped before its script has read the HTML.
   */
  alternate?: AlternatePage;
}

/** A page's root in another language, with its head's texts in that language (plain text). */
export interface AlternatePage {
  lang: string;
  title: string;
  description: string;
  /** The root's content in `lang`; the page's head (its styles) serves both. */
  body: string;
}

export type RenderPage = (request: PageRenderRequest) => Promise<PageRenderResult>;

/** What the service says instead of a page it will not render now (429, 503), plain text in `lang`. */
export interface BusyPageTexts {
  lang: string;
  /** The brand, shown as the page's heading: a bare page on an anti-fake site looks like phishing. */
  brand: string;
  /** The brand's colour (buttons, the heading's rule), as on its page. */
  primary: string;
  /** The document's title, with the brand. */
  pageTitle: string;
  /** What is happening: the service is busy. */
  title: string;
  /** When the page reloads by itself, and that it is not about the product. */
  hint: string;
  /** The button that reloads now. */
  retry: string;
}

/** The busy page's texts in the language the page itself would be rendered in for this request. */
export type BusyTexts = (request: Omit<PageRenderRequest, 'answerTrace'>, retryAfterSeconds: number) => BusyPageTexts;

/** The id of the <script type="application/json"> element that carries `state` to the page. */
export const SERVER_STATE_ID = 'server-state';

/**
 * The id of the <template> that carries `alternate` (its lang attribute and the two attributes below its
 * head's texts), which the page's loader swaps with the root's content (src/boot/languageSwap.ts).
 */
export const ALTERNATE_PAGE_ID = 'page-alternate';
/** The attribute of that <template> holding its page's title. */
export const ALTERNATE_TITLE = 'data-title';
/** The attribute of that <template> holding its page's meta description. */
export const ALTERNATE_DESCRIPTION = 'data-description';

/**
 * The page the service renders into, written by the build beside index.html (scripts/vite/loadPath.ts):
 * a dot file, so that the static site does not serve it.
 */
export const PAGE_TEMPLATE_FILE = '.page-template.html';

export const TRACE_ERROR_TYPES = [
  'INTERNAL_SERVER_ERROR',
  'AUTHENTICATION_FAILURE',
  'VALIDATION',
  'RATE_LIMIT',
  'NOT_FOUND',
] as const;

export type TraceErrorType = (typeof TRACE_ERROR_TYPES)[number];

export interface TraceErrorBody {
  error: TraceErrorType;
  Message: string;
  status: number;
  EndPoint: string;
}
