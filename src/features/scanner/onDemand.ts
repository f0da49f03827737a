// The scanner's photo decoder, for a page that is itself loaded on demand (the support desk). Through
// the scanner's lazy module, so the desk and the lookup page share its one chunk; re-exported by
// ./index.ts it would sit in the first load.
export { ScannerDevicesContext } from './scannerUi';
