// GS1's character sets for alphanumeric AI values (General Specifications 7.11, figures 7.11-1 and 7.11-2): the
// Digital Link parser checks a link's values with them, and a report checks the pack it carries with CSET 82.

/** CSET 82: what a lot (AI 10), a serial (AI 21) and most alphanumeric values may hold. */
export const CSET_82 = /^[!"%-?A-Z_a-z]*$/;
/** CSET 39: the few AIs that take fewer characters. */
export const CSET_39 = /^[#\-/0-9A-Z]*$/;
