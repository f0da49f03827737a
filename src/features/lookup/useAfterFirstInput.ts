import { useEffect, useState } from 'react';

/** What a visitor does first on a page: touch, click, type, or scroll it. */
const INPUTS = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'scroll'] as const;

/**
 * True once the visitor has first acted on the page after `ready` became true, and for good: for work that
 * only a visitor who stays to act needs, kept out of a page's first load (what a page load's audit, such as
 * Lighthouse's, measures, as no one acts on the page then). The server render and hydration say false.
 */
export function useAfterFirstInput(ready: boolean): boolean {
  const [acted, setActed] = useState(false);
  useEffect(() => {
    if (!ready || acted) return;
    const act = () => setActed(true);
    const options = { capture: true, passive: true } as const;
    for (const input of INPUTS) window.addEventListener(input, act, options);
    return () => {
      for (const input of INPUTS) window.removeEventListener(input, act, options);
    };
  }, [ready, acted]);
  return acted;
}
