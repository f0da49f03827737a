import { createHash, randomBytes } from 'node:crypto';

export const SALT_BYTES = 16;
/** Bytes of the hash kept: 128 bits, far past any collision among one code's devices of a day. */
const DEVICE_BYTES = 16;

/**
 * A device as counting knows it: the day's salted hash of what its request carries anyway (the
 * address the service sees and the User-Agent). Without the day's salt, deleted with the day, no one
 * can tell which address and browser gave a hash, nor match one device across days.
 */
export function deviceHash(salt: Buffer, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(salt)
    .update(address)
    .update('\n')
    .update(userAgent)
    .digest('base64url')
    .slice(0, Math.ceil((DEVICE_BYTES * 4) / 3));
}

/** A key of this process's own, never stored: its memory of recent visits holds no address either. */
export const processSalt = (): Buffer => randomBytes(SALT_BYTES);
