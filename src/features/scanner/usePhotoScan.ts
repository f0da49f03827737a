import { useCallback, useContext } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '@/app/hooks';
import type { RootState } from '@/app/store';
import { ScannerDevicesContext } from './scannerDevices';
import { fileScanFinished, fileScanStarted, scanFailed } from './scannerSlice';

/**
 * The one photo-scan routine behind the photo button, drop and paste. It reads the store when called,
 * not at render: the hint in the camera dialog stops the camera and scans a photo in the same click.
 */
export function usePhotoScan(onDetected: (text: string) => void): (photo: Blob) => Promise<void> {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const { decodePhoto } = useContext(ScannerDevicesContext);

  return useCallback(
    async (photo: Blob) => {
      const { status, scanningFile } = store.getState().scanner;
      // Section 4: a file scan only when the scanner is not started (and not already reading a photo).
      if (status !== 'notStarted' || scanningFile) return;
      dispatch(fileScanStarted());
      let text: string | null;
      try {
        text = await decodePhoto(photo);
      } catch {
        dispatch(scanFailed('photoUnreadable'));
        return;
      }
      if (text === null) {
        dispatch(scanFailed('noCodeDetected'));
        return;
      }
      dispatch(fileScanFinished());
      onDetected(text);
    },
    [decodePhoto, dispatch, onDetected, store],
  );
}
