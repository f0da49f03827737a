import { answerCalls, ownsItsBuffer } from '../lazyWorker.ts';
import { readReportBody, type ReadReport } from './reportBody.ts';

/** The worker thread of ./reportBodies.ts: reads each report body it is sent, in turn. */
export interface ReportBodyCall {
  today: string;
  json: Uint8Array;
}

// The photo's bytes go back moved, not copied, when they are a buffer of their own (a decoded photo past 4 KB is).
answerCalls<ReportBodyCall, ReadReport>(
  ({ today, json }) => readReportBody(json, today),
  (read) => {
    const photo = 'report' in read ? read.report.photo?.body : undefined;
    return photo !== undefined && ownsItsBuffer(photo) ? [photo.buffer as ArrayBuffer] : [];
  },
);
