import { hash, randomBytes } from 'node:crypto';

export const SALT_BYTES = 16;
/** Bytes of the hash kept: 128 bits, far past any collision among one code's devices of a day. */
const DEVICE_BYTES = 16;

/**
 * A device as the repeat window knows it (a reload within 30 minutes counts once): the day's salted hash
 * of what its request carries anyway (the address the service sees and the User-Agent). The salt lives
 * in memory (or Redis, expiring with the day: server/checks/daySalts.ts), never in the database, so a
 * stored hash is pseudonymous for its day and relates to no address, even for whoever holds the database.
 */
export function deviceHash(salt: Buffer, address: string, userAgent: string): string {
  // One-shot hash of one string: a createHash object with four updates cost about 5 µs a lookup (profile, issue 36).
  return hash('sha256', `${saltText(salt)}${address}\n${userAgent}`, 'base64url').slice(0, HASH_CHARS);
}

const HASH_CHARS = Math.ceil((DEVICE_BYTES * 4) / 3);
const saltTexts = new WeakMap<Buffer, string>();
/** The salt as text, made once per salt. */
function saltText(salt: Buffer): string {
  let text = saltTexts.get(salt);
  if (text === undefined) {
    text = salt.toString('base64');
    saltTexts.set(salt, text);
  }
  return text;
}

/** The day's salted hash of a network (server/checks/network.ts): one network's share of the day's unknown codes. */
export function networkHash(salt: Buffer, network: string): string {
  return hash('sha256', `${saltText(salt)}network\n${network}`, 'base64url').slice(0, HASH_CHARS);
}

/** A new random salt, never in the database: a day's salt of this process, or Redis's first one (daySalts.ts). */
export const processSalt = (): Buffer => randomBytes(SALT_BYTES);
