// What only a page loaded on demand may use of the lookup (the support desk): re-exported by index.ts it would
// be bundled into the first load.
export { GS1_CATALOGUES } from './digitalLink/gs1Catalogues';
