/**
 * Starts the renders given to it one per turn of the event loop. A render is milliseconds of CPU that
 * runs without yielding (React's server renderer does a render's work in the microtask after it starts),
 * and the requests of one turn are handled back to back: two renders started in one turn would make an
 * API lookup read in that turn wait for both. Every server render goes through one queue (the visitors'
 * pages, their copies in the other language, the render cache's checks), so a lookup waits for one
 * render at most. Started from setImmediate, each render runs after that turn's requests were handled.
 */
export function renderTurns() {
  const starts: (() => void)[] = [];
  let scheduled = false;
  const next = () => {
    scheduled = false;
    starts.shift()?.();
    // Scheduled from within this turn's setImmediate callbacks, it runs in the next turn.
    if (starts.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(next);
  };
  /** Resolves in a turn of its own, after every render asked for before it has started. */
  return () =>
    new Promise<void>((start) => {
      starts.push(start);
      schedule();
    });
}
