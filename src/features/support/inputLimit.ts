/**
 * The most characters (UTF-16 units) of a pasted message the support desk reads: a chat message is a few
 * hundred, and the bound keeps the extraction and the field quick on any paste.
 */
export const MAX_INPUT_CHARS = 100_000;

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/** The first MAX_INPUT_CHARS characters of a text; an emoji across the cut is kept whole, not halved. */
export function withinInputLimit(text: string): string {
  if (text.length <= MAX_INPUT_CHARS) return text;
  const end = isHighSurrogate(text.charCodeAt(MAX_INPUT_CHARS - 1)) ? MAX_INPUT_CHARS + 1 : MAX_INPUT_CHARS;
  return text.slice(0, end);
}

/** A text the limit has filled: whatever was typed or pasted beyond it was left out. */
export const atInputLimit = (text: string) => text.length >= MAX_INPUT_CHARS;
