import { createHash } from 'node:crypto';
import { TRACE_API_BASE_PATH } from '../../src/contract/traceContract.ts';

// Product pictures the import reads from files: stored in the database under a name made of their
// content's hash, so a name always means the same bytes (browsers may keep them for a year) and
// every instance on the same database serves them.

/** Where the service serves stored pictures; answers point there. */
export const IMAGES_PATH = `${TRACE_API_BASE_PATH}/images`;
/** One picture at most; a product photo for a 96 px box needs far less. */
export const IMAGE_MAX_BYTES = 1 << 20;

const TYPES = [
  {
    extension: 'png',
    contentType: 'image/png',
    matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    extension: 'jpg',
    contentType: 'image/jpeg',
    matches: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    extension: 'webp',
    contentType: 'image/webp',
    matches: (b: Buffer) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
  { extension: 'svg', contentType: 'image/svg+xml', matches: (b: Buffer) => startsAsSvg(b.toString('utf8', 0, 4096)) },
] as const;

const NON_SPACE = /\S/g;

function skipSpace(text: string, from: number): number {
  NON_SPACE.lastIndex = from;
  return NON_SPACE.exec(text)?.index ?? text.length;
}

/**
 * An SVG starts with its root element, after an optional XML declaration, comments or a doctype.
 * Scanned with indexOf rather than one regex: a regex with a repeated lazy comment group tries every
 * way of grouping adjacent comments, and 40 empty comments in a 281-byte file took years.
 */
export function startsAsSvg(text: string): boolean {
  let at = skipSpace(text, 0);
  if (text.startsWith('<?xml', at)) {
    const end = text.indexOf('>', at);
    if (end === -1) return false;
    at = skipSpace(text, end + 1);
  }
  for (;;) {
    let after: number;
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      after = end === -1 ? -1 : end + 3;
    } else if (text.startsWith('<!DOCTYPE', at)) {
      const end = text.indexOf('>', at);
      after = end === -1 ? -1 : end + 1;
    } else break;
    if (after === -1) return false;
    at = skipSpace(text, after);
  }
  return text.startsWith('<svg', at) && /^[\s>]/.test(text.charAt(at + 4));
}

/** A stored name: the hash of the bytes, then the type's extension. */
export const IMAGE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|svg)$/;

export interface StoredImage {
  name: string;
  contentType: string;
  body: Buffer;
}

/** The picture's content type by its bytes (PNG, JPEG, WebP or SVG), whatever it claims; undefined for anything else. */
export function imageTypeOf(body: Buffer): string | undefined {
  return TYPES.find((candidate) => candidate.matches(body))?.contentType;
}

/** The picture's stored form, or undefined when its bytes are no PNG, JPEG, WebP or SVG image. */
export function storedImage(body: Buffer): StoredImage | undefined {
  const type = TYPES.find((candidate) => candidate.matches(body));
  if (type === undefined) return undefined;
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
  return { name: `${hash}.${type.extension}`, contentType: type.contentType, body };
}

/** The URL an answer gives for a product's picture: its own https URL, or where the service serves the stored one. */
export function productImageUrl(imageUrl: string | null, imageName: string | null): string | null {
  return imageUrl ?? (imageName === null ? null : `${IMAGES_PATH}/${imageName}`);
}
