import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { CsvSyntaxError, readCsvRecords } from './csvRecords.ts';
import { IMPORT_COLUMNS, REQUIRED_COLUMNS, type ColumnPositions } from './importRow.ts';

/** One source row: its values (placed by `positions`), or why it could not be read as a row at all. */
export type SourceRow =
  | { line: number; values: readonly unknown[]; positions: ColumnPositions; unknownColumns?: string[] }
  | { line: number; reasons: string[] };

/** A problem that stops reading the file (bad header, broken quoting, not a JSON array, past a size bound). */
export class ImportFormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/**
 * Streams rows from a .csv (header row) or .json (array of objects) file without loading it whole:
 * `onRow` gets each row as it is read, and `afterChunk` is awaited after every chunk of the file, so
 * whoever stores the rows sets the pace. Rows are handed over one by one rather than gathered, so
 * each one's strings die young instead of being copied by the garbage collector.
 */
export function readRows(
  path: string,
  onRow: (row: SourceRow) => void,
  afterChunk: () => Promise<void>,
): Promise<void> {
  const extension = extname(path).toLowerCase();
  if (extension === '.csv') return readCsv(path, onRow, afterChunk);
  if (extension === '.json') return readJsonArray(path, onRow, afterChunk);
  return Promise.reject(new ImportFormatError(0, `unsupported file type '${extension}': use .csv or .json`));
}

async function readCsv(path: string, onRow: (row: SourceRow) => void, afterChunk: () => Promise<void>): Promise<void> {
  let positions: ColumnPositions | undefined;
  let width = 0;
  const onRecord = (fields: string[], line: number) => {
    if (!positions) {
      positions = headerPositions(
        fields.map((name) => name.trim()),
        line,
      );
      width = fields.length;
    } else if (fields.length !== width) {
      onRow({ line, reasons: [`has ${fields.length} fields, the header has ${width}`] });
    } else {
      onRow({ line, values: fields, positions });
    }
  };
  try {
    await readCsvRecords(path, onRecord, afterChunk);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new ImportFormatError(error.line, error.message);
    throw error;
  }
}

/** A wrong header would make every row bad, so it stops the import with one clear message instead. */
function headerPositions(header: string[], line: number): ColumnPositions {
  const unknown = header.filter((name) => !(IMPORT_COLUMNS as readonly string[]).includes(name));
  const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name));
  if (unknown.length > 0 || missing.length > 0) {
    const problems = [
      ...(unknown.length > 0 ? [`unknown columns ${unknown.join(', ')}`] : []),
      ...(missing.length > 0 ? [`missing columns ${missing.join(', ')}`] : []),
    ];
    throw new ImportFormatError(line, `${problems.join('; ')} (expected ${IMPORT_COLUMNS.join(',')})`);
  }
  return IMPORT_COLUMNS.map((name) => header.indexOf(name));
}

/** Far more than any row object needs; reached by a string or an object that is never closed. */
const MAX_ITEM_CHARS = 1 << 20;

/** A JSON item's values are read by column name, in IMPORT_COLUMNS order. */
const IN_ORDER: ColumnPositions = IMPORT_COLUMNS.map((_, i) => i);

/**
 * Splits a top-level JSON array into its object items as text, tracking only nesting and strings,
 * so memory holds one item at a time; each item is then parsed on its own.
 */
async function readJsonArray(
  path: string,
  onRow: (row: SourceRow) => void,
  afterChunk: () => Promise<void>,
): Promise<void> {
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
          item += chunk.slice(itemStart, i + 1);
          checkItemLength(item, itemLine);
          onRow(parseItem(item, itemLine));
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
    if (state === 'item') {
      item += chunk.slice(itemStart);
      checkItemLength(item, itemLine);
    }
    await afterChunk();
  }
  if (state !== 'after') throw new ImportFormatError(line, 'the JSON array is not closed');
}

function checkItemLength(item: string, line: number): void {
  if (item.length > MAX_ITEM_CHARS) {
    throw new ImportFormatError(line, 'a row object longer than 1 MB: is a string or a brace not closed?');
  }
}

function parseItem(text: string, line: number): SourceRow {
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { line, reasons: ['is not valid JSON'] };
  }
  const unknown = Object.keys(fields).filter((key) => !(IMPORT_COLUMNS as readonly string[]).includes(key));
  return {
    line,
    values: IMPORT_COLUMNS.map((name) => fields[name]),
    positions: IN_ORDER,
    ...(unknown.length > 0 ? { unknownColumns: unknown } : {}),
  };
}
