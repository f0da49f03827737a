/** The parts of a GS1 Digital Link URI this page uses. */
export interface Gs1DigitalLink {
  gtin: string;
  lot: string | null;
  serial: string | null;
}

// Primary key /01/<GTIN>, then the qualifiers in GS1's order: /22/<CPV>, /10/<lot>, /21/<serial>. A path
// prefix before /01/ is allowed by the standard (a brand may host its resolver below a folder).
const PATH = /\/01\/(\d{8}|\d{12,14})(?:\/22\/([^/]+))?(?:\/10\/([^/]+))?(?:\/21\/([^/]+))?\/?$/;

/**
 * A GS1 Digital Link (GS1 Digital Link standard 1.x, uncompressed form) to its GTIN, lot and serial, or
 * null when the URL is not one. The GTIN's check digit must hold: a link that merely has /01/ and some
 * digits in its path is not taken for a product. A small parser rather than GS1's digital-link.js,
 * which with its grammar tables would weigh more than the whole first load for these three fields.
 */
export function parseGs1DigitalLink(url: URL): Gs1DigitalLink | null {
  const match = PATH.exec(url.pathname);
  if (!match) return null;
  const [, gtin, , lot, serial] = match;
  if (!hasValidCheckDigit(gtin)) return null;
  try {
    return { gtin, lot: lot ? decodeURIComponent(lot) : null, serial: serial ? decodeURIComponent(serial) : null };
  } catch {
    return null; // malformed percent-encoding
  }
}

/** GS1 mod-10: from the right, digits weigh 3, 1, 3, … and the total with the check digit ends in 0. */
export function hasValidCheckDigit(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}
