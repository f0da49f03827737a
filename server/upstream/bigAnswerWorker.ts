import { answerCalls, ownsItsBuffer } from '../lazyWorker.ts';
import { readBigAnswer, type BigVerdict } from './bigAnswer.ts';

/** The worker thread of ./bigAnswers.ts: reads each big answer it is sent, in turn. */
export interface BigAnswerCall {
  code: string;
  json: Uint8Array;
}

// The API's JSON goes back moved, not copied, when it is a buffer of its own (a big one always is).
answerCalls<BigAnswerCall, BigVerdict>(
  ({ code, json }) => readBigAnswer(json, code),
  (verdict) => ('json' in verdict && ownsItsBuffer(verdict.json) ? [verdict.json.buffer as ArrayBuffer] : []),
);
