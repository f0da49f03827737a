import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, type InitialEntry } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { makeStore, type RootState } from '@/store/store';
import type { Language } from '@/i18n/languages';
import { ScannerDevicesContext, browserScannerDevices, type ScannerDevices } from '@/features/scanner/scannerDevices';
import { i18n } from './i18nInstance';
import { LocationProbe, type LocationRef } from './locationProbe';

export interface RenderAppOptions {
  /** The address, or a history entry with its state (a reload or Back restores a draft from it). */
  route?: InitialEntry;
  language?: Language;
  preloadedState?: Partial<RootState>;
  /** The camera and photo decoder the scanner uses; jsdom has neither, so scanner tests pass fakes. */
  scannerDevices?: Partial<ScannerDevices>;
}

/** The whole app (real store, routes, theme and i18n) at an address, as a shopper would open it. */
// jsdom has no Worker, as it has no camera: the page's tests do not start the decoder.
const jsdomHasNoWorker: Partial<ScannerDevices> = { warmUpDecoder: () => undefined };

export async function renderApp({
  route = '/',
  language = 'vi',
  preloadedState,
  scannerDevices,
}: RenderAppOptions = {}) {
  await i18n.changeLanguage(language);
  const store = makeStore(preloadedState);
  const location: LocationRef = { current: null };
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store}>
      <ScannerDevicesContext.Provider value={{ ...browserScannerDevices, ...jsdomHasNoWorker, ...scannerDevices }}>
        <MemoryRouter initialEntries={[route]}>
          <AppRoutes />
          <LocationProbe probeRef={location} />
        </MemoryRouter>
      </ScannerDevicesContext.Provider>
    </AppProviders>,
  );
  return { store, location, user, ...view };
}
