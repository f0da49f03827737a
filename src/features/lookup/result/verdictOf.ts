import { traceItem, type LotInfo, type TraceResult } from '@/api/traceResult';
import { expiryStatus, type ExpiryStatus } from '@/shared/expiry/expiryStatus';
import type { PackMismatch } from './packMismatch';

/**
 * What to do with the pack in hand, decided once for the result's one verdict block: the most severe
 * fact wins (recalled > the pack's Digital Link disagreeing with the record > expired > caution > expiring >
 * in date, or an expiry the page cannot read). A disagreement outranks the expiry: the record's date may
 * not be the date of the pack in hand.
 * `expiry` rides along: a block that is not about the expiry still lets the card show it, toned down.
 */
export type Verdict =
  | { kind: 'recalled'; lot: LotInfo; expiry: ExpiryStatus }
  | { kind: 'mismatch'; mismatches: readonly PackMismatch[]; expiry: ExpiryStatus }
  | { kind: 'caution'; expiry: ExpiryStatus }
  | { kind: 'expiry'; expiry: ExpiryStatus };

/** `mismatches`: what the pack's printed Digital Link says that the record does not (packMismatches). */
export function verdictOf(result: TraceResult, now: Date, mismatches: readonly PackMismatch[] = []): Verdict {
  const expiry = expiryStatus(traceItem(result).ExpireDate, now);
  const { lot } = result.extras;
  if (lot?.status === 'recalled') return { kind: 'recalled', lot, expiry };
  if (mismatches.length > 0) return { kind: 'mismatch', mismatches, expiry };
  if (expiry.kind === 'expired') return { kind: 'expiry', expiry };
  // Cartons never carry the caution: shops and distributors scan them (the service says so too).
  if (result.checks?.caution && result.kind !== 'box') return { kind: 'caution', expiry };
  return { kind: 'expiry', expiry };
}
