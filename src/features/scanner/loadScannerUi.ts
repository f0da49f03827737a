import { useEffect, type ComponentType } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { scanFailed, selectScannerOpen } from './scannerSlice';
import { DisabledPhotoButton } from './DisabledPhotoButton';

type ScannerUi = typeof import('./scannerUi');

/** The camera cannot open without its chunk: say so in the result area and close the scanner. */
function ScannerUnavailable() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectScannerOpen);
  useEffect(() => {
    if (open) dispatch(scanFailed('cameraFailed'));
  }, [open, dispatch]);
  return null;
}

// The scanner chunk can fail to arrive (the network drops right after the page opened). The page must
// keep working for typed codes, so a failed load gives stand-ins instead of the route error screen.
let loading: Promise<ScannerUi | null> | undefined;
const scannerUi = () => (loading ??= import('./scannerUi').catch(() => null));

function pick<P>(choose: (ui: ScannerUi) => ComponentType<P>, standIn: ComponentType<P>) {
  return () => scannerUi().then((ui) => ({ default: ui ? choose(ui) : standIn }));
}

export const loadScannerDialog = pick((ui) => ui.ScannerDialogWhenOpen, ScannerUnavailable);
export const loadPhotoScanActions = pick((ui) => ui.PhotoScanActions, DisabledPhotoButton);
