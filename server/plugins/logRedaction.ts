import { isIP } from 'node:net';

// An access line that kept the code a shopper looked up beside their address would say who checked
// which product and when: personal data (Decree 13/2023). The log keeps what operations need (which
// page, which network a flood comes from) and drops the rest.

/** What stands in for every query value: the names stay, so `/dt?qr=…` still tells a deep link. */
const ELIDED = '…';

/**
 * The request target with every query value elided: `/dt?qr=ABC&lng=en` is logged as `/dt?qr=…&lng=…`,
 * and a part without a name (`/dt?ABC`) as `…`.
 */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const parts = url.slice(query + 1).split('&');
  const kept = parts.map((part) =>
    part.includes('=') ? `${part.slice(0, part.indexOf('='))}=${ELIDED}` : part && ELIDED,
  );
  return `${url.slice(0, query)}?${kept.join('&')}`;
}

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/**
 * The client's network rather than its address: the /24 of an IPv4 address (`203.0.113.0/24`), the
 * /48 of an IPv6 one (`2001:db8:1::/48`, a site). Enough to see where a flood comes from, not who.
 */
export function loggedAddress(ip: string): string {
  const v4 = MAPPED_IPV4.exec(ip)?.[1] ?? ip;
  if (isIP(v4) === 4) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  const v6 = ip.split('%')[0]!;
  if (isIP(v6) !== 6) return ip;
  const [head = '', tail] = v6.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  // Groups the '::' stands for are zero; the first three groups are all the /48 needs.
  const groups = tail === undefined ? headGroups : [...headGroups, '0', '0', '0'];
  const site = groups.slice(0, 3).map((group) => parseInt(group, 16).toString(16));
  return `${site.join(':')}::/48`;
}
