import type { TraceBox, TraceProduct } from './traceContract';
import { isRecord } from './wireValues';

/** What a code turned out to be: a carton (box) or a single product. Decided here, once. */
export type TraceResult = { kind: 'box'; box: TraceBox } | { kind: 'product'; product: TraceProduct };

function firstRecord(list: unknown): Record<string, unknown> | null {
  if (!Array.isArray(list)) return null;
  const first: unknown = list[0];
  return isRecord(first) ? first : null;
}

/** The first box wins over the first product; null (HTTP 204 or an empty answer) means no products. */
export function pickTraceResult(body: unknown): TraceResult | null {
  if (!isRecord(body) || !isRecord(body.Data)) return null;
  const { Box, Products } = body.Data;
  const box = firstRecord(Box);
  if (box) return { kind: 'box', box: box as unknown as TraceBox };
  const product = firstRecord(Products);
  return product ? { kind: 'product', product: product as unknown as TraceProduct } : null;
}
