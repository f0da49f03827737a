import type { DecodedCode } from './decode/decodedCode';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/store/store';

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
  | 'photoUnreadable'
  | 'videoFailed';

export interface ScannerState {
  status: ScannerStatus;
  /** True while a photo is being decoded; only possible when the camera is not started. */
  scanningFile: boolean;
  error: ScannerErrorKey | null;
  /** Several codes in one photo: the visitor picks one; empty otherwise. */
  choices: DecodedCode[];
}

const initialState: ScannerState = { status: 'notStarted', scanningFile: false, error: null, choices: [] };

// Reducers are a state machine: an event that is not allowed in the current state changes nothing.
export const scannerSlice = createSlice({
  name: 'scanner',
  initialState,
  reducers: {
    scanStarted(state) {
      if (state.status !== 'notStarted' || state.scanningFile) return;
      state.status = 'scanning';
      state.error = null;
      state.choices = [];
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
      state.choices = [];
    },
    fileScanFinished(state) {
      state.scanningFile = false;
    },
    choicesFound(state, action: PayloadAction<DecodedCode[]>) {
      state.scanningFile = false;
      state.choices = action.payload;
    },
    choiceClosed(state) {
      state.choices = [];
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
    selectCodeChoices: (state) => state.choices,
  },
});

export const {
  scanStarted,
  scanPaused,
  scanResumed,
  scanStopped,
  fileScanStarted,
  fileScanFinished,
  choicesFound,
  choiceClosed,
  scanFailed,
  scanErrorCleared,
} = scannerSlice.actions;

declare module '@/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the store's FeatureSlices
  interface FeatureSlices extends WithSlice<typeof scannerSlice> {}
}

// Injected when this module loads, before any store is made: the app's modules import it first.
const injected = scannerSlice.injectInto(rootReducer);

export const { selectScannerStatus, selectScannerOpen, selectScanningFile, selectScannerError, selectCodeChoices } =
  injected.selectors;
