// COPY's text format written straight into bytes. A million rows formatted as JavaScript strings,
// joined and then encoded cost the importer more than reading and checking the file; here each value
// is written once, into a buffer handed to the COPY stream as it fills.

const CHUNK_BYTES = 1 << 20;
const TAB = 9;
const NEWLINE = 10;
const BACKSLASH = 92;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** Rows of COPY … FROM STDIN (text format), gathered into chunks of about 1 MB. */
export class CopyTextRows {
  private buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private at = 0;
  private readonly full: Buffer[] = [];
  private fullBytes = 0;

  /** Bytes gathered and not yet taken. */
  get bytes(): number {
    return this.fullBytes + this.at;
  }

  /** A non-negative whole number. */
  int(value: number): this {
    if (!(value >= 0 && value < 2 ** 31 && Number.isInteger(value))) return this.ascii(String(value));
    this.room(11);
    if (value === 0) {
      this.buffer[this.at++] = 48;
      return this;
    }
    let digits = 0;
    for (let rest = value; rest > 0; rest = Math.floor(rest / 10)) digits++;
    let at = this.at + digits;
    this.at = at;
    for (let rest = value; rest > 0; rest = Math.floor(rest / 10)) this.buffer[--at] = 48 + (rest % 10);
    return this;
  }

  /** Text known to be printable ASCII without a backslash (checked codes): copied character by character. */
  ascii(value: string): this {
    this.room(value.length);
    for (let i = 0; i < value.length; i++) this.buffer[this.at++] = value.charCodeAt(i);
    return this;
  }

  /** Any text, escaped as COPY's text format needs, in UTF-8. */
  text(value: string): this {
    const escaped = NEEDS_ESCAPE.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] as string) : value;
    this.room(Buffer.byteLength(escaped));
    this.at += this.buffer.write(escaped, this.at, 'utf8');
    return this;
  }

  /** SQL NULL. */
  null(): this {
    this.room(2);
    this.buffer[this.at++] = BACKSLASH;
    this.buffer[this.at++] = 78; // N
    return this;
  }

  tab(): this {
    this.room(1);
    this.buffer[this.at++] = TAB;
    return this;
  }

  endRow(): void {
    this.room(1);
    this.buffer[this.at++] = NEWLINE;
  }

  /** The chunks filled so far, the current one included, to hand to the stream; this starts afresh. */
  take(): Buffer[] {
    if (this.at > 0) this.startChunk();
    this.fullBytes = 0;
    return this.full.splice(0);
  }

  private room(bytes: number): void {
    if (this.at + bytes > this.buffer.length) this.startChunk(bytes);
  }

  /** A row may straddle two chunks: the stream only sees their bytes one after the other. */
  private startChunk(atLeast = 0): void {
    if (this.at > 0) {
      this.full.push(this.buffer.subarray(0, this.at));
      this.fullBytes += this.at;
    }
    this.buffer = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, atLeast));
    this.at = 0;
  }
}
