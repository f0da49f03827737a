import en from '../../../locales/en.json';
import vi from '../../../locales/vi.json';

export type Language = 'vi' | 'en';
export type Texts = typeof vi;

/** The page's own catalogues: tests look for exactly what a shopper reads. */
export const TEXTS: Record<Language, Texts> = { vi, en };

/** i18next-style {{name}} interpolation, for the few texts with parameters. */
export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(params[name] ?? `{{${name}}}`));
}
