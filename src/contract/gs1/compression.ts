import { aiFormat, aiLengthByPrefix } from './applicationIdentifiers.ts';

// GS1 Digital Link Compression 1.0: the AIs and their values as one bit string, written with a URI-safe base64
// alphabet. Each AI is its digits as 4-bit hex (or one hex pair from the optimisation table standing for a
// common sequence of AIs); then each value component: fixed numbers as binary of the bits their digits need,
// variable numbers after a length field, alphanumerics after a 3-bit encoding (numeric, lower hex, upper hex,
// base64, 7-bit ASCII) and, when variable, a length field. A pair `F` + 7-bit length carries a non-GS1 key.
// The optimisation table's sequences are in GS1's prototype's effective order (sorted AIs), the order compressed
// links in the wild are written in.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const HEX = '0123456789ABCDEF';

const OPTIMISATIONS: Record<string, string[]> = {
  '0A': ['01', '22'],
  '0B': ['01', '10'],
  '0C': ['01', '21'],
  '0D': ['01', '17'],
  '0E': ['01', '7003'],
  '0F': ['01', '30'],
  '1A': ['01', '10', '17', '21'],
  '1B': ['01', '15'],
  '1C': ['01', '11'],
  '1D': ['01', '16'],
  '1E': ['01', '91'],
  '1F': ['01', '10', '15'],
  '2A': ['01', '3100'],
  '2B': ['01', '3101'],
  '2C': ['01', '3102'],
  '2D': ['01', '3103'],
  '2E': ['01', '3104'],
  '2F': ['01', '3105'],
  '3A': ['01', '3200'],
  '3B': ['01', '3201'],
  '3C': ['01', '3202'],
  '3D': ['01', '3203'],
  '3E': ['01', '3204'],
  '3F': ['01', '3205'],
  '9A': ['8010', '8011'],
  '9B': ['8017', '8019'],
  '9C': ['8018', '8019'],
  '9D': ['254', '414'],
  A0: ['01', '3920'],
  A1: ['01', '3921'],
  A2: ['01', '3922'],
  A3: ['01', '3923'],
  A4: ['01', '3924'],
  A5: ['01', '3925'],
  A6: ['01', '3926'],
  A7: ['01', '3927'],
  A8: ['01', '3928'],
  A9: ['01', '3929'],
  C0: ['255', '3900'],
  C1: ['255', '3901'],
  C2: ['255', '3902'],
  C3: ['255', '3903'],
  C4: ['255', '3904'],
  C5: ['255', '3905'],
  C6: ['255', '3906'],
  C7: ['255', '3907'],
  C8: ['255', '3908'],
  C9: ['255', '3909'],
  CA: ['255', '3940'],
  CB: ['255', '3941'],
  CC: ['255', '3942'],
  CD: ['255', '3943'],
};

/** What a compressed segment holds: GS1 AIs with their values, and any non-GS1 key=value pairs, in order. */
export interface DecompressedPairs {
  ais: [string, string][];
  other: [string, string][];
}

const lengthBits = (maxLength: number) => Math.ceil(Math.log2(maxLength) + 0.01);
const valueBits = (digits: number) => Math.ceil(digits * Math.log2(10) + 0.01);

class BitReader {
  private cursor = 0;
  constructor(private readonly bits: string) {}
  left(): number {
    return this.bits.length - this.cursor;
  }
  read(count: number): bigint {
    if (count > this.left()) throw new Error('compressed link ends early');
    const slice = this.bits.slice(this.cursor, this.cursor + count);
    this.cursor += count;
    return count ? BigInt(`0b${slice}`) : 0n;
  }
  number(count: number): number {
    return Number(this.read(count));
  }
}

function readDigits(reader: BitReader, digits: number): string {
  const value = reader.read(valueBits(digits)).toString();
  if (value.length > digits) throw new Error('number too long for its length');
  return digits ? value.padStart(digits, '0') : '';
}

function readCharacters(reader: BitReader, encoding: number, count: number): string {
  if (encoding === 0) return readDigits(reader, count);
  let text = '';
  for (let i = 0; i < count; i++) {
    if (encoding === 1 || encoding === 2) text += HEX[reader.number(4)];
    else if (encoding === 3) text += BASE64[reader.number(6)];
    else if (encoding === 4) text += String.fromCharCode(reader.number(7));
    else throw new Error('unknown character encoding');
  }
  return encoding === 1 ? text.toLowerCase() : text;
}

function readValue(reader: BitReader, ai: string): string {
  const format = aiFormat(ai);
  if (!format) throw new Error(`unknown AI ${ai}`);
  let value = '';
  for (const { numeric, fixed, length } of format.components) {
    if (numeric) value += readDigits(reader, fixed ? length : reader.number(lengthBits(length)));
    else {
      const encoding = reader.number(3);
      value += readCharacters(reader, encoding, fixed ? length : reader.number(lengthBits(length)));
    }
  }
  return value;
}

