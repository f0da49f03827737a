import { startTransition, useEffect, useState } from 'react';

/**
 * True from the first frame painted after `ready` became true, and for good. The server render and
 * hydration say false, so both agree.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame that paints this render, then the task after it. What it turns on renders as a
    // transition, in slices a tap can come between (one task of 170 ms in Lighthouse's model otherwise).
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => startTransition(() => setPainted(true)))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
