import { useEffect, useState } from 'react';

/** A page scrolled by finger, wheel or keys: the shopper reads on. */
const SCROLLS = ['scroll', 'wheel'] as const;

/**
 * True once the visitor has first scrolled the page after `ready` became true, and for good: for work that only
 * a visitor who stays to read needs, kept out of a page's first load (what a page load's audit, such as
 * Lighthouse's, measures: no one scrolls then) and out of a first tap elsewhere (the camera starting, which
 * such work slowed). The server render and hydration say false.
 */
export function useAfterFirstScroll(ready: boolean): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!ready || scrolled) return;
    const scroll = () => setScrolled(true);
    const options = { capture: true, passive: true } as const;
    for (const event of SCROLLS) window.addEventListener(event, scroll, options);
    return () => {
      for (const event of SCROLLS) window.removeEventListener(event, scroll, options);
    };
  }, [ready, scrolled]);
  return scrolled;
}
