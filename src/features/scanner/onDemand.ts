// What the rest of the page may use of the scanner once a visitor reaches for it: import it only from
// a module that is itself loaded on demand (npm run size fails when the scanner is in the first load).
export { CodeChoiceDialog } from './CodeChoiceDialog';
export { PhotoScanButton } from './PhotoScanButton';
export { usePhotoDropAndPaste } from './usePhotoDropAndPaste';
export { ScannerDialogWhenOpen } from './ScannerDialog';
export { ScannerDevicesContext } from './scannerDevices';
