/**
 * A Digital Link value (lot, serial, data attribute) as GS1's canonical form writes it: RFC 3986's unreserved
 * characters stay, everything else is percent-encoded (`encodeURIComponent` leaves `!'()*`, so it alone is not
 * enough). The one encoder of the parser's canonical URI, the resolver's links and the page's JSON-LD, so the same
 * lot is the same URI everywhere.
 */
export const encodeDigitalLinkValue = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
