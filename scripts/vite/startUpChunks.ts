import type { Rollup } from 'vite';

/**
 * The chunks a page entry starts with, besides itself: its static imports, and src/main.tsx's start-up
 * stages with what they import. main.tsx imports those stages dynamically, each evaluated in a task of
 * its own, and they are the entry's only dynamic imports: anything loaded on demand (the scanner, the
 * staff page) is imported from deeper in the page. `npm run size` fails if the scanner ever lands here.
 */
export function startUpChunks(
  entry: Rollup.OutputChunk,
  bundle: Rollup.OutputBundle,
): { staticImports: string[]; stages: string[] } {
  const seen = new Set([entry.fileName]);
  const closure = (fileNames: string[]) => importClosure(bundle, fileNames, seen);
  const staticImports = closure(entry.imports);
  return { staticImports, stages: closure(entry.dynamicImports) };
}

/**
 * The chunks `fileNames` name and every chunk they import, in the order met, less those already in `seen`
 * (which it fills, so calls one after another never list a chunk twice).
 */
export function importClosure(bundle: Rollup.OutputBundle, fileNames: string[], seen: Set<string>): string[] {
  const found: string[] = [];
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    found.push(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  fileNames.forEach(visit);
  return found;
}
