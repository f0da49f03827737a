// What the rest of the page may use of the scanner as it starts; everything else in this folder is
// its own. The slots load the camera and photo parts on demand (one chunk, ./scannerUi.ts): imported
// here directly, they would be bundled into the first load (22 kB gzip more, measured by npm run size).
export {
  scannerSlice,
  scanErrorCleared,
  scanFailed,
  scanStarted,
  selectScannerError,
  selectScannerOpen,
  type ScannerErrorKey,
} from './scannerSlice';
export type { DecodedCode } from './decode/decodedCode';
export { PHOTO_INPUT_ID } from './scanHints';
export { DisabledPhotoButton } from './DisabledPhotoButton';
export { PhotoScanSlot } from './PhotoScanSlot';
export { CameraDialogSlot } from './CameraDialogSlot';
