import type { CrossRowFacts, ImportRow } from '../db/importRows.ts';
import { detached } from './importRow.ts';

/** Cartons remembered for the parent check below; past it the set starts again (bounded memory). */
const RECENT_CARTONS = 100_000;

/**
 * Looks at the staged rows as they stream by. Machine-written exports list codes in order and a
 * carton before its units, so most files prove here, in constant memory, that no code repeats and
 * that each parent is a carton of the file: the database's checks across a million rows (a sort or
 * hash of every code, a lookup per parent) then run only for what was left open.
 */
export class CrossRowTracker {
  readonly facts: CrossRowFacts = { codesAscending: true, openParents: 0, catalogueProblems: 0 };
  private lastCode = '';
  private lastParent: string | null = null;
  private readonly cartons = new Set<string>();

  /** Notes a row that is staged; returns false when its parent is left for the database to check. */
  add(row: ImportRow, problem: string | null): boolean {
    // Stored codes are ASCII letters and digits, where JavaScript's order is the byte order the databases use.
    if (row.code <= this.lastCode) this.facts.codesAscending = false;
    this.lastCode = row.code;
    if (problem !== null) this.facts.catalogueProblems++;
    if (row.isCarton) {
      if (this.cartons.size >= RECENT_CARTONS) this.cartons.clear();
      this.cartons.add(detached(row.code));
    }
    const parent = row.parentCode;
    if (parent === null || parent === this.lastParent) return true;
    if (!this.cartons.has(parent)) {
      this.facts.openParents++;
      return false;
    }
    // Only a parent found among the file's cartons is remembered as checked.
    this.lastParent = parent;
    return true;
  }
}
