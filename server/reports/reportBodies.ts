import { lazyWorker, ownsItsBuffer } from '../lazyWorker.ts';
import type { ReadReport } from './reportBody.ts';
import type { ReportBodyCall } from './reportBodyWorker.ts';

// Shoppers' report bodies, read in one worker thread started on first use (../lazyWorker.ts, as
// server/upstream/bigAnswers.ts reads big upstream answers): the service's thread only receives the report's
// checked fields and its photo's bytes (moved, not copied), so a lookup never waits behind a report's 300 KB body.

export interface ReportBodyReader {
  /**
   * The report in `json` (./reportBody.ts). `json` is moved to the worker, not copied, when it is a buffer of its
   * own; the caller must not read it after. Rejects when the worker failed while reading it (never hangs): the
   * route answers the contract's 500, and the next report starts a new worker.
   */
  read(json: Buffer, today: string): Promise<ReadReport>;
}

/** A reader on the worker at `script` (the default one, or a test's). */
export function reportBodyReader(script: URL = new URL('./reportBodyWorker.ts', import.meta.url)): ReportBodyReader {
  const worker = lazyWorker<ReportBodyCall, ReadReport>(script, 'the report bodies’ worker');
  return {
    read: (json, today) =>
      worker.call({ today, json }, { transfer: ownsItsBuffer(json) ? [json.buffer as ArrayBuffer] : [] }),
  };
}
