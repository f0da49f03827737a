import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ALTERNATE_PAGE_ID,
  PAGE_TEMPLATE_FILE,
  SERVER_STATE_ID,
  TRACE_URL_PATH,
  type AlternatePage,
  type BusyTexts,
  type PageRenderResult,
  type RenderPage,
  type TraceRequest,
  type TraceWireAnswer,
} from '../../src/contract/traceContract.ts';
import { escapeHtml } from '../../src/contract/htmlEscape.ts';
import { normaliseCode } from '../domain/traceCode.ts';
import type { BusyTextsOf } from '../http/busyPage.ts';
import { errorBody } from '../domain/errorBody.ts';
import type { CheckedLookup } from '../checks/checkedLookup.ts';
import type { Visitor } from '../checks/lookupCounter.ts';

const ROOT = '<div id="root"></div>';

/** The built page's index.html, cut where a render's parts go. */
interface PageTemplate {
  beforeLang: string;
  /** Up to </head>, cut where the title's and the description's texts go, in the order they come. */
  headParts: string[];
  headSlots: ('title' | 'description')[];
  beforeRoot: string;
  afterRoot: string;
}

/** The head cut at the texts of <title> and of the description meta, which follow the page's language. */
function cutHead(head: string): Pick<PageTemplate, 'headParts' | 'headSlots'> {
  const places = [
    { slot: 'title' as const, match: /(?<=<title>)[^<]*(?=<\/title>)/.exec(head) },
    { slot: 'description' as const, match: /(?<=<meta name="description" content=")[^"]*(?=")/.exec(head) },
  ]
    .flatMap(({ slot, match }) => (match ? [{ slot, start: match.index, end: match.index + match[0].length }] : []))
    .sort((a, b) => a.start - b.start);
  const headParts: string[] = [];
  let from = 0;
  for (const { start, end } of places) {
    headParts.push(head.slice(from, start));
    from = end;
  }
  headParts.push(head.slice(from));
  return { headParts, headSlots: places.map(({ slot }) => slot) };
}

function pageTemplate(html: string): PageTemplate {
  const lang = html.indexOf('lang="') + 'lang="'.length;
  const langEnd = html.indexOf('"', lang);
  const head = html.indexOf('</head>');
  const root = html.indexOf(ROOT);
  if (lang < 'lang="'.length || head < 0 || root < 0)
    throw new Error('index.html lacks <html lang>, </head> or the root element');
  return {
    beforeLang: html.slice(0, lang),
    ...cutHead(html.slice(langEnd, head)),
    beforeRoot: html.slice(head, root),
    afterRoot: html.slice(root + ROOT.length),
  };
}

/** The page in the language its button switches to, inert until the page's loader swaps it in. */
function alternateHtml(alternate: AlternatePage | undefined): string {
  if (!alternate) return '';
  const { lang, title, description, body } = alternate;
  return (
    `<template id="${ALTERNATE_PAGE_ID}" lang="${escapeHtml(lang)}" data-title="${escapeHtml(title)}" ` +
    `data-description="${escapeHtml(description)}">${body}</template>`
  );
}

function pageHtml(
  template: PageTemplate,
  { lang, title, description, head, body, state, alternate }: PageRenderResult,
): string {
  const texts = { title: escapeHtml(title), description: escapeHtml(description) };
  const beforeHead = template.headSlots.reduce(
    (html, slot, i) => html + texts[slot] + (template.headParts[i + 1] ?? ''),
    template.headParts[0] ?? '',
  );
  return (
    template.beforeLang +
    lang +
    beforeHead +
    head +
    template.beforeRoot +
    `<div id="root">${body}</div><script type="application/json" id="${SERVER_STATE_ID}">${state}</script>` +
    alternateHtml(alternate) +
    template.afterRoot
  );
}

/**
 * The lookup as the API would answer it, without HTTP: the page's render asks through its own api slice,
 * so the result and every failure map exactly as in the browser.
 */
function inProcessTrace(lookup: CheckedLookup, visitor: Visitor) {
  return async ({ QrCode }: TraceRequest): Promise<TraceWireAnswer> => {
    try {
      return (await lookup(normaliseCode(QrCode), visitor)).wire();
    } catch {
      return { status: 500, body: errorBody('INTERNAL_SERVER_ERROR', 500, 'The lookup failed', TRACE_URL_PATH) };
    }
  };
}

export type PageRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** The page's routes rendered, and what the service says instead when it will not render one now. */
export interface PageRendering {
  render: PageRenderer;
  busyTexts: BusyTextsOf;
}

/**
 * Server rendering of the page's routes from the page's own server build (dist-ssr/entry-server.js,
 * `npm run build`): the first response of a deep link holds its result, styles and store state.
 */
export async function loadPageRenderer(
  ssrEntry: string,
  indexHtml: string,
  lookup: CheckedLookup,
  visitorOf: (request: FastifyRequest) => Visitor,
): Promise<PageRendering> {
  const { renderPage, busyTexts } = (await import(pathToFileURL(ssrEntry).href)) as {
    renderPage: RenderPage;
    busyTexts: BusyTexts;
  };
  // Sent when a render fails: the static page (with its prerendered shell, scripts/prerenderShell.ts).
  const unrendered = await readFile(indexHtml, 'utf8');
  // The page as the build wrote it for the service (scripts/vite/loadPath.ts): no shell, no early trace request.
  const templateHtml = join(dirname(indexHtml), PAGE_TEMPLATE_FILE);
  const template = pageTemplate(existsSync(templateHtml) ? await readFile(templateHtml, 'utf8') : unrendered);
  const render: PageRenderer = async (request, reply) => {
    reply
      .type('text/html; charset=utf-8')
      // Each visitor's page differs by language; shared caches must keep them apart, browsers revalidate.
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie, Accept-Encoding');
    try {
      const result = await renderPage({
        url: request.url,
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
        // Each render's lookup is its visitor's: counted as theirs (issue 26).
        answerTrace: inProcessTrace(lookup, visitorOf(request)),
      });
      return reply.code(result.status).send(pageHtml(template, result));
    } catch (error) {
      // A page that failed to render still works: the browser renders it, as on a static host.
      request.log.error({ err: error }, 'server render failed; sent the page unrendered');
      return reply.code(200).send(unrendered);
    }
  };
  return {
    render,
    busyTexts: (request) =>
      busyTexts({
        url: request.url,
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
      }),
  };
}
