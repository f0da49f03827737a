type Gs1Texts = Pick<typeof import('../../../../locales/vi.json'), 'gs1'>;

/**
 * The GS1 Digital Link's texts of every catalogue of locales/ (each one's `gs1`), by file path. A module of
 * its own that imports nothing of the page: the chunks that load it on demand (the page at a Digital Link's
 * address, the desk) then share no page module with the first load, which would split the first load's
 * chunks (Rolldown cuts a module two chunks need into a third).
 */
export const GS1_CATALOGUES = import.meta.glob<Gs1Texts>('../../../../locales/*.json', {
  query: { only: 'gs1' },
  import: 'default',
  eager: true,
});

export type Gs1Catalogues = typeof GS1_CATALOGUES;
