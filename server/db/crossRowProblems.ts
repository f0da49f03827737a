import type { CrossRowFacts, RowProblem } from './importRows.ts';

// The checks across an import's rows, as SQL both databases run on their staged `import_rows`. A line's
// problems come in this order: a repeated code, the catalogue, the parent carton. Each part runs only
// when the file's order left it open (CrossRowFacts). Parents are looked up once per distinct parent,
// not once per unit.
const REPEATED_CODES = `
  SELECT r.line, 1 AS kind, 'code ' || r.code || ' is already on line ' || f.line AS reason
  FROM import_rows r JOIN (SELECT code, min(line) AS line FROM import_rows GROUP BY code HAVING count(*) > 1) f
    ON f.code = r.code AND r.line > f.line`;
const CATALOGUE_PROBLEMS = 'SELECT line, 2 AS kind, problem AS reason FROM import_rows WHERE problem IS NOT NULL';

/**
 * The lines with a problem across rows, with `kind` to order a line's reasons; undefined when the file's
 * order left no check open. `storedCarton` is the database's own test that `o.parent_code` is a stored
 * carton. "In this file" is read from import_rows, not from the stored codes: those may already hold
 * rows of this file.
 */
export function crossRowProblems(facts: CrossRowFacts, storedCarton: string): string | undefined {
  const parentsNotCartons = `
  SELECT r.line, 3 AS kind, 'parentCode ' || r.parent_code || ' is not a carton in this file or in the database' AS reason
  FROM import_rows r
  WHERE r.parent_open AND r.parent_code IN (
    SELECT o.parent_code FROM (SELECT DISTINCT parent_code FROM import_rows WHERE parent_open) o
    WHERE NOT EXISTS (SELECT 1 FROM import_rows p WHERE p.code = o.parent_code AND p.is_carton)
      AND NOT EXISTS (${storedCarton}))`;
  const parts = [
    ...(facts.codesAscending ? [] : [REPEATED_CODES]),
    ...(facts.catalogueProblems > 0 ? [CATALOGUE_PROBLEMS] : []),
    ...(facts.openParents > 0 ? [parentsNotCartons] : []),
  ];
  return parts.length === 0
    ? undefined
    : `SELECT line, reason FROM (${parts.join(' UNION ALL ')}) problems ORDER BY line, kind`;
}

/**
 * Reports the rows of `crossRowProblems` (in line order, a line's reasons together) once per line,
 * its reasons joined; `finish` sends the last one and says how many lines had a problem.
 */
export class ProblemsByLine {
  private pending: RowProblem | undefined;
  private count = 0;

  constructor(private readonly onProblem: (problem: RowProblem) => void) {}

  add({ line, reason }: RowProblem): void {
    if (this.pending?.line === line) {
      this.pending.reason += `; ${reason}`;
      return;
    }
    if (this.pending) this.onProblem(this.pending);
    this.pending = { line, reason };
    this.count++;
  }

  finish(): number {
    if (this.pending) this.onProblem(this.pending);
    this.pending = undefined;
    return this.count;
  }
}
