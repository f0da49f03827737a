import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { makeStore, type RootState } from '@/app/store';
import { i18n } from '@/i18n/i18n';
import type { Language } from '@/config';

export interface RenderAppOptions {
  route?: string;
  language?: Language;
  preloadedState?: Partial<RootState>;
}

/** The whole app (real store, router, theme and i18n) at a route, as a shopper would open it. */
export async function renderApp({ route = '/', language = 'vi', preloadedState }: RenderAppOptions = {}) {
  await i18n.changeLanguage(language);
  const store = makeStore(preloadedState);
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, user, ...view };
}
