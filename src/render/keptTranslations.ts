import type { TFunction, i18n } from 'i18next';

/** Texts a language's `t` keeps; past it they start over (a page brings a handful of its own: code, name, counts). */
export const KEPT_TEXTS = 4096;
/** Fixed `t`s kept: one per language, namespace and key prefix the components ask for (the page asks one). */
const KEPT_FIXED = 16;

/**
 * A server render's view of a language's instance, whose components' `t` keeps what it answered: the
 * instance never changes once made, so the same key with the same values always gives the same text.
 * Each translation otherwise costs i18next a copy of its options, a key split, a walk of the resources
 * and two regular-expression passes: about a third of a page's render (CPU profile of bench:api's
 * render measurement), which this turns into one lookup for every text a page shares with the last.
 * The view has a single property of its own, which react-i18next copies into its wrapper in every
 * component (src/entry-server.tsx).
 */
export function withKeptTranslations(instance: i18n): i18n {
  const fixed = new Map<string, TFunction>();
  const view = Object.create(instance) as i18n;
  view.getFixedT = ((...args: Parameters<i18n['getFixedT']>) => {
    const signature = JSON.stringify(args);
    let t = fixed.get(signature);
    if (!t) {
      if (fixed.size >= KEPT_FIXED) fixed.clear();
      t = keeping(instance.getFixedT(...args));
      fixed.set(signature, t);
    }
    return t;
  }) as i18n['getFixedT'];
  return view;
}

function keeping(t: TFunction): TFunction {
  const kept = new Map<string, unknown>();
  const translate = t as unknown as (...args: unknown[]) => unknown;
  return ((...args: unknown[]) => {
    const id = JSON.stringify(args);
    if (kept.has(id)) return kept.get(id);
    const text = translate(...args);
    if (kept.size >= KEPT_TEXTS) kept.clear();
    kept.set(id, text);
    return text;
  }) as unknown as TFunction;
}
