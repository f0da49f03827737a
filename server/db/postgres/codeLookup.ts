import type pg from 'pg';
import type { LotStatus } from '../../../src/contract/traceContract.ts';
import { productImageUrl, type StoredImage } from '../../domain/productImage.ts';
import { isCarton, UNIT_CODES_MAX, type ProductLot, type StoredCode } from '../../domain/traceCode.ts';
import type { CodeLookup, ImportRunTotals, LookupOptions } from '../storage.ts';
import type { Gs1LotRecord, Gs1ProductRecord } from '../../domain/gs1Records.ts';

// Prepared once per connection (by name), answered as arrays: the least work per lookup for pg.
// A unit's carton comes with it (its unit count, from the carton's own row).
const FIND_CODE = {
  name: 'find-code',
  text: `SELECT c.product_id, c.lot_id, c.total_packet, v.version, c.parent_code, parent.total_packet
         FROM codes c CROSS JOIN catalogue_version v LEFT JOIN codes parent ON parent.code = c.parent_code
         WHERE c.code = $1`,
  rowMode: 'array',
} as const;
// With counting on, the code's lookup counts in the same query: a second query per lookup cost more than the rest of counting.
// `k.code = $1`, not `= c.code`: the statement's plan is made once, often while check_codes is still
// empty, and with `c.code` PostgreSQL kept a sequential scan of it (a lookup took 7 ms at 100,000 codes).
const FIND_CODE_COUNTED = {
  name: 'find-code-counted',
  text: `SELECT c.product_id, c.lot_id, c.total_packet, v.version, c.parent_code, parent.total_packet, k.first_day, k.lookups, k.networks
         FROM codes c CROSS JOIN catalogue_version v LEFT JOIN codes parent ON parent.code = c.parent_code
         LEFT JOIN check_codes k ON k.code = $1 WHERE c.code = $1`,
  rowMode: 'array',
} as const;
const READ_LOT = {
  name: 'read-lot',
  text: `SELECT p.product_code AS "productCode", p.product_name AS "productName", p.product_unit AS "productUnit",
                p.weight, p.weight_type AS "weightType", to_char(l.product_date, 'YYYY-MM-DD') AS "productDate",
                to_char(l.expire_date, 'YYYY-MM-DD') AS "expireDate", v.version AS "lotVersion",
                l.lot_status AS "lotStatus", l.recall_reason AS "recallReason", p.image_url AS "imageUrl",
                p.image_name AS "imageName", p.gtin, l.lot_code AS "lotCode"
         FROM products p, lots l, catalogue_version v WHERE p.id = $1 AND l.id = $2`,
} as const;
const READ_UNITS = {
  name: 'read-units',
  text: 'SELECT code FROM codes WHERE parent_code = $1 ORDER BY code LIMIT $2',
  rowMode: 'array',
} as const;
// Issue 39: a GTIN's product and its lots (GS1 Digital Link levels /01/{gtin} and /01/{gtin}/10/{lot}).
const READ_GTIN = {
  name: 'read-gtin',
  text: `SELECT gtin, product_code AS "productCode", product_unit AS "productUnit", product_name AS "productName",
                image_url AS "imageUrl", image_name AS "imageName"
         FROM products WHERE gtin = $1 ORDER BY id LIMIT 1`,
} as const;
const READ_GTIN_LOT = {
  name: 'read-gtin-lot',
  text: `SELECT p.gtin, p.product_code AS "productCode", p.product_name AS "productName", l.lot_code AS "lotCode",
                to_char(l.product_date, 'YYYY-MM-DD') AS "productDate", to_char(l.expire_date, 'YYYY-MM-DD') AS "expireDate",
                l.lot_status AS "lotStatus", l.recall_reason AS "recallReason"
         FROM products p JOIN lots l ON l.product_code = p.product_code
         WHERE p.gtin = $1 AND l.lot_code = $2 ORDER BY p.id LIMIT 1`,
} as const;
const READ_IMAGE = {
  name: 'read-image',
  text: 'SELECT name, content_type AS "contentType", body FROM images WHERE name = $1',
} as const;

type CodeRow = [
  productId: number,
  lotId: number,
  totalPacket: number | null,
  version: string,
  parentCode: string | null,
  parentTotal: number | null,
  firstDay?: string | null,
  lookups?: number,
  networks?: string,
];
/** Read once per lot and catalogue version, not per lookup: by column name, where an array saves nothing. */
interface LotRow {
  productCode: string;
  productName: string | null;
  productUnit: string;
  weight: number | null;
  weightType: string | null;
  productDate: string | null;
  expireDate: string | null;
  lotVersion: string;
  lotStatus: LotStatus | null;
  recallReason: string | null;
  imageUrl: string | null;
  imageName: string | null;
  gtin: string | null;
  lotCode: string;
}

