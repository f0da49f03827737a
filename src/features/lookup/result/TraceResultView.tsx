import type { TraceResult } from '@/api/traceResult';
import { TraceResultTable } from '../TraceResultTable';
import { resultRows } from '../traceRows';
import { RecallBanner } from './RecallBanner';
import { ResultSummary } from './ResultSummary';
import styles from './TraceResultView.module.css';
import { UnitCodeList } from './UnitCodeList';

/** A found code: a recall first if there is one, the summary, the specification's table, a carton's units. */
export function TraceResultView({ result, answeredAt }: { result: TraceResult; answeredAt: number }) {
  const { lot, unitCodes } = result.extras;
  return (
    <div className={styles.result}>
      {lot?.status === 'recalled' && <RecallBanner lot={lot} />}
      <ResultSummary result={result} answeredAt={answeredAt} />
      <TraceResultTable rows={resultRows(result)} />
      {result.kind === 'box' && unitCodes.length > 0 && <UnitCodeList codes={unitCodes} />}
    </div>
  );
}
