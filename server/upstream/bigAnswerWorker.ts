import { parentPort } from 'node:worker_threads';
import { readBigAnswer } from './bigAnswer.ts';

/** The worker thread of ./bigAnswers.ts: reads each big answer it is sent, in turn. */
export interface BigAnswerCall {
  id: number;
  code: string;
  json: Uint8Array;
}

parentPort?.on('message', ({ id, code, json }: BigAnswerCall) => {
  const verdict = readBigAnswer(json, code);
  // The API's JSON goes back moved, not copied, when it is a buffer of its own (a big one always is).
  const moved = 'json' in verdict && verdict.json.byteLength === verdict.json.buffer.byteLength;
  parentPort?.postMessage({ id, verdict }, moved ? [verdict.json.buffer as ArrayBuffer] : []);
});
