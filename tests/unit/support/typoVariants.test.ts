import { describe, expect, it } from 'vitest';
import { MAX_VARIANTS, typoVariants } from '@/features/support/typoVariants';

describe('typoVariants', () => {
  it('swaps one confusable character for its twins, upper-case, never the code itself', () => {
    const variants = typoVariants('th26a1105c48b0001');
    expect(variants).toContain('TH26A1105C48B000I');
    expect(variants).toContain('TH26A1105C48B000L');
    expect(variants).toContain('TH26A1105C48BO001');
    expect(variants).toContain('TH26A1105C4BB0001');
    expect(variants).not.toContain('TH26A1105C48B0001');
    expect(variants.every((variant) => variant.length === 17 && variant === variant.toUpperCase())).toBe(true);
  });

  it('swaps each pair both ways: O/0, I/1/L, S/5, B/8, Z/2, G/6', () => {
    expect(typoVariants('AAAAAAAAAAAAAAAAO')).toEqual(['AAAAAAAAAAAAAAAA0']);
    expect(typoVariants('AAAAAAAAAAAAAAAA1')).toEqual(['AAAAAAAAAAAAAAAAI', 'AAAAAAAAAAAAAAAAL']);
    expect(typoVariants('AAAAAAAAAAAAAAAAL')).toEqual(['AAAAAAAAAAAAAAAAI', 'AAAAAAAAAAAAAAAA1']);
    expect(typoVariants('AAAAAAAAAAAAAAAA5')).toEqual(['AAAAAAAAAAAAAAAAS']);
    expect(typoVariants('AAAAAAAAAAAAAAAAB')).toEqual(['AAAAAAAAAAAAAAAA8']);
    expect(typoVariants('AAAAAAAAAAAAAAAA2')).toEqual(['AAAAAAAAAAAAAAAAZ']);
    expect(typoVariants('AAAAAAAAAAAAAAAA6')).toEqual(['AAAAAAAAAAAAAAAAG']);
  });

  it('gives none for a code without a confusable character', () => {
    expect(typoVariants('AAAAAAAAAAAAAAAAA')).toEqual([]);
  });

  it('fixes a code one character long by dropping a confusable or doubled one', () => {
    expect(typoVariants('AAAAAAAAAAAAAAAAA0C')).toEqual(['AAAAAAAAAAAAAAAA0C', 'AAAAAAAAAAAAAAAAAC']);
    // The doubled A dropped at any of its places gives the same code once.
    expect(typoVariants('ACACACACACACACACAAC')).toEqual(['ACACACACACACACACAC']);
  });

  it('fixes a code one character short by doubling a confusable one', () => {
    expect(typoVariants('AAAAAAAAAAAAAAA0')).toEqual(['AAAAAAAAAAAAAAA00']);
  });

  it('looks up at most 20 variants of a code', () => {
    const variants = typoVariants('I1I1I1I1I1I1I1I1I');
    expect(variants).toHaveLength(MAX_VARIANTS);
    expect(new Set(variants).size).toBe(MAX_VARIANTS);
    // Each character read the same way throughout comes first, then the single swaps from the first character on.
    expect(variants.slice(0, 6)).toEqual([
      '11111111111111111',
      'L1L1L1L1L1L1L1L1L',
      'IIIIIIIIIIIIIIIII',
      'ILILILILILILILILI',
      '11I1I1I1I1I1I1I1I',
      'L1I1I1I1I1I1I1I1I',
    ]);
  });

  it('reads each confusable character the same way throughout the code (every O a 0)', () => {
    const variants = typoVariants('QS26AO4O4K1OZOOO1');
    expect(variants).toContain('QS26A0404K10Z0001');
    // Before the single swaps, so the cap never drops it in a code full of confusable characters.
    expect(variants.indexOf('QS26A0404K10Z0001')).toBe(0);
    // A real code's single swaps all still fit beside its whole-code readings (every 0 an O, every 1 an I or L).
    const real = typoVariants('TH26A1105C48B0001');
    expect(real.slice(0, 3)).toEqual(['TH26AII05C48B000I', 'TH26ALL05C48B000L', 'TH26A11O5C48BOOO1']);
    expect(real).toContain('TH26A1105C48B000L');
  });
});
