import type { TraceBox, TraceProduct } from '@/api/traceContract';
import { isRecord } from './traceErrors';

export type TraceResult = { kind: 'box'; box: TraceBox } | { kind: 'product'; product: TraceProduct };

function firstRecord(list: unknown): Record<string, unknown> | null {
  if (!Array.isArray(list)) return null;
  const first: unknown = list[0];
  return isRecord(first) ? first : null;
}

/** The first box wins over the first product; null (HTTP 204 or an empty answer) means no products. */
export function pickTraceResult(body: unknown): TraceResult | null {
  const data = typeof body === 'object' && body !== null ? (body as { Data?: unknown }).Data : undefined;
  if (typeof data !== 'object' || data === null) return null;
  const { Box, Products } = data as { Box?: unknown; Products?: unknown };
  const box = firstRecord(Box);
  if (box) return { kind: 'box', box: box as unknown as TraceBox };
  const product = firstRecord(Products);
  return product ? { kind: 'product', product: product as unknown as TraceProduct } : null;
}
