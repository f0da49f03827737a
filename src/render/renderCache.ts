import type { TraceWireAnswer } from '@/api/traceContract';
import { traceDayOf } from '@/shared/dates/calendarDay';
import { leavesOf, lookalike, withStrings, type Leaf } from './answerLeaves';
import { escapeHtml, fillTemplate, sameTemplate, toTemplate, type HtmlTemplate } from './htmlTemplate';

/** What a lookup page's HTML is a function of. */
export interface PageView {
  /** Path and query as requested. */
  url: string;
  language: string;
  /** The code looked up (from the address). */
  code: string;
  answer: TraceWireAnswer;
  /** The calendar day in Vietnam when its render started (expiry is counted in days there). */
  day: string;
}

export interface PageHtml {
  head: string;
  body: string;
}

/** The address's code, as a slot path beside the answer's own paths. */
const CODE = 'qr';
/** Shorter strings (a unit 'ml', a product code 'C1') are too likely to occur by chance in the markup. */
const MIN_SLOT_LENGTH = 3;
/** Today in Vietnam, the day expiry is counted by (src/shared/dates), as a key. */
export function vietnamDay(now = Date.now()): string {
  const { year, month, day } = traceDayOf(new Date(now));
  return `${year}-${month}-${day}`;
}

interface CachedPage {
  head: HtmlTemplate;
  body: HtmlTemplate;
}

/**
 * A lookalike the page does not already hold: one that it did (a short unit such as 'gam' swapped for
 * 'tra', which "Kiểm tra mã QR" holds, or 'rgb' in the styles) would be cut out there too, and fail the
 * proof by chance; a failed proof leaves that form of answer uncached for good. On the real page that
 * was 4 learns in 60 for a can; drawing again until absent, 0 in 200.
 */
function absentLookalike(value: string, { head, body }: PageHtml): string {
  const absent = (text: string) => !head.includes(escapeHtml(text)) && !body.includes(escapeHtml(text));
  let candidate = lookalike(value);
  for (let draw = 1; draw < 20 && !absent(candidate); draw++) candidate = lookalike(value);
  return candidate;
}

/**
 * Rendered lookup pages, kept as templates with the codes, names and other verbatim texts cut out, so
 * a page whose only difference is those texts costs a string join instead of a React render.
 *
 * It can never serve a page that a render would not have given: a page's HTML is a pure function of its
 * view (address, language, the service's answer) and the calendar day in Vietnam, which are all in the
 * key except the cut-out texts; and a text is cut out only after rendering the same view with a
 * lookalike value put in its place (same length, letters and digits swapped) gave the same template —
 * proof that the page shows that text as it is and decides nothing by it. Texts the page reads (dates,
 * units, numbers) stay in the key. Bounded by `maxPages`, least recently used first out; since the key
 * holds the answer itself, an import needs no clearing.
 */
