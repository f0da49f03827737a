/**
 * Whether a URL may be a GS1 Digital Link for a GTIN: a `/01/{digits}` path or a last segment that may be a
 * compressed link. No tables and no parser (those weigh about 4.5 kB gzip): the page checks this in its first
 * load and loads `./digitalLink` only when it holds. A true here is a maybe; `parseDigitalLink` decides.
 */
export function mayBeDigitalLink(url: URL): boolean {
  return /\/01\/\d/.test(url.pathname) || /\/[A-Za-z0-9_-]{10,}\/?$/.test(url.pathname);
}
