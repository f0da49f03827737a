import { describe, expect, it } from 'vitest';
import type { TraceResult } from '@/api/traceResult';
import { failureMessage, lookupView, type LookupState } from '@/features/lookup/lookupView';

const product = { kind: 'product', product: { Code: 'P' } } as TraceResult;
const CODE = '1D24B3261X54A2320';
const idle: LookupState = { code: null, entry: { status: 'uninitialized' }, scannerError: null };
const looking: LookupState = { ...idle, code: CODE };

describe('lookupView', () => {
  it('shows nothing to display when the address has no code', () => {
    expect(lookupView(idle).name).toBe('empty');
  });

  it('shows loading while the address has a code whose answer is not in', () => {
    expect(lookupView(looking).name).toBe('loading');
    expect(lookupView({ ...looking, entry: { status: 'pending' }, scannerError: 'cameraNotFound' }).name).toBe(
      'loading',
    );
  });

  it('shows a scanner problem as the result error, with the other ways in', () => {
    expect(lookupView({ ...idle, scannerError: 'cameraNotFound' })).toEqual({
      name: 'error',
      message: { key: 'scanner.errors.cameraNotFound', offerAlternatives: true },
    });
  });

  it('shows a lookup failure with its parameters', () => {
    const error = { key: 'errors.systemErrorAt', params: { code: '401', endpoint: '/x' } } as const;
    expect(lookupView({ ...looking, entry: { status: 'rejected', error } })).toEqual({ name: 'error', message: error });
  });

  it('shows the result the address asked for', () => {
    expect(
      lookupView({ ...looking, entry: { status: 'fulfilled', data: product, fulfilledTimeStamp: 1_800_000_000_000 } }),
    ).toEqual({
      name: 'result',
      result: product,
      answeredAt: 1_800_000_000_000,
    });
  });

  it('shows one error at a time: a field error hides an older scanner or lookup error below it', () => {
    const rejected = { status: 'rejected', error: { key: 'errors.noProducts' } } as const;
    expect(lookupView({ ...looking, entry: rejected, fieldError: true }).name).toBe('empty');
    expect(lookupView({ ...idle, scannerError: 'cameraNotFound', fieldError: true }).name).toBe('empty');
    expect(lookupView({ ...looking, entry: rejected }).name).toBe('error');
  });

  it('never shows a held answer when the address has no code', () => {
    expect(lookupView({ ...idle, entry: { status: 'fulfilled', data: product } }).name).toBe('empty');
  });
});

describe('failureMessage', () => {
  it('shows an exception inside the api slice as the plain system error', () => {
    expect(failureMessage({ from: 'trace', error: { name: 'TypeError', message: 'boom' } })).toEqual({
      key: 'errors.systemError',
    });
  });

  it('keeps the catalogue failure the api slice mapped', () => {
    expect(failureMessage({ from: 'trace', error: { key: 'errors.noProducts' } })).toEqual({
      key: 'errors.noProducts',
    });
  });
});
