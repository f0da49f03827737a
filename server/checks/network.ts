import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client is on, as counting knows it: its /24 for IPv4, its /48 for IPv6 (one site's
 * prefix; a phone's temporary IPv6 addresses stay inside it), from the address the service sees
 * (TRUST_PROXY decides). An IPv4-mapped IPv6 address is its IPv4 one.
 */
export function networkOf(address: string): string {
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(mapped)) return `${mapped.slice(0, mapped.lastIndexOf('.'))}.0/24`;
  const plain = address.split('%')[0]!;
  if (!isIPv6(plain)) return address;
  const [head = '', tail] = plain.split('::');
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    const after = tail === '' ? [] : tail.split(':');
    groups.push(...Array<string>(8 - groups.length - after.length).fill('0'), ...after);
  }
  return `${groups
    .slice(0, 3)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/48`;
}

/** How many buckets a code's networks fall in: one byte. */
export const NETWORK_BUCKETS = 256;

/**
 * The one of 256 buckets a network falls in for a code: what is stored of the networks that looked a code
 * up, for the caution's window. No salt: a bucket holds 1 in 256 of all networks (65,536 IPv4 /24s each),
 * so it tells nothing of which one looked the code up, and the same network falls in unrelated buckets
 * for two codes. Two of a code's networks share a bucket now and then (4 % of codes at 5 networks):
 * the count comes out low, never high, so the caution can only come later, never sooner. FNV-1a, not a
 * cryptographic hash: nothing is secret here, and it runs on every counted lookup.
 */
export function networkBucket(code: string, network: string): number {
  const text = `${code}\n${network}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return ((h >>> 24) ^ (h >>> 16) ^ (h >>> 8) ^ h) & 0xff;
}
