import { Suspense, lazy, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { mayBeDigitalLink } from '@/contract/gs1/digitalLinkShape';

// With the parser, in a chunk of its own: a page the server rendered at a Digital Link's address keeps the
// server's HTML for this boundary until the chunk is in, then hydrates it (React's Suspense hydration).
const DigitalLinkRoute = lazy(() => import('./DigitalLinkRoute'));

/**
 * A path of no route of its own: a GS1 Digital Link's (the service renders the page at `/01/…` and at
 * compressed links) is the lookup page, anything else `otherwise`.
 */
export function DigitalLinkPath({ otherwise }: { otherwise: ReactNode }) {
  const { pathname } = useLocation();
  if (!mayBeDigitalLink(new URL(pathname, 'http://page.invalid'))) return otherwise;
  return (
    <Suspense fallback={null}>
      <DigitalLinkRoute otherwise={otherwise} />
    </Suspense>
  );
}
