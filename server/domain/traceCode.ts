// What a traced code is, whatever carries it: the import reads it, the store keeps it, the API answers it.
import type { LotStatus } from '../../src/contract/traceContract.ts';

/** What every code of one production lot of one catalogue product shares. */
export interface ProductLot {
  productCode: string;
  productName: string | null;
  productUnit: string;
  weight: number | null;
  weightType: string | null;
  productDate: string | null;
  expireDate: string | null;
  /** Null when the import did not say. */
  lotStatus: LotStatus | null;
  /** Why a recalled lot was recalled, in the company's words. */
  recallReason: string | null;
  /** A picture of the product: an absolute https URL, or the path the service serves a stored image at. */
  imageUrl: string | null;
  /** The product's GS1 GTIN, 14 digits (issue 39); absent where the source knows none. */
  gtin?: string | null;
  /** The lot's own code (issue 39: the page compares it with a Digital Link's AI 10); absent where unknown. */
  lotCode?: string | null;
}

/** One traced code joined with its product and lot, as stored (and as an import row reads). */
export interface CodeRecord extends ProductLot {
  code: string;
  /** Set for cartons only: how many units the carton holds. */
  totalPacket: number | null;
}

/** A code's lookup counts as stored (issue 26): since `firstDay`, by every instance on the database. */
export interface CodeTotals {
  firstDay: string;
  lookups: number;
  /** The networks of the recent window, as stored (server/checks/networkDays.ts). */
  networks: string;
}

/** A stored code as a lookup returns it: the lot part is one shared object per product lot. */
export interface StoredCode {
  code: string;
  totalPacket: number | null;
  lot: ProductLot;
  /** For a unit packed in a carton: that carton's code and unit count. */
  carton?: { code: string; totalPacket: number | null } | undefined;
  /** For a carton: the codes of its units, in code order, at most UNIT_CODES_MAX of them. */
  unitCodes?: readonly string[] | undefined;
  /**
   * Its lookup counts, read in the same statement when counting is on (a second read per lookup cost
   * more than the rest of counting): null when never counted, undefined when not read.
   */
  counts?: CodeTotals | null | undefined;
}

/** The most unit codes one answer lists: a carton holds dozens; the bound keeps a bad import from making huge answers. */
export const UNIT_CODES_MAX = 1000;

/** How codes are stored and looked up: trimmed, upper-case (the contract matches case-insensitively). */
export function normaliseCode(text: string): string {
  return text.trim().toUpperCase();
}

/** The packaging unit that makes a code a carton (Box) rather than a unit (Products). */
const CARTON_UNIT = 'thùng';

export function isCarton(record: Pick<CodeRecord, 'productUnit'>): boolean {
  return record.productUnit.normalize('NFC').trim().toLowerCase() === CARTON_UNIT;
}
