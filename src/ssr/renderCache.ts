import { LRUCache } from 'lru-cache';
import { escapeHtml } from '@/contract/htmlEscape';
import { vietnamDay } from '@/contract/vietnamDay';
import { fillTemplate, toTemplate, type HtmlTemplate } from './htmlTemplate';
import { pageSlotsOf, type PageSlots, type PageView } from './pageSlots';
import { mayCutEverywhere } from './slotContext';

export type { PageView } from './pageSlots';

export interface PageHtml {
  head: string;
  body: string;
}

interface CachedPage {
  head: HtmlTemplate;
  body: HtmlTemplate;
}

/**
 * What a cached page holds in memory, in bytes: its parts are slices of the rendered page, stored two
 * bytes a character (its Vietnamese text makes V8 keep the whole page in two-byte form), and its key.
 */
export function pageBytes(key: string, { head, body }: CachedPage): number {
  const chars = (template: HtmlTemplate) => template.parts.reduce((sum, part) => sum + part.length, 0);
  return 2 * (key.length + chars(head) + chars(body));
}

/**
 * The check render cut where its stand-ins are, if that template filled with the visitor's values is the
 * visitor's page, byte for byte. Never cut in styles, scripts or where a value would start a URL.
 */
function checkedTemplate(check: PageHtml, visitor: PageHtml, { values, standIns }: PageSlots): CachedPage | null {
  const cuttable = (html: string) => standIns.every((standIn) => mayCutEverywhere(html, escapeHtml(standIn), standIn));
  if (!cuttable(check.head) || !cuttable(check.body)) return null;
  const page = { head: toTemplate(check.head, standIns), body: toTemplate(check.body, standIns) };
  const same = fillTemplate(page.head, values) === visitor.head && fillTemplate(page.body, values) === visitor.body;
  return same ? page : null;
}

/**
 * Rendered lookup pages, kept as templates with their slots cut out (pageSlots.ts: the codes, the unit
 * codes listed and the counts of checks), so a page of the same key costs a string join instead of a
 * React render.
 *
 * A page's HTML is a function of its view (route, language, code, the service's answer) and the calendar
 * day in Vietnam. The key holds all of it but the slots' values, of which it holds the shapes (codes),
 * the plural forms (counts) and which are equal. A template is kept only when one check render proves it:
 * the same view with every slot's value put as its fixed stand-in, cut at the stand-ins, filled with the
 * visitor's values, gives the visitor's page exactly, so the page shows those values as text and decides
 * nothing by them. A key whose check failed is remembered and never checked again. Since the key holds
 * the answer itself, an import needs no clearing.
 *
 * Linear in the answer: one pass to key it, one check render, a cut and a join of the page. Bounded in
 * bytes (`maxBytes`, see pageBytes), least recently used first out. 32 MiB by default: a lookup page's
 * templates are about 60 KB of text, 120 KB in memory, so that holds a few hundred pages (the products in
 * shops in both languages), whatever the answers or addresses visitors send.
 */
export function createRenderCache(
  render: (view: PageView) => Promise<PageHtml>,
  { maxBytes = 32 * 2 ** 20, maxFailed = 1000, now = Date.now } = {},
) {
  // lru-cache takes positive whole bounds only; a page alone over the budget is not kept.
  const pages = new LRUCache<string, CachedPage>({
    maxSize: Math.max(1, Math.floor(maxBytes)),
    sizeCalculation: (page, key) => pageBytes(key, page),
  });
  const failed = new LRUCache<string, true>({ max: Math.max(1, Math.floor(maxFailed)) });
  // One learning at a time for the whole cache: a check is a render paid besides the visitors' own,
  // and a flood of new answers must not turn into a flood of background renders.
  let learning = false;
  const counts = { filled: 0, rendered: 0, checksFailed: 0, learnsDropped: 0 };

  async function learnOne(view: PageView, html: PageHtml): Promise<void> {
    // A render that straddled midnight may show either day's expiry: not worth keeping.
    if (view.day !== vietnamDay(now())) return;
    const slots = pageSlotsOf(view);
    if (!slots || pages.has(slots.key) || failed.has(slots.key)) return;
    const page = checkedTemplate(await render(slots.standInView()), html, slots);
    if (page) pages.set(slots.key, page);
    else {
      failed.set(slots.key, true);
      counts.checksFailed++;
    }
  }

  return {
    /** The page from its template, or undefined when it must be rendered (then `learn` from the render). */
    lookup(view: PageView): PageHtml | undefined {
      const slots = pageSlotsOf(view);
      const page = slots && pages.get(slots.key);
      if (!slots || !page) {
        counts.rendered++;
        return undefined;
      }
      counts.filled++;
      return { head: fillTemplate(page.head, slots.values), body: fillTemplate(page.body, slots.values) };
    },

    /**
     * Learns the pages one request rendered (a page and its copy in the other language) after they were
     * sent, one check render each, one after the other; all dropped while another learning runs.
     */
    async learn(rendered: readonly { view: PageView; html: PageHtml }[]): Promise<void> {
      if (learning) {
        counts.learnsDropped += rendered.length;
        return;
      }
      learning = true;
      try {
        for (const { view, html } of rendered) await learnOne(view, html);
      } finally {
        learning = false;
      }
    },

    /** Pages served from a template and pages that needed a render since start, and what is held. */
    stats() {
      return { ...counts, templates: pages.size, bytes: pages.calculatedSize };
    },
  };
}
