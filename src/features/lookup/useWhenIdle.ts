import { useEffect, useState } from 'react';

/** Browsers without requestIdleCallback (Safari) wait this long after `ready` instead. */
const IDLE_FALLBACK_MS = 1_500;
/** An idle period may never come on a busy page: the work starts by then anyway. */
const IDLE_TIMEOUT_MS = 10_000;

/**
 * True once the browser is idle after `ready` became true, and for good: for background work that
 * must wait behind the first result and the first tap. The server render and hydration say false.
 */
export function useWhenIdle(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), IDLE_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [ready, idle]);
  return idle;
}
