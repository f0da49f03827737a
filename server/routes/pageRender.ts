import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PAGE_TEMPLATE_FILE,
  TRACE_URL_PATH,
  type BusyTexts,
  type RenderPage,
  type TraceRequest,
  type TraceWireAnswer,
} from '../../src/contract/traceContract.ts';
import { normaliseCode } from '../domain/traceCode.ts';
import type { BusyTextsOf } from '../http/busyPage.ts';
import { errorBody } from '../domain/errorBody.ts';
import type { CheckedLookup } from '../checks/checkedLookup.ts';
import type { Visitor } from '../checks/lookupCounter.ts';
import { pageTemplate, fillPage } from './pageDocument.ts';
import { renderExtrasOf } from './renderExtras.ts';

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
  /** The brand's name as the page's build has it (VITE_BRAND_NAME, theme/brand.ts); none if the build names none. */
  brand: string | undefined;
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
  const template = existsSync(templateHtml)
    ? pageTemplate(await readFile(templateHtml, 'utf8'), templateHtml)
    : pageTemplate(unrendered, indexHtml);
  const render: PageRenderer = async (request, reply) => {
    reply
      .type('text/html; charset=utf-8')
      // A page carries one visitor's counts and caution: no shared cache keeps it; browsers revalidate.
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Accept-Language, Cookie, Accept-Encoding');
    try {
      // Each render's lookup is its visitor's: counted as theirs (issue 26).
      const answerTrace = inProcessTrace(lookup, visitorOf(request));
      const extras = renderExtrasOf(request);
      const onTrace = extras?.onTrace;
      const result = await renderPage({
        url: request.url,
        host: request.hostname,
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
        answerTrace: onTrace ? (asked) => answerTrace(asked).then((answer) => (onTrace(answer), answer)) : answerTrace,
        ...extras?.request,
      });
      if (extras?.headers) reply.headers(extras.headers);
      const head = extras?.head?.() ?? '';
      return reply
        .code(result.status)
        .send(fillPage(template, head ? { ...result, head: result.head + head } : result));
    } catch (error) {
      // A page that failed to render still works: the browser renders it, as on a static host.
      request.log.error({ err: error }, 'server render failed; sent the page unrendered');
      return reply.code(200).send(unrendered);
    }
  };
  return {
    render,
    // The busy page carries the brand: the build's texts are the one place the service learns its name.
    brand: busyTexts({ url: '/' }, 0).brand || undefined,
    busyTexts: (request, retryAfterSeconds) =>
      busyTexts(
        {
          url: request.url,
          cookie: request.headers.cookie,
          acceptLanguage: request.headers['accept-language'],
        },
        retryAfterSeconds,
      ),
  };
}
