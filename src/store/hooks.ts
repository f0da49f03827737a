import { useDispatch, useSelector, useStore } from 'react-redux';
// Types only: the app composes the store from the features' slices; features reach it through these hooks.
import type { AppDispatch, AppStore, RootState } from '@/app/store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
