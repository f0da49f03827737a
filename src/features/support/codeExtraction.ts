import { QR_CODE_MAX_LENGTH, QR_CODE_MIN_LENGTH } from '@/contract/traceContract';
import { hasValidCheckDigit } from '@/contract/gs1/checkDigit';
import { parseDigitalLink } from '@/contract/gs1/digitalLink';
import type { PrintedPack } from '@/contract/gs1/printedPack';
import { installLinkParser, readDigitalLink } from '@/features/lookup';
import { withinInputLimit } from './inputLimit';

// The desk is a chunk of its own: the Digital Link parser comes with it, for every link pasted.
installLinkParser(parseDigitalLink);

/** The most codes one batch looks up: a chat message rarely holds more, and the service has a rate limit. */
export const MAX_BATCH_CODES = 50;

/**
 * Something the customer sent that holds no code we can look up, kept raw so staff see what it was:
 * a link without one, a product barcode, or a code-like word with characters no code has.
 */
export interface Unread {
  raw: string;
  reason: 'link' | 'barcode' | 'notCode';
}

/**
 * A code to look up; `nearMiss` when it is one character too short or too long (typo help may fix it);
 * `pack`: what the GS1 Digital Link it came in says of the pack, checked against the record once found.
 */
export interface FoundCode {
  code: string;
  nearMiss: boolean;
  pack?: PrintedPack;
}

export interface Extraction {
  /** Distinct codes (case aside), in the order they first appeared, at most MAX_BATCH_CODES. */
  codes: FoundCode[];
  unread: Unread[];
  /** Distinct codes left out beyond the cap. */
  overflow: number;
}

// Cyrillic and Greek capitals drawn exactly like Latin ones: a code copied through some keyboards or
// apps arrives with them, and no trace code holds anything but Latin letters and digits.
const LOOKALIKES: Record<string, string> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  ο: 'o',
};

