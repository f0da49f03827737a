import { escapeHtml } from '@/contract/htmlEscape';

/**
 * A rendered page cut where given values appear, so the same page for other values is a string join
 * instead of a React render. Values are inserted escaped exactly as React escapes text and attributes.
 */
export interface HtmlTemplate {
  /** The text between slots: one more than `slots`. */
  parts: string[];
  /** Which value each slot takes, by index. */
  slots: number[];
}

const regexpSpecial = /[.*+?^${}()|[\]\\]/g;

/** `html` cut at every occurrence of the distinct, non-empty `values`; longer values win where they overlap. */
export function toTemplate(html: string, values: readonly string[]): HtmlTemplate {
  const escaped = values.map(escapeHtml);
  const alternatives = [...new Set(escaped)]
    .sort((a, b) => b.length - a.length)
    .map((value) => value.replace(regexpSpecial, '\\$&'));
  if (alternatives.length === 0) return { parts: [html], slots: [] };
  const pieces = html.split(new RegExp(`(${alternatives.join('|')})`));
  const parts: string[] = [];
  const slots: number[] = [];
  pieces.forEach((piece, index) => (index % 2 === 0 ? parts.push(piece) : slots.push(escaped.indexOf(piece))));
  return { parts, slots };
}

export function fillTemplate({ parts, slots }: HtmlTemplate, values: readonly string[]): string {
  let html = parts[0];
  for (let i = 0; i < slots.length; i++) html += escapeHtml(values[slots[i]]) + parts[i + 1];
  return html;
}
