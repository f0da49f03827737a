import {
  base64Bytes,
  photoParts,
  REPORT_ERRORS,
  REPORT_PHOTO_MAX_BYTES,
  type ReportErrorKey,
  type ReportPhotoType,
} from '../../src/contract/reports.ts';
import { imageTypeOf } from '../domain/productImage.ts';

// A shopper's photo, checked as the import checks product pictures (server/domain/productImage.ts: the type by
// its bytes, never by what it claims; SVG refused outright here, since nothing of a report needs one), bounded,
// and refused while it still carries EXIF or XMP (where a phone writes GPS): the page re-encodes photos through a
// canvas, which drops them, so one that still has them did not come through the page.

export type CheckedPhoto = { type: ReportPhotoType; body: Buffer } | { problem: ReportErrorKey };

/** The photo's bytes and type, or the message key of why it is refused. */
export function checkPhoto(dataUrl: string): CheckedPhoto {
  const parts = photoParts(dataUrl);
  if (parts === null) return { problem: REPORT_ERRORS.photoType };
  // Bounded before decoding: a 50 MB photo is refused by its length alone (and by the body limit before that).
  if (base64Bytes(parts.base64) > REPORT_PHOTO_MAX_BYTES) return { problem: REPORT_ERRORS.photoTooBig };
  // Padded base64 comes in fours. Node's decoder skips what is not base64, so then a shorter result means the text
  // was not all base64.
  if (parts.base64.length % 4 !== 0) return { problem: REPORT_ERRORS.photoType };
  const body = Buffer.from(parts.base64, 'base64');
  if (body.length !== base64Bytes(parts.base64)) return { problem: REPORT_ERRORS.photoType };
  // The bytes' type, as the import reads a picture's: an SVG or anything else that claims to be a photo is refused.
  if (imageTypeOf(body) !== parts.type) return { problem: REPORT_ERRORS.photoContent };
  if (carriesMetadata(body, parts.type)) return { problem: REPORT_ERRORS.photoMetadata };
  return { type: parts.type, body };
}

const EXIF = Buffer.from('Exif\0', 'latin1');
const XMP = Buffer.from('http://ns.adobe.com/xap/1.0/', 'latin1');

/** Whether the picture holds an EXIF or XMP block (a phone's camera writes GPS into either). */
export function carriesMetadata(body: Buffer, type: ReportPhotoType): boolean {
  if (type === 'image/jpeg') return jpegMetadata(body);
  if (type === 'image/png') return pngMetadata(body);
  return webpMetadata(body);
}

/** JPEG: the APP1 segments before the image data (SOS), EXIF or XMP. */
function jpegMetadata(body: Buffer): boolean {
  let at = 2;
  while (at + 4 <= body.length && body[at] === 0xff) {
    const marker = body[at + 1]!;
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return false;
    const length = body.readUInt16BE(at + 2);
    if (marker === 0xe1) {
      const payload = body.subarray(at + 4, at + 2 + length);
      if (payload.subarray(0, EXIF.length).equals(EXIF) || payload.subarray(0, XMP.length).equals(XMP)) return true;
    }
    at += 2 + length;
  }
  return false;
}

const PNG_TEXT = new Set(['tEXt', 'zTXt', 'iTXt']);
const PNG_METADATA_KEYWORDS = ['XML:com.adobe.xmp', 'Raw profile type exif', 'Raw profile type APP1'];

/** PNG: an eXIf chunk, or a text chunk carrying XMP or EXIF. */
function pngMetadata(body: Buffer): boolean {
  let at = 8;
  while (at + 8 <= body.length) {
    const length = body.readUInt32BE(at);
    const type = body.toString('latin1', at + 4, at + 8);
    if (type === 'eXIf') return true;
    if (PNG_TEXT.has(type)) {
      const keyword = body.toString('latin1', at + 8, at + 8 + Math.min(length, 80)).split('\0')[0];
      if (PNG_METADATA_KEYWORDS.includes(keyword ?? '')) return true;
    }
    if (type === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}

/** WebP: an EXIF or XMP chunk in the RIFF container. */
function webpMetadata(body: Buffer): boolean {
  let at = 12;
  while (at + 8 <= body.length) {
    const type = body.toString('latin1', at, at + 4);
    if (type === 'EXIF' || type === 'XMP ') return true;
    const length = body.readUInt32LE(at + 4);
    at += 8 + length + (length % 2);
  }
  return false;
}
