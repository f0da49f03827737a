import { useCallback, useContext } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '@/store/hooks';
import { ScannerDevicesContext } from './scannerDevices';
import type { DecodedCode } from './decode/decodedCode';
import { findingOf } from './scanHints';
import { choicesFound, fileScanFinished, fileScanStarted, scanFailed, type ScannerState } from './scannerSlice';

/**
 * The one photo-scan routine behind the photo button, drop and paste. It reads the store when called,
 * not at render: the hint in the camera dialog stops the camera and scans a photo in the same click.
 */
export function usePhotoScan(onDetected: (code: DecodedCode) => void): (photo: Blob) => Promise<void> {
  const dispatch = useAppDispatch();
  // Typed by the part it reads, the scanner's own slice: the store that holds it is the app's to compose.
  const store = useStore<{ scanner: ScannerState }>();
  const { decodePhoto } = useContext(ScannerDevicesContext);

  return useCallback(
    async (photo: Blob) => {
      const { status, scanningFile } = store.getState().scanner;
      // Section 4: a file scan only when the scanner is not started (and not already reading a photo).
      if (status !== 'notStarted' || scanningFile) return;
      dispatch(fileScanStarted());
      let codes: DecodedCode[];
      try {
        codes = await decodePhoto(photo);
      } catch {
        dispatch(scanFailed('photoUnreadable'));
        return;
      }
      const finding = findingOf(codes);
      if (finding.kind === 'nothing') return void dispatch(scanFailed('noCodeDetected'));
      // A few cans photographed together: the visitor picks the one they mean.
      if (finding.kind === 'codes' && finding.codes.length > 1) return void dispatch(choicesFound(finding.codes));
      dispatch(fileScanFinished());
      onDetected(finding.kind === 'codes' ? finding.codes[0] : finding.code);
    },
    [decodePhoto, dispatch, onDetected, store],
  );
}
