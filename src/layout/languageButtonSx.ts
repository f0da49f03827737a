/** The header's language control, as a button or as a menu's button: white outline, a thumb's height. */
export const languageButtonSx = { minWidth: 48, minHeight: 44, borderColor: 'rgba(255,255,255,0.7)' } as const;
