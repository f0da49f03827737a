import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { parse } from 'csv-parse';
import { IMPORT_COLUMNS, REQUIRED_COLUMNS } from './importRow.ts';

/** One source row: its fields, or why it could not be read as a row at all. */
export type SourceRow =
  | { line: number; fields: Record<string, unknown> }
  | { line: number; reasons: string[] };

/** A problem that stops reading the file (bad header, broken quoting, not a JSON array). */
export class ImportFormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** Streams rows from a .csv (header row) or .json (array of objects) file without loading it whole. */
export function readRows(path: string): AsyncGenerator<SourceRow> {
  const extension = extname(path).toLowerCase();
  if (extension === '.csv') return readCsv(path);
  if (extension === '.json') return readJsonArray(path);
  throw new ImportFormatError(0, `unsupported file type '${extension}': use .csv or .json`);
}

async function* readCsv(path: string): AsyncGenerator<SourceRow> {
  const parser = createReadStream(path).pipe(
    parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true }),
  );
  let header: string[] | undefined;
  try {
    for await (const { info, record } of parser as AsyncIterable<{ info: { lines: number }; record: string[] }>) {
      if (!header) {
        header = checkHeader(record.map((name) => name.trim()), info.lines);
        continue;
      }
      if (record.length !== header.length) {
        yield { line: info.lines, reasons: [`has ${record.length} fields, the header has ${header.length}`] };
        continue;
      }
      const fields: Record<string, unknown> = {};
      header.forEach((name, i) => (fields[name] = record[i]));
      yield { line: info.lines, fields };
    }
  } catch (error) {
    if (error instanceof Error && 'lines' in error) throw new ImportFormatError(Number(error.lines), error.message);
    throw error;
  }
}

/** A wrong header would make every row bad, so it stops the import with one clear message instead. */
function checkHeader(header: string[], line: number): string[] {
  const unknown = header.filter((name) => !(IMPORT_COLUMNS as readonly string[]).includes(name));
  const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name));
  if (unknown.length > 0 || missing.length > 0) {
    const problems = [
      ...(unknown.length > 0 ? [`unknown columns ${unknown.join(', ')}`] : []),
      ...(missing.length > 0 ? [`missing columns ${missing.join(', ')}`] : []),
    ];
    throw new ImportFormatError(line, `${problems.join('; ')} (expected ${IMPORT_COLUMNS.join(',')})`);
  }
  return header;
}

/**
 * Splits a top-level JSON array into its object items as text, tracking only nesting and strings,
 * so memory holds one item at a time; each item is then parsed on its own.
 */
async function* readJsonArray(path: string): AsyncGenerator<SourceRow> {
  let line = 1;
  type State = 'before' | 'between' | 'item' | 'after';
  let state = 'before' as State;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let item = '';
  let itemLine = 0;
  for await (const chunk of createReadStream(path, { encoding: 'utf8' }) as AsyncIterable<string>) {
    let itemStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i] as string;
      if (ch === '\n') line++;
      if (state === 'item') {
        if (inString) {
          if (escaped) escaped = false;
          else if (ch === '\\') escaped = true;
          else if (ch === '"') inString = false;
        } else if (ch === '"') inString = true;
        else if (ch === '{' || ch === '[') depth++;
        else if ((ch === '}' || ch === ']') && --depth === 0) {
          yield parseItem(item + chunk.slice(itemStart, i + 1), itemLine);
          item = '';
          state = 'between';
        }
        continue;
      }
      if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n' || ch === '\uFEFF') continue;
      if (state === 'before') {
        if (ch !== '[') throw new ImportFormatError(line, 'a .json import must be an array of row objects');
        state = 'between';
      } else if (state === 'between' && ch === '{') {
        state = 'item';
        depth = 1;
        itemStart = i;
        itemLine = line;
      } else if (state === 'between' && (ch === ',' || ch === ']')) {
        if (ch === ']') state = 'after';
      } else {
        throw new ImportFormatError(line, `unexpected '${ch}': expected a row object`);
      }
    }
    if (state === 'item') item += chunk.slice(itemStart);
  }
  if (state !== 'after') throw new ImportFormatError(line, 'the JSON array is not closed');
}

function parseItem(text: string, line: number): SourceRow {
  try {
    return { line, fields: JSON.parse(text) as Record<string, unknown> };
  } catch {
    return { line, reasons: ['is not valid JSON'] };
  }
}
