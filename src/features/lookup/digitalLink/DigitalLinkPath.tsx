import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { mayBeDigitalLink } from '@/contract/gs1/digitalLinkShape';
import { isDigitalLinkAddress, type Address } from '../addressCode';
import { LookupPage } from '../LookupPage';
import type { Gs1Catalogues } from './gs1Catalogues';
import { addGs1Texts } from './gs1Texts';
import { installLinkParser } from './linkParser';

let gs1Catalogues: Gs1Catalogues | null = null;
let readerCommitted: () => void = () => undefined;
const readerLive = new Promise<void>((resolve) => (readerCommitted = resolve));

/** Its children, once the parser and the texts are in: what the page at a Digital Link's address waits for. */
function WithLinkReader({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  if (gs1Catalogues) addGs1Texts(i18n, gs1Catalogues);
  // Its children (the page's buttons among them) are on the document, hydrated: they take taps from here on.
  useEffect(() => readerCommitted(), []);
  return children;
}

// The parser and the texts alone, on demand: a page the server rendered at a Digital Link's address keeps the
// server's HTML for this boundary until they are in, then hydrates it (React's Suspense hydration). Nothing of
// the page is imported there (see ./gs1Catalogues), so the first load's chunks stay as they are.
const LinkReader = lazy(async () => {
  const [{ parseDigitalLink }, { GS1_CATALOGUES }] = await Promise.all([
    import('@/contract/gs1/digitalLink'),
    import('./gs1Catalogues'),
  ]);
  installLinkParser(parseDigitalLink);
  gs1Catalogues = GS1_CATALOGUES;
  return { default: WithLinkReader };
});

/** Whether an address is read with the parser: its path may be a Digital Link's, or its `qr` a link that may be one. */
function readsWithParser(pathname: string, search: string): boolean {
  if (mayBeDigitalLink(new URL(pathname, 'http://page.invalid'))) return true;
  const qr = new URLSearchParams(search).get('qr')?.trim();
  if (!qr || !/^https?:\/\//i.test(qr)) return false;
  try {
    return mayBeDigitalLink(new URL(qr));
  } catch {
    return false;
  }
}

/**
 * When the page at this address takes taps: null when at once (src/main.tsx announces it live as it starts
 * hydrating), else once the link reader's chunk is in and the page behind it has hydrated. Until then its
 * buttons are the server's HTML inside a Suspense boundary, and a tap the loader made again there was lost.
 */
export function whenLinkReaderLive({ pathname, search }: Address): Promise<void> | null {
  return readsWithParser(pathname, search) ? readerLive : null;
}

/**
 * The lookup page at its own routes: with the parser first when the address's `qr` may be a Digital Link (a
 * link pasted into the field and sent before the script ran, or shared), so the page reads it as the server did.
 */
export function LookupRoute() {
  const { pathname, search } = useLocation();
  if (!readsWithParser(pathname, search)) return <LookupPage />;
  return (
    <Suspense fallback={null}>
      <LinkReader>
        <LookupPage />
      </LinkReader>
    </Suspense>
  );
}

function DigitalLinkRoute({ otherwise }: { otherwise: ReactNode }) {
  const location = useLocation();
  return isDigitalLinkAddress(location) ? <LookupPage /> : otherwise;
}

/**
 * A path of no route of its own: a GS1 Digital Link's (the service renders the page at `/01/…` and at
 * compressed links) is the lookup page, anything else `otherwise`.
 */
export function DigitalLinkPath({ otherwise }: { otherwise: ReactNode }) {
  const { pathname } = useLocation();
  if (!readsWithParser(pathname, '')) return otherwise;
  return (
    <Suspense fallback={null}>
      <LinkReader>
        <DigitalLinkRoute otherwise={otherwise} />
      </LinkReader>
    </Suspense>
  );
}