/** A compressed segment's pairs; throws (an Error saying why) when the segment is no compressed Digital Link. */
export function decompressSegment(segment: string): DecompressedPairs {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) throw new Error('not URI-safe base64');
  const bits = [...segment].map((c) => BASE64.indexOf(c).toString(2).padStart(6, '0')).join('');
  const reader = new BitReader(bits);
  const pairs: DecompressedPairs = { ais: [], other: [] };
  // Fewer than 8 bits left are the padding to a whole base64 character.
  while (reader.left() > 8) {
    const h1 = reader.number(4);
    const h2 = reader.number(4);
    if (h1 <= 9 && h2 <= 9) {
      let ai = `${h1}${h2}`;
      const aiLength = aiLengthByPrefix(ai);
      if (!aiLength) throw new Error(`no AI starts with ${ai}`);
      while (ai.length < aiLength) {
        const digit = reader.number(4);
        if (digit > 9) throw new Error('AI digits must be decimal');
        ai += digit;
      }
      pairs.ais.push([ai, readValue(reader, ai)]);
    } else if (h1 === 15) {
      // A non-GS1 key: its length in 7 bits starting with h2's, its base64 characters, then its value.
      const keyLength = (h2 << 3) | reader.number(3);
      let key = '';
      for (let i = 0; i < keyLength; i++) key += BASE64[reader.number(6)];
      const encoding = reader.number(3);
      pairs.other.push([key, readCharacters(reader, encoding, reader.number(7))]);
    } else {
      const code = HEX.charAt(h1) + HEX.charAt(h2);
      const sequence = OPTIMISATIONS[code];
      if (!sequence) throw new Error(`no optimisation ${code}`);
      for (const ai of sequence) pairs.ais.push([ai, readValue(reader, ai)]);
    }
  }
  return pairs;
}

function encoding(text: string): number {
  if (/^\d+$/.test(text)) return 0;
  if (/^[0-9A-F]+$/.test(text)) return 2;
  if (/^[0-9a-f]+$/.test(text)) return 1;
  if (/^[A-Za-z0-9_-]+$/.test(text)) return 3;
  return 4;
}

const binary = (value: bigint | number, bits: number) => value.toString(2).padStart(bits, '0');
const digitsBits = (digits: string) => (digits ? binary(BigInt(digits), valueBits(digits.length)) : '');

function charactersBits(text: string): string {
  const chosen = encoding(text);
  let bits = binary(chosen, 3);
  if (chosen === 0) return bits + digitsBits(text);
  for (const c of text) {
    if (chosen === 1 || chosen === 2) bits += binary(HEX.indexOf(c.toUpperCase()), 4);
    else if (chosen === 3) bits += binary(BASE64.indexOf(c), 6);
    else bits += binary(c.charCodeAt(0), 7);
  }
  return bits;
}

function valueBitsOf(ai: string, value: string): string {
  const format = aiFormat(ai);
  if (!format) throw new Error(`unknown AI ${ai}`);
  let bits = '';
  let rest = value;
  for (const { numeric, fixed, length } of format.components) {
    const part = fixed ? rest.slice(0, length) : rest;
    rest = rest.slice(part.length);
    const lengthField = fixed ? '' : binary(part.length, lengthBits(length));
    if (numeric) bits += lengthField + digitsBits(part);
    else {
      const characters = charactersBits(part);
      bits += characters.slice(0, 3) + lengthField + characters.slice(3);
    }
  }
  return bits;
}

const hexBits = (hex: string) => [...hex].map((c) => binary(HEX.indexOf(c), 4)).join('');

/**
 * AIs (already checked) as a compressed segment. With `optimise`, sequences of the optimisation table are taken
 * first, the longest first, as GS1's prototype does; GS1's published examples are unoptimised. AIs go in
 * string order either way, as the prototype writes them.
 */
export function compressPairs(ais: [string, string][], optimise = false): string {
  const values = new Map(ais);
  let left = [...values.keys()].sort();
  let bits = '';
  while (optimise) {
    const candidates = Object.entries(OPTIMISATIONS).filter(([, sequence]) =>
      sequence.every((ai) => left.includes(ai)),
    );
    if (!candidates.length) break;
    const [code, sequence] = candidates.reduce((best, next) =>
      next[1].join('').length > best[1].join('').length ? next : best,
    );
    bits += hexBits(code) + sequence.map((ai) => valueBitsOf(ai, values.get(ai) ?? '')).join('');
    left = left.filter((ai) => !sequence.includes(ai));
  }
  for (const ai of left) bits += hexBits(ai) + valueBitsOf(ai, values.get(ai) ?? '');
  bits += '0'.repeat((6 - (bits.length % 6)) % 6);
  let segment = '';
  for (let i = 0; i < bits.length; i += 6) segment += BASE64[parseInt(bits.slice(i, i + 6), 2)];
  return segment;
}
