import { randomInt } from 'node:crypto';
import { REPORT_REFERENCE_ALPHABET } from '../../src/contract/reports.ts';

/**
 * A new reference, R-XXXX-XXXX: 8 characters of 31 (about 40 bits) from the system's random source, so that
 * a shopper can read it out on the phone and nobody can guess another's. It opens nothing by itself: the
 * desk's routes need a staff key.
 */
export function newReference(): string {
  const pick = () => REPORT_REFERENCE_ALPHABET[randomInt(REPORT_REFERENCE_ALPHABET.length)];
  const group = () => Array.from({ length: 4 }, pick).join('');
  return `R-${group()}-${group()}`;
}
