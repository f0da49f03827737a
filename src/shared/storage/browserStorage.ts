/**
 * localStorage that never throws: private modes, blocked cookies and a full quota make it throw on
 * read or write, and the page must work as if nothing were kept.
 */
export const browserStorage = {
  /** The stored text; null when none is stored; undefined when storage cannot be read at all. */
  read(key: string): string | null | undefined {
    try {
      return typeof localStorage === 'undefined' ? undefined : localStorage.getItem(key);
    } catch {
      return undefined;
    }
  },
  /** False when storage refused the write. */
  write(key: string, value: string | null): boolean {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
};
