import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { traceApi } from '@/api/traceApi';
import type { TraceChannels } from '@/api/traceApi';

/**
 * The slices the features add. Each declares itself here (`declare module '@/store/store'`) and is
 * injected by its own module, so the store, and the typed hooks every feature uses, import no feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface FeatureSlices {}

export const rootReducer = combineSlices(traceApi).withLazyLoadedSlices<FeatureSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/**
 * One store for the app, a fresh one per test and per server render (which passes its in-process
 * transport; the browser passes the static page's early request). DevTools are on in development builds only.
 */
export function makeStore(preloadedState?: Partial<RootState>, transport?: TraceChannels) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: transport } }).concat(traceApi.middleware),
    devTools: import.meta.env.DEV && { name: 'QR trace lookup' },
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
