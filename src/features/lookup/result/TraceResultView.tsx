import { traceItem, type TraceResult } from '@/api/traceResult';
import { wireText } from '@/api/wireValues';
import type { PrintedPack } from '@/contract/gs1/printedPack';
import { packMismatches } from './packMismatch';
import { TraceResultTable } from '../TraceResultTable';
import { resultRows } from '../traceRows';
import { ReportAction } from './ReportAction';
import { ResultSummary } from './ResultSummary';
import styles from './TraceResultView.module.css';
import { UnitCodeList } from './UnitCodeList';
import { Verdict } from './Verdict';
import { verdictOf } from './verdictOf';

export interface TraceResultProps {
  result: TraceResult;
  answeredAt: number;
  pack?: PrintedPack | null;
}

/**
 * A found code: its one verdict first (on a phone it must be read without scrolling), then the
 * product's summary, the specification's table, a carton's units, and a way to report a problem with the pack.
 * `pack`: what the pack's Digital Link says, when the code came in one (its address, a scan), checked against
 * the record.
 */
export function TraceResultView({ result, answeredAt, pack = null }: TraceResultProps) {
  const verdict = verdictOf(result, new Date(answeredAt), pack ? packMismatches(pack, result) : []);
  const { unitCodes, unitTotal, imageUrl } = result.extras;
  return (
    <div className={styles.result}>
      <Verdict verdict={verdict} hasPhoto={imageUrl !== null} />
      <ResultSummary result={result} verdict={verdict} />
      <TraceResultTable rows={resultRows(result)} />
      {result.kind === 'box' && unitCodes.length > 0 && (
        <UnitCodeList carton={wireText(result.box.Code) ?? ''} codes={unitCodes} total={unitTotal} />
      )}
      <ReportAction code={wireText(traceItem(result).Code) ?? ''} pack={pack} />
    </div>
  );
}