const URL_PATTERN = /https?:\/\/[^\s<>"]+/giu;
// Punctuation around a word in a sentence ("(mã: 1D24…),"), and what may close a sentence after a link.
// Trimmed by a loop, not a regex: `[…]+$` retries every start in a run of them, quadratic on a long run.
// Each mark is one UTF-16 unit, so a half of a surrogate pair never matches and no code point is split.
const WORD_EDGE = new Set('"\'“”‘’«»()[]{}<>.,;:!?…');
const LINK_END = new Set('.,;:!?…)]}\'"»”’');
// Dashes of every width: codes are read out and written in groups.
const DASHES = /[-‐‑‒–—―]/gu;
const CODE_CHARACTERS = /^[A-Za-z0-9]+$/;
const HAS_DIGIT = /\d/;
const HAS_LETTER = /[A-Za-z]/;
/** A group of a code written in parts: with a digit ('1D24'), or short capitals ('TH'). */
const CODE_GROUP = /^(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{1,16}$|^[A-Z]{1,4}$/;

const isCodeLength = (length: number) => length >= QR_CODE_MIN_LENGTH && length <= QR_CODE_MAX_LENGTH;
const isNearLength = (length: number) => length === QR_CODE_MIN_LENGTH - 1 || length === QR_CODE_MAX_LENGTH + 1;

type Piece = FoundCode | Unread;

function withoutLeading(text: string, marks: Set<string>): string {
  let start = 0;
  while (start < text.length && marks.has(text[start])) start++;
  return text.slice(start);
}

function withoutTrailing(text: string, marks: Set<string>): string {
  let end = text.length;
  while (end > 0 && marks.has(text[end - 1])) end--;
  return text.slice(0, end);
}

function withLatinLookalikes(word: string): string {
  return Array.from(word, (char) => LOOKALIKES[char] ?? char).join('');
}

/** The code a link carries: its `qr`, or a GS1 Digital Link's serial with its pack; null when it carries none. */
function codeOfLink(raw: string): { code: string; pack?: PrintedPack } | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const qr = url.searchParams.get('qr');
  if (qr !== null) return { code: qr.replace(/[\s-]+/g, '') };
  const link = readDigitalLink(url);
  if (link?.level !== 'unit' || !CODE_CHARACTERS.test(link.serial) || !isCodeLength(link.serial.length)) return null;
  return { code: link.serial, pack: link.pack };
}

/** One word of the text (dashes inside taken out), as a code, a near miss, something unread or nothing. */
function pieceOfWord(word: string): Piece | null {
  const compact = word.replace(DASHES, '');
  if (!CODE_CHARACTERS.test(compact)) {
    // A code-long word with a letter no code has ('đ', a Cyrillic one with no Latin twin): shown raw.
    const latinPart = compact.replace(/[^A-Za-z0-9]/g, '');
    return latinPart.length >= QR_CODE_MIN_LENGTH - 2 && HAS_DIGIT.test(latinPart)
      ? { raw: word, reason: 'notCode' }
      : null;
  }
  if (!HAS_DIGIT.test(compact)) return null;
  if (isCodeLength(compact.length)) return { code: compact, nearMiss: false };
  if (isNearLength(compact.length) && HAS_LETTER.test(compact)) return { code: compact, nearMiss: true };
  // The barcode under the QR code (EAN-13, UPC-A): customers send it believing it is the code.
  if (/^\d{12,13}$/.test(compact) && hasValidCheckDigit(compact)) return { raw: word, reason: 'barcode' };
  return null;
}

/**
 * The pieces of a run of plain text, in order. A code written in groups ('1D24 B326 1X54 A2320') is
 * joined back when its groups add up to a code's length; a whole code is never joined to a neighbour.
 */
function piecesOfText(text: string): Piece[] {
  const words = text
    .split(/\s+/u)
    .map((word) => withLatinLookalikes(withoutTrailing(withoutLeading(word, WORD_EDGE), WORD_EDGE)))
    .filter((word) => word !== '');
  const pieces: Piece[] = [];
  for (let start = 0; start < words.length; start++) {
    const joined = joinedCode(words, start);
    if (joined) {
      pieces.push({ code: joined.code, nearMiss: false });
      start = joined.end;
      continue;
    }
    const piece = pieceOfWord(words[start]);
    if (piece) pieces.push(piece);
  }
  return pieces;
}

function joinedCode(words: string[], start: number): { code: string; end: number } | null {
  let code = '';
  for (let end = start; end < words.length; end++) {
    const group = words[end].replace(DASHES, '');
    if (!CODE_GROUP.test(group) || isCodeLength(group.length)) return null;
    code += group;
    if (code.length > QR_CODE_MAX_LENGTH) return null;
    if (end > start && isCodeLength(code.length) && HAS_DIGIT.test(code)) return { code, end };
  }
  return null;
}

/** Every piece of a text in order: links first read as links, the words between them as text. */
function piecesOf(input: string): Piece[] {
  const text = withinInputLimit(input).normalize('NFKC');
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    pieces.push(...piecesOfText(text.slice(last, match.index)));
    const link = withoutTrailing(match[0], LINK_END);
    last = match.index + link.length;
    const found = codeOfLink(link);
    const piece = found === null ? null : pieceOfWord(withLatinLookalikes(found.code));
    pieces.push(
      piece && 'code' in piece ? { ...piece, ...(found?.pack && { pack: found.pack }) } : { raw: link, reason: 'link' },
    );
  }
  pieces.push(...piecesOfText(text.slice(last)));
  return pieces;
}

/**
 * Every trace code in what a customer sent (a chat message, several lines, links, GS1 Digital Links,
 * codes with spaces or dashes inside, lookalike letters of other scripts), de-duplicated without regard
 * to case, in the order they appeared, at most MAX_BATCH_CODES; and what could not be read, raw.
 * Only the first MAX_INPUT_CHARS characters are read; the time taken grows in proportion to them.
 */
export function extractCodes(input: string): Extraction {
  const seen = new Set<string>();
  const seenUnread = new Set<string>();
  const codes: FoundCode[] = [];
  const unread: Unread[] = [];
  let overflow = 0;
  for (const piece of piecesOf(input)) {
    if ('raw' in piece) {
      if (!seenUnread.has(piece.raw)) unread.push(piece);
      seenUnread.add(piece.raw);
      continue;
    }
    const key = piece.code.toUpperCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (codes.length < MAX_BATCH_CODES) codes.push(piece);
    else overflow++;
  }
  return { codes, unread, overflow };
}
