import { describe, expect, it } from 'vitest';
import { makeStore } from '@/store/store';
import {
  fileScanFinished,
  fileScanStarted,
  scanErrorCleared,
  scanFailed,
  scannerSlice,
  scanPaused,
  scanResumed,
  scanStarted,
  scanStopped,
  selectScannerError,
  selectScannerOpen,
  selectScannerStatus,
  selectScanningFile,
  type ScannerState,
} from '@/features/scanner/scannerSlice';

const notStarted: ScannerState = { status: 'notStarted', scanningFile: false, error: null, choices: [] };
const scanning: ScannerState = { status: 'scanning', scanningFile: false, error: null, choices: [] };
const paused: ScannerState = { status: 'paused', scanningFile: false, error: null, choices: [] };
const readingPhoto: ScannerState = { status: 'notStarted', scanningFile: true, error: null, choices: [] };

const reduce = (state: ScannerState, ...actions: Parameters<typeof scannerSlice.reducer>[1][]) =>
  actions.reduce(scannerSlice.reducer, state);

describe('scanner state machine (specification section 4)', () => {
  it.each([
    ['start', notStarted, scanStarted(), 'scanning'],
    ['pause from scanning', scanning, scanPaused(), 'paused'],
    ['resume from paused', paused, scanResumed(), 'scanning'],
    ['stop from scanning', scanning, scanStopped(), 'notStarted'],
    ['stop from paused', paused, scanStopped(), 'notStarted'],
  ] as const)('%s', (_, state, action, status) => {
    expect(reduce(state, action).status).toBe(status);
  });

  it.each([
    ['start while scanning', scanning, scanStarted()],
    ['start while paused', paused, scanStarted()],
    ['start while a photo is being read', readingPhoto, scanStarted()],
    ['pause when not started', notStarted, scanPaused()],
    ['pause while paused', paused, scanPaused()],
    ['resume when not started', notStarted, scanResumed()],
    ['resume while scanning', scanning, scanResumed()],
    ['stop when not started', notStarted, scanStopped()],
    ['file scan while scanning', scanning, fileScanStarted()],
    ['file scan while paused', paused, fileScanStarted()],
    ['file scan while a photo is being read', readingPhoto, fileScanStarted()],
  ] as const)('ignores %s: the state is unchanged', (_, state, action) => {
    expect(reduce(state, action)).toEqual(state);
  });

  it('allows a file scan only when not started, and ends it', () => {
    const reading = reduce(notStarted, fileScanStarted());
    expect(reading).toEqual(readingPhoto);
    expect(reduce(reading, fileScanFinished())).toEqual(notStarted);
  });

  it('starting clears the previous error', () => {
    const failed = reduce(notStarted, scanStarted(), scanFailed('permissionDenied'));
    expect(failed).toEqual({ status: 'notStarted', scanningFile: false, error: 'permissionDenied', choices: [] });
    expect(reduce(failed, scanStarted())).toEqual(scanning);
    expect(reduce(reduce(notStarted, scanFailed('noCodeDetected')), fileScanStarted()).error).toBeNull();
  });

  it('a failure stops the camera or the photo scan and keeps its message key', () => {
    expect(reduce(paused, scanFailed('cameraNotFound'))).toEqual({ ...notStarted, error: 'cameraNotFound' });
    expect(reduce(readingPhoto, scanFailed('noCodeDetected'))).toEqual({ ...notStarted, error: 'noCodeDetected' });
    expect(reduce(reduce(notStarted, scanFailed('noCodeDetected')), scanErrorCleared()).error).toBeNull();
  });

  it('exposes its state through selectors on the real store, all of it serializable', () => {
    const store = makeStore();
    expect(selectScannerOpen(store.getState())).toBe(false);
    store.dispatch(scanStarted());
    store.dispatch(scanPaused());
    expect(selectScannerStatus(store.getState())).toBe('paused');
    expect(selectScannerOpen(store.getState())).toBe(true);
    store.dispatch(scanFailed('insecureContext'));
    expect(selectScannerError(store.getState())).toBe('insecureContext');
    expect(selectScanningFile(store.getState())).toBe(false);
    expect(JSON.parse(JSON.stringify(store.getState().scanner))).toEqual(store.getState().scanner);
  });
});