export function createRenderCache(render: (view: PageView) => Promise<PageHtml>, { maxPages = 2_000, maxForms = 200 } = {}) {
  /** Answer form (paths and kinds of its values) → the slot paths proven for it; null: none can be cut. */
  const forms = new Map<string, readonly string[] | null>();
  const pages = new Map<string, CachedPage>();
  const learning = new Set<string>();
  const counts = { filled: 0, rendered: 0 };

  function formOf(view: PageView, leaves: Leaf[]): string {
    const kinds = leaves.map(({ path, value }) => `${path}:${value === '' ? 'empty' : value === null ? 'null' : typeof value}`);
    return JSON.stringify([view.language, view.url.split(view.code).join('\u0000'), view.answer.status, kinds]);
  }

  function slotValues(view: PageView, leaves: Leaf[], slots: readonly string[]): string[] {
    const byPath = new Map(leaves.map(({ path, value }) => [path, value]));
    return slots.map((path) => (path === CODE ? view.code : String(byPath.get(path))));
  }

  function pageKey(view: PageView, form: string, leaves: Leaf[], slots: readonly string[], values: string[]): string {
    const kept = leaves.filter(({ path }) => !slots.includes(path)).map(({ value }) => value);
    // Which slots hold equal texts: a template cut from one answer fits another only if they agree; and
    // their lengths, since the proof keeps lengths (a page may lay out a long name otherwise).
    const equalTo = values.map((value) => values.indexOf(value));
    const lengths = values.map((value) => value.length);
    // The form has the address with its code cut out: a code that is not a slot keys the page itself.
    const code = slots.includes(CODE) ? null : view.code;
    return JSON.stringify([form, view.day, kept, equalTo, lengths, code]);
  }

  function remember(key: string, page: CachedPage) {
    pages.delete(key);
    pages.set(key, page);
    if (pages.size > maxPages) pages.delete(pages.keys().next().value!);
  }

  /** The view with every slot's text swapped for a lookalike (equal texts for equal ones) found nowhere on the page. */
  function lookalikeView(view: PageView, html: PageHtml, leaves: Leaf[], slots: readonly string[]) {
    const swapped = new Map<string, string>();
    const values = slotValues(view, leaves, slots);
    const swappedValues = values.map((value) => swapped.get(value) ?? swapped.set(value, absentLookalike(value, html)).get(value)!);
    const paths = new Map(slots.map((path, i) => [path, swappedValues[i]] as const).filter(([path]) => path !== CODE));
    const code = slots.includes(CODE) ? swapped.get(view.code)! : view.code;
    const other: PageView = {
      ...view,
      url: view.url.split(view.code).join(code),
      code,
      answer: { ...view.answer, body: withStrings(view.answer.body, paths) as TraceWireAnswer['body'] },
    };
    return { other, swappedValues };
  }

  /** The page's templates for these slots, if a lookalike render proves them. */
  async function proven(view: PageView, html: PageHtml, leaves: Leaf[], slots: readonly string[]): Promise<CachedPage | undefined> {
    const values = slotValues(view, leaves, slots);
    const page = { head: toTemplate(html.head, values), body: toTemplate(html.body, values) };
    const { other, swappedValues } = lookalikeView(view, html, leaves, slots);
    const otherHtml = await render(other);
    const same =
      sameTemplate(page.head, toTemplate(otherHtml.head, swappedValues)) && sameTemplate(page.body, toTemplate(otherHtml.body, swappedValues));
    return same ? page : undefined;
  }

  /**
   * The slots this form of answer may have cut: texts shown verbatim, proven all at once, else group by
   * group (paths holding the same text are one group: the markup cannot tell them apart), then together.
   */
  async function learnForm(view: PageView, html: PageHtml, leaves: Leaf[]): Promise<readonly string[] | null> {
    const shown = [CODE, ...leaves.filter(({ value }) => typeof value === 'string' && value.length >= MIN_SLOT_LENGTH).map(({ path }) => path)];
    const groups = new Map<string, string[]>();
    for (const path of shown) {
      const text = slotValues(view, leaves, [path])[0];
      const escaped = escapeHtml(text);
      if (html.body.includes(escaped) || html.head.includes(escaped)) groups.set(text, [...(groups.get(text) ?? []), path]);
    }
    const all = [...groups.values()].flat();
    if (all.length === 0) return null;
    if (await proven(view, html, leaves, all)) return all;
    const kept: string[] = [];
    for (const group of groups.values()) if (await proven(view, html, leaves, group)) kept.push(...group);
    return kept.length > 0 && (await proven(view, html, leaves, kept)) ? kept : null;
  }

  return {
    /** The page from its template, or undefined when it must be rendered (then `learn` from the render). */
    lookup(view: PageView): PageHtml | undefined {
      const leaves = leavesOf(view.answer.body);
      const form = formOf(view, leaves);
      const slots = forms.get(form);
      const values = slots ? slotValues(view, leaves, slots) : [];
      const key = slots ? pageKey(view, form, leaves, slots, values) : undefined;
      const page = key === undefined ? undefined : pages.get(key);
      if (page === undefined) {
        counts.rendered++;
        return undefined;
      }
      counts.filled++;
      remember(key!, page);
      return { head: fillTemplate(page.head, values), body: fillTemplate(page.body, values) };
    },

    /** Learns a rendered page's templates after it was sent; one proof at a time per form of answer. */
    async learn(view: PageView, html: PageHtml): Promise<void> {
      const leaves = leavesOf(view.answer.body);
      const form = formOf(view, leaves);
      // A render that straddled midnight may show either day's expiry: not worth keeping.
      if (view.day !== vietnamDay() || learning.has(form) || forms.get(form) === null) return;
      learning.add(form);
      try {
        if (!forms.has(form)) {
          if (forms.size >= maxForms) return;
          forms.set(form, await learnForm(view, html, leaves));
        }
        const slots = forms.get(form);
        if (!slots) return;
        const page = await proven(view, html, leaves, slots);
        if (page) remember(pageKey(view, form, leaves, slots, slotValues(view, leaves, slots)), page);
      } finally {
        learning.delete(form);
      }
    },

    /** Pages served from a template and pages that needed a render, since start. */
    stats() {
      return { ...counts, templates: pages.size };
    },
  };
}
