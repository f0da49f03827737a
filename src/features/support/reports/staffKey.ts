const KEY = 'support.staffKey';

/**
 * The desk's staff key, typed by staff and kept in this tab's session only (gone when the tab closes): the page
 * ships with no staff key, and a shopper's page never reads this one.
 */
export const staffKeyStore = {
  read(): string {
    try {
      return sessionStorage.getItem(KEY) ?? '';
    } catch {
      return '';
    }
  },
  write(key: string): void {
    try {
      if (key === '') sessionStorage.removeItem(KEY);
      else sessionStorage.setItem(KEY, key);
    } catch {
      // A tab that keeps nothing asks for the key again next time.
    }
  },
};
