// Everything of the scanner the page shows comes through this one on-demand module, so the bundler
// makes one lazy chunk beside the first-load one instead of splitting shared code into extra requests.
export { ScannerDialogWhenOpen } from '@/features/scanner/onDemand';
export { PhotoScanActions } from './PhotoScanActions';
