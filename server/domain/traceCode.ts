// What a traced code is, whatever carries it: the import reads it, the store keeps it, the API answers it.

/** What every code of one production lot of one catalogue product shares. */
export interface ProductLot {
  productCode: string;
  productName: string | null;
  productUnit: string;
  weight: number | null;
  weightType: string | null;
  productDate: string | null;
  expireDate: string | null;
}

/** One traced code joined with its product and lot, as stored (and as an import row reads). */
export interface CodeRecord extends ProductLot {
  code: string;
  /** Set for cartons only: how many units the carton holds. */
  totalPacket: number | null;
}

/** A stored code as a lookup returns it: the lot part is one shared object per product lot. */
export interface StoredCode {
  code: string;
  totalPacket: number | null;
  lot: ProductLot;
}

/** How codes are stored and looked up: trimmed, upper-case (the contract matches case-insensitively). */
export function normaliseCode(text: string): string {
  return text.trim().toUpperCase();
}

/** The packaging unit that makes a code a carton (Box) rather than a unit (Products). */
const CARTON_UNIT = 'thùng';

export function isCarton(record: Pick<CodeRecord, 'productUnit'>): boolean {
  return record.productUnit.normalize('NFC').trim().toLowerCase() === CARTON_UNIT;
}
