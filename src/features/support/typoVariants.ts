import { QR_CODE_MAX_LENGTH, QR_CODE_MIN_LENGTH } from '@/contract/traceContract';

/**
 * The most variants looked up for one code: each is a call to a rate-limited service. 16 single swaps cover a
 * typical code's confusable characters; 4 more leave room for its whole-code readings (a 17-character code
 * rarely repeats more than two confusable characters).
 */
export const MAX_VARIANTS = 20;

// Characters easily mistaken for one another when read off a photo or heard on the phone.
const CONFUSABLE_GROUPS = ['O0', 'I1L', 'S5', 'B8', 'Z2', 'G6'];
const TWINS = new Map<string, string[]>(
  CONFUSABLE_GROUPS.flatMap((group) =>
    Array.from(group, (char) => [char, Array.from(group).filter((other) => other !== char)] as const),
  ),
);

const isConfusable = (char: string) => TWINS.has(char);

/**
 * The codes a customer may have meant, at most MAX_VARIANTS, never the code itself.
 * A code of the right length: first each confusable character read the same way throughout the code (a customer
 * who reads one O for a 0 reads them all: every O swapped for 0), then, from the first character on, one
 * confusable character swapped for its twin (O for 0, 1 for I or L…). The whole-code readings come first so
 * that the cap never cuts them off in a code full of confusable characters.
 * A code one character too long: a confusable or doubled character dropped; one too short: a confusable
 * character doubled (a '00' heard as one '0'). Upper-case, as the service matches codes. None when the
 * code has no confusable character.
 */
export function typoVariants(code: string): string[] {
  const upper = code.toUpperCase();
  const chars = Array.from(upper);
  const variants = new Set<string>();
  if (upper.length >= QR_CODE_MIN_LENGTH && upper.length <= QR_CODE_MAX_LENGTH) {
    // A character seen once is already one of the single swaps below.
    const repeated = chars.filter((char, index) => isConfusable(char) && chars.indexOf(char) !== index);
    for (const char of new Set(repeated)) {
      for (const twin of TWINS.get(char) ?? []) variants.add(upper.replaceAll(char, twin));
    }
  }
  chars.forEach((char, index) => {
    if (upper.length >= QR_CODE_MIN_LENGTH && upper.length <= QR_CODE_MAX_LENGTH) {
      for (const twin of TWINS.get(char) ?? []) variants.add(upper.slice(0, index) + twin + upper.slice(index + 1));
    } else if (upper.length === QR_CODE_MAX_LENGTH + 1) {
      if (isConfusable(char) || char === chars[index - 1]) variants.add(upper.slice(0, index) + upper.slice(index + 1));
    } else if (upper.length === QR_CODE_MIN_LENGTH - 1 && isConfusable(char)) {
      variants.add(upper.slice(0, index) + char + upper.slice(index));
    }
  });
  variants.delete(upper);
  return [...variants].slice(0, MAX_VARIANTS);
}
