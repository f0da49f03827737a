import type { FastifyRequest } from 'fastify';

/** The request's path without its query string. */
export function requestPath(request: FastifyRequest): string {
  return pathOf(relativeTarget(request.url));
}

export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The path and query of a request target. Node leaves an absolute-form target (`GET http://host/x`,
 * which proxies may send) whole, while the router matches its path: cut to that path, so rules by path
 * and the https redirect see what the router sees, and a redirect can never name another host.
 */
export function relativeTarget(url: string): string {
  if (url.startsWith('/')) return url;
  try {
    const { pathname, search } = new URL(url);
    return `${pathname}${search}`;
  } catch {
    return '/';
  }
}
