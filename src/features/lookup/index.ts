// What the rest of the page may use of the lookup; everything else in this folder is its own.
export { LookupPage } from './LookupPage';
export { addressDraft, isDigitalLinkAddress, readAddress } from './addressCode';
export { DigitalLinkPath, LookupRoute } from './digitalLink/DigitalLinkPath';
export { installLinkParser } from './digitalLink/linkParser';
export { LinkLevelPrefill } from './digitalLink/linkLevelPrefill';
export { codeLink } from './codeLink';
export { unitName } from './traceRows';
export { rowText } from './result/rowText';
export { UNITS_SHOWN_FIRST } from './result/UnitCodeList';
export { packMismatches, recordMismatches, type PackMismatch } from './result/packMismatch';
export { mismatchTexts } from './result/mismatchTexts';
export { readDigitalLink } from './digitalLink/addressLink';
export { addGs1Texts } from './digitalLink/gs1Texts';
