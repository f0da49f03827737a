import { vietnamDay } from '@/contract/vietnamDay';
import type { PageHtml } from './renderCache';

/**
 * Pages without a code in their address ('/', '/support', the not-found page): a function of their route
 * and language alone on a given day (the footer's year is Vietnam's), so each is rendered once a day
 * instead of for every visit. Holds today's pages only, one per route and language: the callers' routes
 * and languages are a fixed few, whatever the address was.
 */
export function createStaticPages(
  render: (route: string, language: string) => Promise<PageHtml>,
  { now = Date.now } = {},
) {
  const pages = new Map<string, PageHtml>();
  let day = '';
  const counts = { filled: 0, rendered: 0 };

  return {
    async page(route: string, language: string): Promise<PageHtml> {
      const today = vietnamDay(now());
      if (today !== day) {
        pages.clear();
        day = today;
      }
      const key = `${route} ${language}`;
      const held = pages.get(key);
      if (held) {
        counts.filled++;
        return held;
      }
      counts.rendered++;
      const html = await render(route, language);
      // A render that straddled midnight may show either day's year: not worth keeping.
      if (vietnamDay(now()) === today) pages.set(key, html);
      return html;
    },

    stats() {
      return { ...counts, pages: pages.size };
    },
  };
}
