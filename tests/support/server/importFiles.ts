import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_COLUMNS } from '../../../server/import/importRow.ts';

/** The columns every row of these tests gives; the optional ones after them are named where a test uses them. */
export const BASE_COLUMNS = IMPORT_COLUMNS.slice(0, IMPORT_COLUMNS.indexOf('totalPacket') + 1);
export const HEADER = BASE_COLUMNS.join(',');

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'trace-import-'));
}

/** Writes content to a file in a fresh temp folder and returns its path. */
export function writeTempFile(name: string, content: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, content);
  return path;
}

export function csv(...rows: string[]): string {
  return [HEADER, ...rows].join('\n') + '\n';
}
