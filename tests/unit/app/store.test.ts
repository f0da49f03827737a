import { describe, expect, it } from 'vitest';
import { makeStore } from '@/store/store';
import { scanStarted, selectScannerStatus } from '@/features/scanner/scannerSlice';

describe('makeStore', () => {
  it('holds the trace api and the scanner state', () => {
    const state = makeStore().getState();
    expect(state).toHaveProperty('traceApi');
    expect(state.scanner).toEqual({ status: 'notStarted', scanningFile: false, error: null, choices: [] });
  });

  it('makes an independent store each time', () => {
    const first = makeStore();
    const second = makeStore();
    first.dispatch(scanStarted());
    expect(selectScannerStatus(first.getState())).toBe('scanning');
    expect(selectScannerStatus(second.getState())).toBe('notStarted');
  });

  it('starts from a preloaded state', () => {
    const store = makeStore({ scanner: { status: 'paused', scanningFile: false, error: null, choices: [] } });
    expect(selectScannerStatus(store.getState())).toBe('paused');
  });

  it('names actions as events', () => {
    expect(scanStarted().type).toBe('scanner/scanStarted');
  });
});
