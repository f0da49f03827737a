import type { FastifyRequest } from 'fastify';
import type { TraceWireAnswer } from '../../src/contract/traceContract.ts';

/**
 * What a route adds to one page render (the GS1 Digital Link resolver, issue 39, renders the page at its own
 * addresses): kept beside the request, so the render guard between the route and the render stays as it is.
 */
export interface RenderExtras {
  /** Fields added to the page module's render request (a Digital Link's lot or product JSON). */
  request?: Record<string, unknown>;
  /** Hears each trace answer the render got. */
  onTrace?: (answer: TraceWireAnswer) => void;
  /** More for the page's head once it is rendered (JSON-LD). */
  head?: () => string;
  /** Response headers of the rendered page (a Link to the linkset). */
  headers?: Record<string, string>;
}

const extrasByRequest = new WeakMap<FastifyRequest, RenderExtras>();

export function setRenderExtras(request: FastifyRequest, extras: RenderExtras): void {
  extrasByRequest.set(request, extras);
}

export function renderExtrasOf(request: FastifyRequest): RenderExtras | undefined {
  return extrasByRequest.get(request);
}
