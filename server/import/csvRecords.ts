import { createReadStream } from 'node:fs';

/** Gets a CSV record's fields and the line it starts on (1-based, as an editor counts). */
export type OnRecord = (fields: string[], line: number) => void;

/** Broken quoting: the file cannot be read as rows from here on. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** Longer than any row of the import; reached only inside a quote that is never closed. */
const MAX_RECORD_CHARS = 1 << 20;
const CHUNK_BYTES = 1 << 20;

/**
 * Streams an RFC 4180 file (comma, double quotes, `""` inside quotes, LF or CRLF, an optional BOM)
 * record by record, skipping empty lines, and awaits `afterChunk` after each chunk read. Lines
 * without a quote, all of them in a machine-written export, are cut with indexOf and split: a general
 * CSV parser spent more time here than the whole rest of the import.
 */
export async function readCsvRecords(path: string, onRecord: OnRecord, afterChunk: () => Promise<void>): Promise<void> {
  let pending = '';
  let line = 1;
  let first = true;
  for await (const chunk of createReadStream(path, {
    encoding: 'utf8',
    highWaterMark: CHUNK_BYTES,
  }) as AsyncIterable<string>) {
    let text = pending + chunk;
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    const rest = cutRecords(text, line, onRecord, false);
    pending = text.slice(rest.at);
    line = rest.line;
    if (pending.length > MAX_RECORD_CHARS)
      throw new CsvSyntaxError(line, 'a row longer than 1 MB: is a quote not closed?');
    await afterChunk();
  }
  cutRecords(pending, line, onRecord, true);
}

/** Hands over the complete records of `text`; returns where the unfinished one starts, and its line. */
function cutRecords(text: string, startLine: number, onRecord: OnRecord, atEnd: boolean): { at: number; line: number } {
  let at = 0;
  let line = startLine;
  let nextQuote = text.indexOf('"');
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end === -1) {
      if (!atEnd) break;
      end = text.length;
    }
    if (nextQuote === -1 || nextQuote > end) {
      const stop = end > at && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
      if (stop > at) onRecord(text.slice(at, stop).split(','), line);
      at = end + 1;
      line++;
      continue;
    }
    const quoted = readQuotedRecord(text, at, line, atEnd);
    if (quoted === undefined) break;
    onRecord(quoted.fields, line);
    at = quoted.end + 1;
    line = quoted.line + 1;
    nextQuote = text.indexOf('"', at);
  }
  return { at, line };
}

/** A record with quotes, from `start` to its ending newline; undefined when the text ends inside it. */
function readQuotedRecord(text: string, start: number, startLine: number, atEnd: boolean) {
  const fields: string[] = [];
  let line = startLine;
  let i = start;
  for (;;) {
    if (text.charCodeAt(i) === 34) {
      let value = '';
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) {
          if (!atEnd) return undefined;
          throw new CsvSyntaxError(startLine, 'a quoted field is not closed');
        }
        // A quote that ends the text may be the first of a doubled one: only the next chunk tells.
        if (quote + 1 >= text.length && !atEnd) return undefined;
        line += countNewlines(text, from, quote);
        if (text.charCodeAt(quote + 1) === 34) {
          value += text.slice(from, quote + 1);
          from = quote + 2;
          continue;
        }
        value += text.slice(from, quote);
        i = quote + 1;
        break;
      }
      fields.push(value);
      if (text.charCodeAt(i) === 13) {
        if (i + 1 >= text.length && !atEnd) return undefined;
        if (text.charCodeAt(i + 1) === 10) i++;
      }
      const next = text.charCodeAt(i);
      if (!(next === 44 || next === 10 || i >= text.length)) {
        throw new CsvSyntaxError(
          line,
          `after the closing quote of field ${fields.length}, a comma or the end of the line must follow`,
        );
      }
    } else {
      let end = i;
      while (end < text.length) {
        const c = text.charCodeAt(end);
        if (c === 44 || c === 10) break;
        if (c === 34)
          throw new CsvSyntaxError(line, `a quote inside field ${fields.length + 1}, which does not start with one`);
        end++;
      }
      if (end >= text.length && !atEnd) return undefined;
      const stop = text.charCodeAt(end) === 10 && end > i && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
      fields.push(text.slice(i, stop));
      i = end;
    }
    if (i >= text.length || text.charCodeAt(i) === 10) return { fields, end: i, line };
    i++;
  }
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
