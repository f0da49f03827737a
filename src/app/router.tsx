import type { RouteObject } from 'react-router-dom';
import { LookupPage } from '@/features/lookup/LookupPage';
import { AppLayout } from '@/layout/AppLayout';
import { NotFoundPage } from '@/layout/NotFoundPage';
import { RouteErrorPage } from '@/layout/RouteErrorPage';

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors in a page render inside the layout, so the header and language button stay.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <LookupPage /> },
          { path: 'dt', element: <LookupPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
