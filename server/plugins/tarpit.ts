/**
 * Holds the answers to clients past their budget for a while before sending them. A flood runs in a
 * closed loop (each connection sends its next request once the last was answered), so an answer held
 * a second turns 50 connections' thousands of refusals a second into 50, and the event loop they share
 * with every shopper stays free: in `npm run bench:flood` (server/README.md) a normal client's lookups
 * kept a p99 of 1.4x their p99 alone, where refusals sent at once (24,000 a second) cost 2.6x. At most
 * `maxHeld` answers wait at a time (each holds a socket and a timer); past that a refusal goes out at once.
 */
export function createTarpit(maxHeld: number, holdMs: number): () => Promise<void> {
  let held = 0;
  return () => {
    if (held >= maxHeld) return Promise.resolve();
    held++;
    return new Promise<void>((release) =>
      setTimeout(() => {
        held--;
        release();
      }, holdMs),
    );
  };
}