/** A lot as lookups keep it: whether its codes are cartons is decided once. */
interface KeptLot {
  lot: ProductLot;
  carton: boolean;
}

/**
 * Lookups on a pool of connections shared by the service's requests. A lookup is one primary-key
 * read of `codes` (with a unit's carton row); a carton's units are a second read, which may see an
 * import committed in between, as a later lookup would. Millions of codes share a few hundred product
 * lots, so each lot is read once and kept until an import changes the catalogue: its version comes
 * with every code read, in the same snapshot, so a lot is never answered from before a change the code
 * row already reflects.
 */
export function openPostgresLookup(pool: pg.Pool, { counts: withCounts = false }: LookupOptions = {}): CodeLookup {
  const findCode = withCounts ? FIND_CODE_COUNTED : FIND_CODE;
  const lots = new Map<string, KeptLot>();
  let cachedVersion: string | undefined;

  const readLot = async (productId: number, lotId: number, version: string): Promise<KeptLot> => {
    const { rows } = await pool.query<LotRow>({ ...READ_LOT, values: [productId, lotId] });
    const row = rows[0];
    // The import checks every reference it writes; this means a damaged database, not an unknown code.
    if (row === undefined) throw new Error(`a code points to a missing product ${productId} or lot ${lotId}`);
    const { lotVersion, imageUrl, imageName, ...named } = row;
    const lot: ProductLot = { ...named, imageUrl: productImageUrl(imageUrl, imageName) };
    const kept = { lot, carton: isCarton(lot) };
    // Read after another import changed the catalogue: right for this answer, not to keep under the older version.
    if (lotVersion === version && version === cachedVersion) lots.set(`${productId}/${lotId}`, kept);
    return kept;
  };

  const unitCodes = async (carton: string): Promise<string[]> => {
    const { rows } = await pool.query<[string]>({ ...READ_UNITS, values: [carton, UNIT_CODES_MAX] });
    return rows.map(([code]) => code);
  };

  return {
    async find(code): Promise<StoredCode | undefined> {
      const { rows } = await pool.query<CodeRow>({ ...findCode, values: [code] });
      const row = rows[0];
      if (row === undefined) return undefined;
      const [productId, lotId, totalPacket, version, parentCode, parentTotal, firstDay, lookups, networks] = row;
      const counts = !withCounts
        ? undefined
        : firstDay == null
          ? null
          : { firstDay, lookups: lookups!, networks: networks! };
      if (version !== cachedVersion) {
        lots.clear();
        cachedVersion = version;
      }
      const { lot, carton } = lots.get(`${productId}/${lotId}`) ?? (await readLot(productId, lotId, version));
      if (carton) return { code, totalPacket, lot, unitCodes: await unitCodes(code), counts };
      if (parentCode === null) return { code, totalPacket, lot, counts };
      return { code, totalPacket, lot, carton: { code: parentCode, totalPacket: parentTotal }, counts };
    },
    async product(gtin): Promise<Gs1ProductRecord | undefined> {
      const { rows } = await pool.query<Gs1ProductRecord & { imageName: string | null }>({
        ...READ_GTIN,
        values: [gtin],
      });
      const row = rows[0];
      if (row === undefined) return undefined;
      const { imageName, ...product } = row;
      return { ...product, imageUrl: productImageUrl(product.imageUrl, imageName) };
    },
    async lot(gtin, lotCode): Promise<Gs1LotRecord | undefined> {
      const { rows } = await pool.query<Gs1LotRecord>({ ...READ_GTIN_LOT, values: [gtin, lotCode] });
      return rows[0];
    },
    async image(name): Promise<StoredImage | undefined> {
      const { rows } = await pool.query<StoredImage>({ ...READ_IMAGE, values: [name] });
      return rows[0];
    },
    async importRuns() {
      const { rows } = await pool.query<ImportRunTotals>(
        `SELECT outcome, count(*)::int AS count, extract(epoch FROM max(finished_at))::float8 AS "lastFinished"
         FROM import_runs GROUP BY outcome ORDER BY outcome`,
      );
      return rows;
    },
    async ping() {
      await pool.query('SELECT 1 FROM codes LIMIT 1');
    },
  };
}
