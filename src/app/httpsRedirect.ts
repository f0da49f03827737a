const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

type PageLocation = Pick<Location, 'protocol' | 'hostname' | 'href'>;

/** The https address to go to instead, or null when the page may render here. */
export function httpsRedirectTarget(location: PageLocation): string | null {
  if (location.protocol !== 'http:' || LOCAL_HOSTS.has(location.hostname)) return null;
  const url = new URL(location.href);
  url.protocol = 'https:';
  url.port = '';
  return url.href;
}
