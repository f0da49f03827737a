import { escapeHtml } from '../../src/contract/htmlEscape.ts';
import {
  ALTERNATE_DESCRIPTION,
  ALTERNATE_PAGE_ID,
  ALTERNATE_TITLE,
  SERVER_STATE_ID,
  type PageRenderResult,
} from '../../src/contract/traceContract.ts';

/**
 * Where index.html takes a render's parts, each once, as in Vite's SSR template: comments, so the page
 * as it stands (npm run dev) is a valid empty page. The language is the html element's own attribute.
 */
export const PAGE_SLOTS = {
  /** `<html lang="vi">` as index.html opens: the default language, which a render's language replaces. */
  lang: '<html lang="vi">',
  /** In the head: the title, the description and the render's styles. */
  head: '<!--app-head-->',
  /** Inside `<div id="root">`: the rendered page. */
  root: '<!--app-html-->',
  /** After the root: the store's state and the page's copy in the other language. */
  state: '<!--app-state-->',
} as const;

/** What goes into the template: the render's result, or the prerendered shell's without state. */
export type PageParts = Pick<PageRenderResult, 'lang' | 'title' | 'description' | 'head' | 'body'> &
  Partial<Pick<PageRenderResult, 'state' | 'alternate'>>;

/** The template the build wrote, cut once at its slots: the text before, between and after them. */
export type PageTemplate = readonly string[];

/** `html` cut at its slots, each of which it must hold exactly once, in their order. */
export function pageTemplate(html: string, source: string): PageTemplate {
  const pieces: string[] = [];
  let rest = html;
  for (const slot of Object.values(PAGE_SLOTS)) {
    const [before, after, ...more] = rest.split(slot);
    if (before === undefined || after === undefined || more.length > 0)
      throw new Error(`${source} must hold ${slot} exactly once, after the slots before it`);
    pieces.push(before);
    rest = after;
  }
  return [...pieces, rest];
}

/** The page in the language its button switches to, inert until the page's loader swaps it in. */
function alternateHtml({ alternate }: PageParts): string {
  if (!alternate) return '';
  const { lang, title, description, body } = alternate;
  return (
    `<template id="${ALTERNATE_PAGE_ID}" lang="${escapeHtml(lang)}" ${ALTERNATE_TITLE}="${escapeHtml(title)}" ` +
    `${ALTERNATE_DESCRIPTION}="${escapeHtml(description)}">${body}</template>`
  );
}

/**
 * The template with a render's parts in its slots: its pieces and the parts joined, so no text put in is
 * ever searched (a 50,000-unit carton's state is 2 MB).
 */
export function fillPage(template: PageTemplate, parts: PageParts): string {
  const { lang, title, description, head, body, state } = parts;
  const [beforeLang, beforeHead, beforeRoot, beforeState, end] = template;
  const stateHtml =
    state === undefined ? '' : `<script type="application/json" id="${SERVER_STATE_ID}">${state}</script>`;
  return (
    `${beforeLang}<html lang="${escapeHtml(lang)}">${beforeHead}` +
    `<meta name="description" content="${escapeHtml(description)}" /><title>${escapeHtml(title)}</title>${head}` +
    `${beforeRoot}${body}${beforeState}${stateHtml}${alternateHtml(parts)}${end}`
  );
}
