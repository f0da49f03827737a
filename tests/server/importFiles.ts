import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_COLUMNS } from '../../server/import/importRow.ts';

export const HEADER = IMPORT_COLUMNS.join(',');

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
