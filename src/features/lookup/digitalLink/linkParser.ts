import { mayBeDigitalLink } from '@/contract/gs1/digitalLinkShape';
import type { parseDigitalLink } from '@/contract/gs1/digitalLink';
import { httpUrl } from '../httpUrl';

type Parse = typeof parseDigitalLink;

/**
 * GS1's Digital Link parser (4.7 kB gzip with its tables) stays out of the page's first load: most shoppers
 * come by `/dt?qr=`. It is put here by whoever loads it: the server render and the support desk at once, the
 * page when an address or a scanned text may be a Digital Link (mayBeDigitalLink, a tiny check).
 */
let parse: Parse | null = null;

export function installLinkParser(parser: Parse): void {
  parse = parser;
}

/** Loads the parser into the page (its own chunk); resolves once it reads links. */
export function loadLinkParser(): Promise<void> {
  return import('@/contract/gs1/digitalLink').then((module) => installLinkParser(module.parseDigitalLink));
}

/** Whether reading this URL waits for the parser: it may be a Digital Link and the parser is not in yet. */
export const needsLinkParser = (url: URL): boolean => parse === null && mayBeDigitalLink(url);

/** The URL as a Digital Link, or null: not one, or (before the parser is in) not known to be one. */
export function parseLink(url: URL) {
  if (parse === null || !mayBeDigitalLink(url)) return null;
  const link = parse(url);
  return link.ok ? link : null;
}

/**
 * Runs `read` once `text` can be read: at once, unless it is a link that may be a Digital Link and the
 * parser is not in yet; then after it loads (or fails to: the link is then read as any other link).
 */
export function whenLinkReadable(text: string, read: () => void): void {
  const url = httpUrl(text);
  if (url && needsLinkParser(url)) void loadLinkParser().then(read, read);
  else read();
}
