import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ScannerStatus = 'notStarted' | 'scanning' | 'paused';

/** Catalogue keys under `scanner.errors` in locales/*.json. */
export type ScannerErrorKey =
  | 'permissionDenied'
  | 'cameraNotFound'
  | 'insecureContext'
  | 'streamingNotSupported'
  | 'devicesUnavailable'
  | 'cameraFailed'
  | 'noCodeDetected'
  | 'photoUnreadable';

export interface ScannerState {
  status: ScannerStatus;
  /** True while a photo is being decoded; only possible when the camera is not started. */
  scanningFile: boolean;
  error: ScannerErrorKey | null;
}

const initialState: ScannerState = { status: 'notStarted', scanningFile: false, error: null };

// Reducers are a state machine: an event that is not allowed in the current state changes nothing.
export const scannerSlice = createSlice({
  name: 'scanner',
  initialState,
  reducers: {
    scanStarted(state) {
      if (state.status !== 'notStarted' || state.scanningFile) return;
      state.status = 'scanning';
      state.error = null;
    },
    scanPaused(state) {
      if (state.status === 'scanning') state.status = 'paused';
    },
    scanResumed(state) {
      if (state.status === 'paused') state.status = 'scanning';
    },
    scanStopped(state) {
      if (state.status !== 'notStarted') state.status = 'notStarted';
    },
    fileScanStarted(state) {
      if (state.status !== 'notStarted' || state.scanningFile) return;
      state.scanningFile = true;
      state.error = null;
    },
    fileScanFinished(state) {
      state.scanningFile = false;
    },
    scanFailed(state, action: PayloadAction<ScannerErrorKey>) {
      state.status = 'notStarted';
      state.scanningFile = false;
      state.error = action.payload;
    },
    scanErrorCleared(state) {
      state.error = null;
    },
  },
  selectors: {
    selectScannerStatus: (state) => state.status,
    selectScannerOpen: (state) => state.status !== 'notStarted',
    selectScanningFile: (state) => state.scanningFile,
    selectScannerError: (state) => state.error,
  },
});

export const {
  scanStarted,
  scanPaused,
  scanResumed,
  scanStopped,
  fileScanStarted,
  fileScanFinished,
  scanFailed,
  scanErrorCleared,
} = scannerSlice.actions;

export const { selectScannerStatus, selectScannerOpen, selectScanningFile, selectScannerError } =
  scannerSlice.selectors;
