import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '@/store/store';
import './baseline.css';

/** The store for the whole page. MUI's theme wraps only the parts drawn with MUI (src/shared/ui/MuiTheme.tsx). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
