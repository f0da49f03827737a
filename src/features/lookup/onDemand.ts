// What only a page loaded on demand may use of the lookup (the support desk): re-exported by index.ts it would
// be bundled into the first load.
export { GS1_CATALOGUES } from './digitalLink/gs1Catalogues';
// The result's parts that the support desk and the server render use: the page's own result loads them in their
// chunk (./resultView.ts).
export { unitName } from './traceRows';
export { rowText } from './result/rowText';
export { packMismatches, recordMismatches } from './result/packMismatch';
export { mismatchTexts } from './result/mismatchTexts';
