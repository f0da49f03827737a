import { createShellFieldHandOver } from '@/shared/shellFieldHandOver';

/**
 * The code field's hand-over from the HTML the page arrived in; it ends with the page's first commit
 * whether or not that showed the field (a first page without it, then a visit to the lookup page, must
 * not take over stale text or the focus).
 */
export const codeFieldHandOver = createShellFieldHandOver();
