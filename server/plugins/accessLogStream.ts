import { pino } from 'pino';

/** Under the 4 KiB a pipe writes in one piece, with room for the line that crosses it. */
const BLOCK_BYTES = 3072;
const FLUSH_EVERY_MS = 1000;

export interface LogOutput {
  stream: pino.DestinationStream;
  /** Writes what is pending and stops the timer; lines after it still go out, at exit at the latest. */
  close(): void;
}

/**
 * Standard output in blocks, and at least once a second. One write per line was most of what the
 * access log cost under load: a system call each, and a wake-up of whatever reads the pipe. pino
 * writes what is pending when the process exits; a SIGKILL loses at most a second of lines.
 */
export function bufferedStdout(): LogOutput {
  const stream = pino.destination({ dest: 1, minLength: BLOCK_BYTES, sync: false });
  const timer = setInterval(() => stream.flush(), FLUSH_EVERY_MS);
  timer.unref();
  return {
    stream,
    close: () => {
      clearInterval(timer);
      stream.flush();
    },
  };
}
