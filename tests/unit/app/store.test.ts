import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { scanStarted } from '@/features/scanner/scannerSlice';

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
    expect(first.getState().scanner.status).toBe('scanning');
    expect(second.getState().scanner.status).toBe('notStarted');
  });

  it('starts from a preloaded state', () => {
    const store = makeStore({ scanner: { status: 'paused', scanningFile: false, error: null, choices: [] } });
    expect(store.getState().scanner.status).toBe('paused');
  });

  it('names actions as events', () => {
    expect(scanStarted().type).toBe('scanner/scanStarted');
  });
});
