/** The class names given, in order, leaving out the conditions that did not hold. */
export const classNames = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');
