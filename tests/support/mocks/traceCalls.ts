import { TRACE_URL } from './handlers';
import { server } from './node';

/** Records every trace call the page makes from now on; MSW's listeners are reset after each test. */
export function recordTraceCalls(): string[] {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url === TRACE_URL) calls.push(request.url);
  });
  return calls;
}

/** Records the code of every trace call from now on, in the order sent (bodies are read asynchronously). */
export function recordTracedCodes(): string[] {
  const codes: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url !== TRACE_URL) return;
    void request
      .clone()
      .json()
      .then((body: { QrCode: string }) => codes.push(body.QrCode));
  });
  return codes;
}
