import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { traceApi } from '@/api/traceApi';
import type { TraceTransport } from '@/api/traceContract';
import { scannerSlice } from '@/features/scanner/scannerSlice';

const rootReducer = combineSlices(traceApi, scannerSlice);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * One store for the app, a fresh one per test and per server render (which passes its in-process
 * transport). DevTools are on in development builds only.
 */
export function makeStore(preloadedState?: Partial<RootState>, transport?: TraceTransport) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: transport } }).concat(traceApi.middleware),
    devTools: import.meta.env.DEV && { name: 'QR trace lookup' },
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
