/** A primitive inside a service answer, by its path ('Data.Products.0.Code'). */
export interface Leaf {
  path: string;
  value: string | number | boolean | null;
}

/** Every primitive of a JSON value, depth first, in a stable order (the answer's own). */
export function leavesOf(value: unknown, path = ''): Leaf[] {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return [{ path, value }];
  if (typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => leavesOf(child, path === '' ? key : `${path}.${key}`));
}

/** The answer with the strings at these paths replaced, and the numbers by the numbers these texts write. */
export function withStrings(value: unknown, replacements: ReadonlyMap<string, string>, path = ''): unknown {
  if (typeof value === 'string') return replacements.get(path) ?? value;
  if (typeof value === 'number') return replacements.has(path) ? Number(replacements.get(path)) : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value))
    return value.map((child, i) => withStrings(child, replacements, path === '' ? String(i) : `${path}.${i}`));
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      withStrings(child, replacements, path === '' ? key : `${path}.${key}`),
    ]),
  );
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';

/** A random character of the alphabet other than `char`, so no letter or digit keeps its value. */
function other(alphabet: string, char: string): string {
  const offset = 1 + Math.floor(Math.random() * (alphabet.length - 1));
  return alphabet[(alphabet.indexOf(char) + offset) % alphabet.length];
}

/**
 * Another string of the same form: same length, each ASCII letter or digit swapped for another of its
 * kind, everything else (spaces, accents, punctuation) kept. A page that treats a value as text renders
 * the two alike; a page that reads meaning into it (a date, a unit, a prefix) shows it.
 */
export function lookalike(value: string): string {
  const swapped = value.replace(/[A-Za-z0-9]/g, (char) =>
    other(/[A-Z]/.test(char) ? UPPER : /[a-z]/.test(char) ? LOWER : DIGITS, char),
  );
  // The digits of a number keep a leading digit other than 0, so the number writes them all.
  return /^[1-9][0-9]*$/.test(value) && swapped.startsWith('0') ? lookalike(value) : swapped;
}

/**
 * What a lookalike keeps of a value: its length, the class of each ASCII letter or digit, every other
 * character as it is. A proof by lookalike covers exactly the values of the same shape; another shape
 * ('//host', 'javascript:', a '.' in a number) may take another branch of the page's code.
 */
export function shapeOf(value: string): string {
  return value.replace(/[A-Z]/g, 'A').replace(/[a-z]/g, 'a').replace(/[0-9]/g, '9');
}

/** A lookalike of a value without an ASCII letter or digit is the value itself: nothing would be proven. */
export function hasLookalike(value: string): boolean {
  return /[A-Za-z0-9]/.test(value);
}
