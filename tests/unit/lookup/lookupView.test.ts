import { describe, expect, it } from 'vitest';
import { lookupView, type LookupState } from '@/features/lookup/lookupView';

const product = { kind: 'product', product: { Code: 'P' } } as LookupState['result'];
const box = { kind: 'box', box: { Code: 'B' } } as LookupState['result'];
const idle: LookupState = { isLoading: false, failure: undefined, result: undefined, scannerErrorKey: null };

describe('lookupView', () => {
  it('shows nothing to display before any search', () => {
    expect(lookupView(idle).name).toBe('empty');
  });

  it('shows loading above everything else', () => {
    expect(lookupView({ ...idle, isLoading: true, result: product, failure: { key: 'errors.systemError' } }).name).toBe('loading');
  });

  it('shows a scanner problem as the result error', () => {
    expect(lookupView({ ...idle, scannerErrorKey: 'scanner.errors.cameraNotFound' })).toEqual({
      name: 'error',
      message: { key: 'scanner.errors.cameraNotFound' },
      offerAlternatives: true,
    });
  });

  it('shows a lookup failure with its parameters', () => {
    const failure = { key: 'errors.systemErrorAt', params: { code: '401', endpoint: '/x' } } as const;
    expect(lookupView({ ...idle, failure })).toEqual({ name: 'error', message: failure });
  });

  it('shows a box or a product result', () => {
    expect(lookupView({ ...idle, result: box }).name).toBe('box');
    expect(lookupView({ ...idle, result: product }).name).toBe('product');
  });
});
