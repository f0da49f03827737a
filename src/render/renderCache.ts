import type { TraceWireAnswer } from '@/contract/traceContract';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { escapeHtml } from '@/contract/htmlEscape';
import { vietnamDay } from '@/contract/vietnamDay';
import { hasLookalike, leavesOf, lookalike, shapeOf, withStrings, type Leaf } from './answerLeaves';
import { fillTemplate, sameTemplate, toTemplate, type HtmlTemplate } from './htmlTemplate';
import { withCountSentinels } from './countSentinels';
import { mayCutEverywhere } from './slotContext';

/** What a lookup page's HTML is a function of. */
export interface PageView {
  /** The route's own path ('/' or '/dt'): the page is rendered at it with the code alone in `qr`. */
  route: string;
  language: string;
  /** The code looked up (from the address, as the page reads it). */
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
/**
 * A form whose proof failed is tried again this much later, this many times in all: a failure may be
 * chance (a lookalike that met the markup), but a form that fails every time must not cost a proof
 * render on every visit.
 */
const RETRY_AFTER_MS = 10 * 60_000;
const MAX_TRIES = 3;
/** A key of fixed size however long the text it stands for (a carton's answer holds a thousand codes). */
function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

interface CachedPage {
  head: HtmlTemplate;
  body: HtmlTemplate;
}

/**
 * What a cached page holds in memory, in bytes: its parts are slices of the rendered page, stored two
 * bytes a character (its Vietnamese text makes V8 keep the whole page in two-byte form), and its key.
 * The slices keep their whole page alive, which their summed lengths are within a slot's text of.
 */
export function pageBytes(key: string, { head, body }: CachedPage): number {
  const chars = (template: HtmlTemplate) => template.parts.reduce((sum, part) => sum + part.length, 0);
  return 2 * (key.length + chars(head) + chars(body));
}

/** The slots proven for a form of answer, or why none are (and when that was last tried). */
type Form = { slots: readonly string[] } | { slots: null; tries: number; triedAt: number };

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

/** A text may be a slot: one its lookalike proves anything about, found only where text may be cut. */
function cuttable(text: string, { head, body }: PageHtml): boolean {
  const escaped = escapeHtml(text);
  return hasLookalike(text) && mayCutEverywhere(head, escaped, text) && mayCutEverywhere(body, escaped, text);
}

/**
 * Rendered lookup pages, kept as templates with the codes, names and other verbatim texts cut out, so
 * a page whose only difference is those texts costs a string join instead of a React render.
 *
 * It can never serve a page that a render would not have given: a page's HTML is a pure function of its
 * view (route, language, code, the service's answer) and the calendar day in Vietnam, which are all in
 * the key except the cut-out texts; and a text is cut out only after rendering the same view with a
 * lookalike value put in its place (same shape: letters and digits swapped for others of their class,
 * everything else kept) gave the same template — proof that the page shows that text as it is and
 * decides nothing by it. The key holds each cut-out text's shape, so only texts the proof covers are
 * filled in. Texts the page reads (dates, units, numbers) stay in the key. Since the key holds the
 * answer itself, an import needs no clearing.
 *
 * Bounded in bytes (`maxBytes`, see pageBytes), least recently used first out. 32 MiB by default: a
 * lookup page's templates are about 60 KB of text, 120 KB in memory, so that holds a few hundred pages
 * (the products in shops in both languages), a small share of a small instance's memory, whatever the
 * answers or addresses visitors send. Forms of answer are bounded by count, least recently used out.
 */
export function createRenderCache(
  render: (view: PageView) => Promise<PageHtml>,
  { maxBytes = 32 * 2 ** 20, maxForms = 200, now = Date.now } = {},
) {
  // lru-cache takes positive whole bounds only.
  const forms = new LRUCache<string, Form>({ max: Math.max(1, Math.floor(maxForms)) });
  // A page alone over the budget is not kept (lru-cache's maxEntrySize is maxSize by default).
  const pages = new LRUCache<string, CachedPage>({
    maxSize: Math.max(1, Math.floor(maxBytes)),
    sizeCalculation: (page, key) => pageBytes(key, page),
  });
  // One proof at a time for the whole cache: a proof is a render or more, paid besides the visitors'
  // own, and a flood of new answers must not turn into a flood of background renders.
  let proving = false;
  const counts = { filled: 0, rendered: 0, proofsDropped: 0 };

  // Which counts stand in for theirs is part of the form: its slots must then hold them.
  function formOf(view: PageView, leaves: Leaf[], counts: readonly string[]): string {
    const kinds = leaves.map(
      ({ path, value }) => `${path}:${value === '' ? 'empty' : value === null ? 'null' : typeof value}`,
    );
    return digest(JSON.stringify([view.route, view.language, view.answer.status, kinds, counts]));
  }

  /** The view as its page is learned and keyed: the counts that change on every lookup put as their stand-ins. */
  function learnedView(view: PageView): { learned: PageView; counts: string[] } {
    const { answer, paths } = withCountSentinels(view.answer, view.language);
    return { learned: answer === view.answer ? view : { ...view, answer }, counts: paths };
  }

  function slotValues(view: PageView, leaves: Leaf[], slots: readonly string[]): string[] {
    const byPath = new Map(leaves.map(({ path, value }) => [path, value]));
    return slots.map((path) => (path === CODE ? view.code : String(byPath.get(path))));
  }

  function pageKey(view: PageView, form: string, leaves: Leaf[], slots: readonly string[], values: string[]): string {
    const kept = leaves.filter(({ path }) => !slots.includes(path)).map(({ value }) => value);
    // Which slots hold equal texts: a template cut from one answer fits another only if they agree; and
    // their shapes, the values the proof covers (a page may lay out a long name, or a URL, otherwise).
    const equalTo = values.map((value) => values.indexOf(value));
    const shapes = values.map(shapeOf);
    const code = slots.includes(CODE) ? null : view.code;
    return digest(JSON.stringify([form, view.day, kept, equalTo, shapes, code]));
  }

  /** The view with every slot's text swapped for a lookalike (equal texts for equal ones) found nowhere on the page. */
  function lookalikeView(view: PageView, html: PageHtml, leaves: Leaf[], slots: readonly string[]) {
    const swapped = new Map<string, string>();
    const values = slotValues(view, leaves, slots);
    const swappedValues = values.map(
      (value) => swapped.get(value) ?? swapped.set(value, absentLookalike(value, html)).get(value)!,
    );
    const paths = new Map(slots.map((path, i) => [path, swappedValues[i]] as const).filter(([path]) => path !== CODE));
    const other: PageView = {
      ...view,
      code: slots.includes(CODE) ? swapped.get(view.code)! : view.code,
      answer: { ...view.answer, body: withStrings(view.answer.body, paths) as TraceWireAnswer['body'] },
    };
    return { other, swappedValues };
  }

  /** The page's templates for these slots, if a lookalike render proves them. */
  async function proven(
    view: PageView,
    html: PageHtml,
    leaves: Leaf[],
    slots: readonly string[],
  ): Promise<CachedPage | undefined> {
    const values = slotValues(view, leaves, slots);
    if (!values.every((value) => cuttable(value, html))) return undefined;
    const page = { head: toTemplate(html.head, values), body: toTemplate(html.body, values) };
    const { other, swappedValues } = lookalikeView(view, html, leaves, slots);
    const otherHtml = await render(other);
    const same =
      sameTemplate(page.head, toTemplate(otherHtml.head, swappedValues)) &&
      sameTemplate(page.body, toTemplate(otherHtml.body, swappedValues));
    return same ? page : undefined;
  }

  /**
   * The slots this form of answer may have cut: texts shown verbatim, proven all at once, else group by
   * group (paths holding the same text are one group: the markup cannot tell them apart), then together.
   */
  async function learnForm(
    view: PageView,
    html: PageHtml,
    leaves: Leaf[],
    counts: readonly string[],
  ): Promise<readonly string[] | null> {
    const shown = [
      CODE,
      ...leaves
        .filter(({ value }) => typeof value === 'string' && value.length >= MIN_SLOT_LENGTH)
        .map(({ path }) => path),
    ];
    const groups = new Map<string, string[]>();
    // A count's stand-in is a slot even where the page does not show it: the proof then covers what the
    // page reads of it, and its value stays out of the key.
    for (const path of [...shown, ...counts]) {
      const text = slotValues(view, leaves, [path])[0];
      const escaped = escapeHtml(text);
      const found = counts.includes(path) || html.body.includes(escaped) || html.head.includes(escaped);
      if (found && cuttable(text, html)) groups.set(text, [...(groups.get(text) ?? []), path]);
    }
    const all = [...groups.values()].flat();
    if (all.length === 0) return null;
    if (await proven(view, html, leaves, all)) return all;
    const kept: string[] = [];
    for (const group of groups.values()) if (await proven(view, html, leaves, group)) kept.push(...group);
    return kept.length > 0 && (await proven(view, html, leaves, kept)) ? kept : null;
  }

  /** The form's slots, learning them now if it is new or its last failure may be retried; null: none. */
  async function slotsOf(
    form: string,
    view: PageView,
    html: PageHtml,
    leaves: Leaf[],
    counts: readonly string[],
  ): Promise<readonly string[] | null> {
    const known = forms.get(form);
    if (known?.slots) return known.slots;
    if (known && (known.tries >= MAX_TRIES || now() - known.triedAt < RETRY_AFTER_MS)) return null;
    const found = await learnForm(view, html, leaves, counts);
    // A stand-in left in the key would be shown for every count: such a form is not cached.
    const slots = found && counts.every((path) => found.includes(path)) ? found : null;
    forms.set(form, slots ? { slots } : { slots: null, tries: (known?.tries ?? 0) + 1, triedAt: now() });
    return slots;
  }

  /** One rendered page's templates, proven and kept. */
  async function learnOne(view: PageView, html: PageHtml): Promise<void> {
    // A render that straddled midnight may show either day's expiry: not worth keeping.
    if (view.day !== vietnamDay(now())) return;
    const { learned, counts: standIns } = learnedView(view);
    // The visitor's page shows their counts; the one learned from shows the stand-ins: one render more.
    const learnedHtml = learned === view ? html : await render(learned);
    const leaves = leavesOf(learned.answer.body);
    const form = formOf(learned, leaves, standIns);
    const slots = await slotsOf(form, learned, learnedHtml, leaves, standIns);
    if (!slots) return;
    const page = await proven(learned, learnedHtml, leaves, slots);
    if (page) pages.set(pageKey(learned, form, leaves, slots, slotValues(learned, leaves, slots)), page);
  }

  async function learnInTurn(rendered: readonly { view: PageView; html: PageHtml }[]): Promise<void> {
    if (proving) {
      counts.proofsDropped += rendered.length;
      return;
    }
    proving = true;
    try {
      for (const { view, html } of rendered) await learnOne(view, html);
    } finally {
      proving = false;
    }
  }

  return {
    /** The page from its template, or undefined when it must be rendered (then `learn` from the render). */
    lookup(view: PageView): PageHtml | undefined {
      const { learned, counts: standIns } = learnedView(view);
      const leaves = leavesOf(learned.answer.body);
      const form = formOf(learned, leaves, standIns);
      const slots = forms.get(form)?.slots;
      const key = slots ? pageKey(learned, form, leaves, slots, slotValues(learned, leaves, slots)) : undefined;
      const page = key === undefined ? undefined : pages.get(key);
      if (page === undefined) {
        counts.rendered++;
        return undefined;
      }
      counts.filled++;
      // Filled with the view's own values: its counts where their stand-ins were learned.
      const values = slotValues(view, leavesOf(view.answer.body), slots!);
      return { head: fillTemplate(page.head, values), body: fillTemplate(page.body, values) };
    },

    /** Learns a rendered page's templates after it was sent; dropped while another proof runs. */
    learn(view: PageView, html: PageHtml): Promise<void> {
      return learnInTurn([{ view, html }]);
    },

    /**
     * Learns the pages one request rendered (a page and its copy in the other language), one after the
     * other under one proof; all dropped while another proof runs.
     */
    learnInTurn,

    /** Pages served from a template and pages that needed a render since start, and what is held. */
    stats() {
      return { ...counts, templates: pages.size, bytes: pages.calculatedSize, forms: forms.size };
    },
  };
}
