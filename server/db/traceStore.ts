import type { CodeRecord } from '../traceResponse.ts';
import type { Db } from './database.ts';

/** Returns a lookup by normalised (trimmed, upper-case) code: one primary-key read plus two tiny joins. */
export function createCodeLookup(db: Db): (code: string) => CodeRecord | undefined {
  const statement = db.prepare<[string], CodeRecord>(`
    SELECT c.code, p.product_code AS productCode, p.product_name AS productName,
           p.product_unit AS productUnit, p.weight, p.weight_type AS weightType,
           l.product_date AS productDate, l.expire_date AS expireDate, c.total_packet AS totalPacket
    FROM codes c
    JOIN products p ON p.id = c.product_id
    JOIN lots l ON l.id = c.lot_id
    WHERE c.code = ?`);
  return (code) => statement.get(code);
}
