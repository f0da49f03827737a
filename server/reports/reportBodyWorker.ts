import { parentPort } from 'node:worker_threads';
import { readReportBody } from './reportBody.ts';

/** The worker thread of ./reportBodies.ts: reads each report body it is sent, in turn. */
export interface ReportBodyCall {
  id: number;
  today: string;
  json: Uint8Array;
}

parentPort?.on('message', ({ id, today, json }: ReportBodyCall) => {
  const read = readReportBody(json, today);
  // The photo's bytes go back moved, not copied, when they are a buffer of their own (a decoded photo past 4 KB is).
  const photo = 'report' in read ? read.report.photo?.body : undefined;
  const moved = photo !== undefined && photo.byteOffset === 0 && photo.byteLength === photo.buffer.byteLength;
  parentPort?.postMessage({ id, read }, moved ? [photo.buffer as ArrayBuffer] : []);
});
