import { Suspense, lazy, useLayoutEffect } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { DigitalLinkPath, LookupRoute } from '@/features/lookup';
import { AppLayout } from '@/layout/AppLayout';
import { NotFoundPage } from '@/layout/NotFoundPage';
import { serverHtml } from '@/shared/serverHtml';
import { RouteErrorBoundary } from '@/layout/RouteErrorBoundary';
import { RouteErrorPage } from '@/layout/RouteErrorPage';
import { cssVariables } from '../../theme/cssVariables';

// Staff's page: its own chunk, so the shopper's first load does not carry it.
const SupportPage = lazy(() => import('@/features/support').then(({ SupportRoute }) => ({ default: SupportRoute })));

// A declarative router, not createBrowserRouter: the data router adds about 17 kB gzip to the
// first load and this page uses none of its loaders or actions.
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <LookupRoute /> },
      { path: 'dt', element: <LookupRoute /> },
      {
        path: 'support',
        element: (
          <Suspense fallback={null}>
            <SupportPage />
          </Suspense>
        ),
      },
      // The lookup page at a GS1 Digital Link's address (its chunk loads only there), else not found.
      { path: '*', element: <DigitalLinkPath otherwise={<NotFoundPage />} /> },
    ],
  },
];

export function AppRoutes() {
  const element = useRoutes(routes);
  // After the first commit's own effects, among them the result's, which take the server's HTML over.
  useLayoutEffect(() => serverHtml.end(), []);
  const { pathname } = useLocation();
  // Outside the page's frame, which sets the theme's custom properties: here too.
  const fallback = (
    <main style={cssVariables}>
      <RouteErrorPage />
    </main>
  );
  // Keyed by path, so moving to another page clears a previous error.
  return (
    <RouteErrorBoundary key={pathname} fallback={fallback}>
      {element}
    </RouteErrorBoundary>
  );
}
