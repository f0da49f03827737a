// What the rest of the page may use of the lookup; everything else in this folder is its own.
export { LookupPage } from './LookupPage';
export { addressDraft, isDigitalLinkAddress, readAddress } from './addressCode';
export { codeLink } from './codeLink';
export { unitName } from './traceRows';
export { rowText } from './result/rowText';
export { UNITS_SHOWN_FIRST } from './result/UnitCodeList';
export { packMismatches, type PrintedPack } from './digitalLink/packMismatch';
export { mismatchTexts } from './digitalLink/mismatchTexts';
export { readDigitalLink } from './digitalLink/addressLink';
