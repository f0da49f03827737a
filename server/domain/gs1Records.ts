// What the service knows of a GTIN and of a lot under it (issue 39), whatever stores it: the database's
// catalogue, or in upstream mode the GS1_GTINS map (which knows products, not lots).
import type { LotStatus } from '../../src/contract/traceContract.ts';

export interface Gs1ProductRecord {
  gtin: string;
  productCode: string;
  productUnit: string;
  productName: string | null;
  /** An absolute https URL or the service's path to a stored picture; null when none. */
  imageUrl: string | null;
}

export interface Gs1LotRecord {
  gtin: string;
  productCode: string;
  productName: string | null;
  lotCode: string;
  productDate: string | null;
  expireDate: string | null;
  lotStatus: LotStatus | null;
  recallReason: string | null;
}

/** Products and lots by GTIN. SQLite answers at once; PostgreSQL and the map's wrapper may return promises. */
export interface Gs1Catalogue {
  product(gtin: string): Gs1ProductRecord | undefined | Promise<Gs1ProductRecord | undefined>;
  /** Undefined where the source knows no lots (upstream mode) as well as for an unknown lot. */
  lot(gtin: string, lotCode: string): Gs1LotRecord | undefined | Promise<Gs1LotRecord | undefined>;
}
