import type { TFunction, i18n } from 'i18next';

/** Texts a language's `t` keeps; past it they start over (a page brings a handful of its own: code, name, counts). */
export const KEPT_TEXTS = 4096;
/** Fixed `t`s kept: one per language, namespace and key prefix the components ask for (the page asks one). */
const KEPT_FIXED = 16;

/**
 * `answer` keeping what it answered, by its arguments as JSON, up to `bound` answers, after which it
 * starts over: a Map and its clear() cost less than an LRU's bookkeeping on a path taken for every text.
 */
function keeping<Args extends unknown[], Answer>(bound: number, answer: (...args: Args) => Answer) {
  const kept = new Map<string, Answer>();
  return (...args: Args): Answer => {
    const id = JSON.stringify(args);
    if (kept.has(id)) return kept.get(id)!;
    const value = answer(...args);
    if (kept.size >= bound) kept.clear();
    kept.set(id, value);
    return value;
  };
}

/**
 * A server render's view of a language's instance, whose components' `t` keeps what it answered: the
 * instance never changes once made, so the same key with the same values always gives the same text.
 * Each translation otherwise costs i18next a copy of its options, a key split, a walk of the resources
 * and two regular-expression passes: about a third of a page's render (CPU profile of bench:api's
 * render measurement), which this turns into one lookup for every text a page shares with the last.
 * The view has a single property of its own, which react-i18next copies into its wrapper in every
 * component (src/ssr/entry-server.tsx).
 */
export function withKeptTranslations(instance: i18n): i18n {
  const view = Object.create(instance) as i18n;
  const translate = (t: TFunction) => t as unknown as (...args: unknown[]) => unknown;
  view.getFixedT = keeping(KEPT_FIXED, (...args: Parameters<i18n['getFixedT']>) =>
    keeping(KEPT_TEXTS, translate(instance.getFixedT(...args))),
  ) as unknown as i18n['getFixedT'];
  return view;
}
