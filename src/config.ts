import { TRACE_API_BASE_PATH } from '@/contract/traceContract';

// The server renders the page too, where there is no window (and no trace call from the page code).
const pageLocation = typeof window === 'undefined' ? undefined : window.location;

/** Absolute, because fetch under Node (Vitest) rejects relative URLs. */
function absoluteBase(base: string): string {
  return new URL(base.replace(/\/+$/, ''), pageLocation?.origin ?? 'http://localhost').href;
}

export const TRACE_API_BASE = absoluteBase(import.meta.env.VITE_TRACE_API_BASE || TRACE_API_BASE_PATH);
/**
 * The trace service's origin when the build names one (a static host, the service elsewhere): a path
 * the service answers with (a product picture) is on the service, not on this page's host. Null when
 * the service is this page's own origin, the same in the browser and in the server's render.
 */
export const TRACE_SERVICE_ORIGIN = serviceOrigin(import.meta.env.VITE_TRACE_API_BASE);

function serviceOrigin(base: string | undefined): string | null {
  return base !== undefined && /^https?:\/\//i.test(base) ? new URL(base).origin : null;
}
export const TRACE_API_KEY = import.meta.env.VITE_TRACE_API_KEY ?? '';

/** No answer within this time counts as 'System error!'. */
export const TRACE_TIMEOUT_MS = 15_000;

/**
 * Hosts whose links are the brand's own: the page's host plus the comma-separated VITE_TRUSTED_HOSTS of
 * the build (the brand's site, the host printed in its QR codes). A scanned link to any other host is
 * flagged to the visitor. The server's render has no window: it names the host the visitor asked.
 */
export function trustedHostsOf(pageHost: string | undefined): readonly string[] {
  return [pageHost ?? '', ...(import.meta.env.VITE_TRUSTED_HOSTS ?? '').split(',')]
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
}

/** The brand's hosts, this page's own among them. */
export const TRUSTED_HOSTS = trustedHostsOf(pageLocation?.hostname);
