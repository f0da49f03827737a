import { useDispatch, useSelector, useStore } from 'react-redux';
// The store knows no feature (they inject their slices), so these hooks take its types without a loop.
import type { AppDispatch, AppStore, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
