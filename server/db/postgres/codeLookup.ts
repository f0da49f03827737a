import type pg from 'pg';
import type { ProductLot, StoredCode } from '../../domain/traceCode.ts';
import type { CodeLookup } from '../storage.ts';

// Prepared once per connection (by name), answered as arrays: the least work per lookup for pg.
const FIND_CODE = {
  name: 'find-code',
  text: `SELECT c.product_id, c.lot_id, c.total_packet, v.version
         FROM codes c CROSS JOIN catalogue_version v WHERE c.code = $1`,
  rowMode: 'array',
} as const;
const READ_LOT = {
  name: 'read-lot',
  text: `SELECT p.product_code, p.product_name, p.product_unit, p.weight, p.weight_type,
                to_char(l.product_date, 'YYYY-MM-DD'), to_char(l.expire_date, 'YYYY-MM-DD'), v.version
         FROM products p, lots l, catalogue_version v WHERE p.id = $1 AND l.id = $2`,
  rowMode: 'array',
} as const;

type CodeRow = [productId: number, lotId: number, totalPacket: number | null, version: string];
type LotRow = [string, string | null, string, number | null, string | null, string | null, string | null, string];

/**
 * Lookups on a pool of connections shared by the service's requests. A lookup is one primary-key
 * read of `codes`. Millions of codes share a few hundred product lots, so each lot is read once and
 * kept until an import changes the catalogue: its version comes with every code read, in the same
 * snapshot, so a lot is never answered from before a change the code row already reflects.
 */
export function openPostgresLookup(pool: pg.Pool): CodeLookup {
  const lots = new Map<string, ProductLot>();
  let cachedVersion: string | undefined;

  const readLot = async (productId: number, lotId: number, version: string): Promise<ProductLot> => {
    const { rows } = await pool.query<LotRow>({ ...READ_LOT, values: [productId, lotId] });
    const row = rows[0];
    // The import checks every reference it writes; this means a damaged database, not an unknown code.
    if (row === undefined) throw new Error(`a code points to a missing product ${productId} or lot ${lotId}`);
    const [productCode, productName, productUnit, weight, weightType, productDate, expireDate, lotVersion] = row;
    const lot = { productCode, productName, productUnit, weight, weightType, productDate, expireDate };
    // Read after another import changed the catalogue: right for this answer, not to keep under the older version.
    if (lotVersion === version && version === cachedVersion) lots.set(`${productId}/${lotId}`, lot);
    return lot;
  };

  return {
    async find(code): Promise<StoredCode | undefined> {
      const { rows } = await pool.query<CodeRow>({ ...FIND_CODE, values: [code] });
      const row = rows[0];
      if (row === undefined) return undefined;
      const [productId, lotId, totalPacket, version] = row;
      if (version !== cachedVersion) {
        lots.clear();
        cachedVersion = version;
      }
      const lot = lots.get(`${productId}/${lotId}`) ?? (await readLot(productId, lotId, version));
      return { code, totalPacket, lot };
    },
    async ping() {
      await pool.query('SELECT 1 FROM codes LIMIT 1');
    },
  };
}
