import { describe, expect, it } from 'vitest';
import { normalizeInput, validateCode } from '@/features/lookup/qrCode';

describe('normalizeInput', () => {
  it('drops surrounding spaces, tabs and line breaks', () => {
    expect(normalizeInput('  1D24B3261X54A2320 \t\n')).toBe('1D24B3261X54A2320');
  });
});

describe('validateCode', () => {
  it('asks for a code when there is none', () => {
    expect(validateCode('')).toBe('errors.emptyCode');
  });

  it.each([
    ['16 characters', 'A'.repeat(16), 'errors.invalidCode'],
    ['17 characters', 'A'.repeat(17), null],
    ['18 characters', 'A'.repeat(18), null],
    ['19 characters', 'A'.repeat(19), 'errors.invalidCode'],
    ['1 character', 'A', 'errors.invalidCode'],
  ])('%s', (_, code, expected) => {
    expect(validateCode(code)).toBe(expected);
  });
});
