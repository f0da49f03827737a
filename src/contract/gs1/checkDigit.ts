/** GS1 mod-10: from the right, digits weigh 3, 1, 3, … and the total with the check digit ends in 0. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return checkDigitOf(digits.slice(0, -1)) === Number(digits[digits.length - 1]);
}

/** The check digit that closes these digits (GTIN, GLN, SSCC…). */
export function checkDigitOf(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

/** A GTIN-8, -12, -13 or -14 as the 14 digits GS1 keys it by (left-padded with zeros), or null when not a GTIN. */
export function gtin14(digits: string): string | null {
  if (!/^(\d{8}|\d{12,14})$/.test(digits)) return null;
  return digits.padStart(14, '0');
}
