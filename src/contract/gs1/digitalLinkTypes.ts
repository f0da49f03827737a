/** Why a text is not a Digital Link this service reads, for the service's 400 and the page's message. */
export type DigitalLinkErrorReason =
  /** Not a GS1 Digital Link for a GTIN at all (no /01/ path, a broken path or compressed form, a key out of place). */
  | 'notDigitalLink'
  /** A GTIN (or another key's) check digit does not hold. */
  | 'checkDigit'
  /** A number in the path or query that is no GS1 Application Identifier. */
  | 'unknownAi'
  /** Characters the AI does not allow (a lot or serial outside GS1's CSET 82, letters in a number), or broken percent-encoding. */
  | 'badCharacters'
  /** Allowed characters but a wrong length, an impossible date, or the same AI twice. */
  | 'badValue';

export interface DigitalLinkError {
  ok: false;
  reason: DigitalLinkErrorReason;
  /** The AI at fault, where there is one. */
  ai?: string;
  /** One English line for logs and the service's error body; the page translates `reason`, not this. */
  detail: string;
}

export interface DigitalLink {
  ok: true;
  /** The GTIN as 14 digits (a GTIN-8, -12 or -13 left-padded with zeros). */
  gtin: string;
  /** AI 10, the batch or lot, decoded. */
  lot: string | null;
  /** AI 21, the serial number (this product's unit or carton code), decoded. */
  serial: string | null;
  /** AI 17, the expiration date as an ISO date (YYYY-MM-DD; day 00 read as the month's last day). */
  expiry: string | null;
  /** Every other AI of the link (22, 235, the query's data attributes, 17 as printed), by AI, decoded. */
  attributes: Record<string, string>;
  /** The query's keys that are not AIs (linkType, context…), decoded, in order: a resolver passes them on. */
  otherQuery: [string, string][];
  /** The path before /01/ (a brand may host its resolver below a folder): '' or '/folder'. */
  pathPrefix: string;
  /** Whether the link came compressed (GS1 Digital Link Compression 1.0). */
  compressed: boolean;
  /**
   * The uncompressed path and AI query, in GS1's canonical order and encoding, without the prefix and the other
   * query keys: `/01/{gtin}[/22/…][/10/…][/21/…]` then `?17=…&…` (data attributes by AI).
   */
  path: string;
  /** GS1's canonical long URI: `https://id.gs1.org` + path. */
  canonical: string;
}

export type DigitalLinkResult = DigitalLink | DigitalLinkError;
