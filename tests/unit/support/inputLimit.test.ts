import { describe, expect, it } from 'vitest';
import { MAX_INPUT_CHARS, atInputLimit, withinInputLimit } from '@/features/support/inputLimit';

describe('the support box limit', () => {
  it('keeps a text up to the limit as it is', () => {
    const text = 'a'.repeat(MAX_INPUT_CHARS);
    expect(withinInputLimit(text)).toBe(text);
    expect(atInputLimit(text)).toBe(true);
    expect(atInputLimit(text.slice(1))).toBe(false);
  });

  it('cuts a longer text at the limit, and never through the middle of an emoji', () => {
    expect(withinInputLimit('a'.repeat(MAX_INPUT_CHARS + 5))).toHaveLength(MAX_INPUT_CHARS);
    const acrossTheCut = `${'a'.repeat(MAX_INPUT_CHARS - 1)}🥛b`;
    expect(withinInputLimit(acrossTheCut)).toBe(`${'a'.repeat(MAX_INPUT_CHARS - 1)}🥛`);
    expect(atInputLimit(withinInputLimit(acrossTheCut))).toBe(true);
  });
});
