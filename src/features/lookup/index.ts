// What the rest of the page may use of the lookup; everything else in this folder is its own.
export { LookupPage } from './LookupPage';
export { addressDraft, isDigitalLinkAddress, readAddress } from './addressCode';
export { DigitalLinkPath, LookupRoute, whenLinkReaderLive } from './digitalLink/DigitalLinkPath';
export { installLinkParser } from './digitalLink/linkParser';
export { LinkLevelPrefill } from './digitalLink/linkLevelPrefill';
export { codeLink } from './codeLink';
export { UNITS_SHOWN_FIRST } from '@/api/traceResult';
export type { PackMismatch } from './result/packMismatch';
export { loadResultView } from './resultView';
export { readDigitalLink } from './digitalLink/addressLink';
export { addGs1Texts } from './digitalLink/gs1Texts';
