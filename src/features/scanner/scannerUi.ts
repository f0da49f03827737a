// Everything of the scanner shown once a visitor may reach for it comes through this one module, loaded
// on demand (./loadScannerUi.ts; the support desk through ./onDemand.ts), so the bundler makes one lazy
// chunk beside the first-load one instead of splitting shared code into extra requests.
export { ScannerDialogWhenOpen } from './ScannerDialog';
export { PhotoScanActions } from './PhotoScanActions';
export { ScannerDevicesContext } from './scannerDevices';
