import type { Point } from './flatCode';

/** A plane seen in perspective: where a point of the plane lies in the image. */
export type Homography = (u: number, v: number) => Point;

export interface FittedHomography {
  map: Homography;
  /** The root mean square distance, in image pixels, between the image points and where the map puts them. */
  rms: number;
}

/**
 * The homography that best maps the plane points onto the image points (least squares on the linear
 * form with h33 = 1, each side first centred and scaled for a well-conditioned system); null when the
 * points do not fix one (fewer than four, or all on a line).
 */
export function fitHomography(plane: readonly Point[], image: readonly Point[]): FittedHomography | null {
  if (plane.length < 4 || plane.length !== image.length) return null;
  const [from, to] = [normaliser(plane), normaliser(image)];
  const normal = Array.from({ length: 8 }, () => new Float64Array(9));
  const addRow = (row: number[], value: number) => {
    for (let i = 0; i < 8; i++) {
      for (let j = 0; j < 8; j++) normal[i][j] += row[i] * row[j];
      normal[i][8] += row[i] * value;
    }
  };
  plane.forEach((p, k) => {
    const [u, v] = from.apply(p);
    const [x, y] = to.apply(image[k]);
    addRow([u, v, 1, 0, 0, 0, -u * x, -v * x], x);
    addRow([0, 0, 0, u, v, 1, -u * y, -v * y], y);
  });
  const h = solve(normal);
  if (!h) return null;
  const map: Homography = (pu, pv) => {
    const [u, v] = from.apply({ x: pu, y: pv });
    const w = h[6] * u + h[7] * v + 1;
    return to.undo((h[0] * u + h[1] * v + h[2]) / w, (h[3] * u + h[4] * v + h[5]) / w);
  };
  const squared = plane.reduce((sum, p, k) => {
    const q = map(p.x, p.y);
    return sum + (q.x - image[k].x) ** 2 + (q.y - image[k].y) ** 2;
  }, 0);
  const rms = Math.sqrt(squared / plane.length);
  return Number.isFinite(rms) ? { map, rms } : null;
}

/** Centres points on their mean and scales them to a mean distance of √2 (Hartley's normalisation). */
function normaliser(points: readonly Point[]) {
  const mx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const my = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  const spread = points.reduce((sum, p) => sum + Math.hypot(p.x - mx, p.y - my), 0) / points.length || 1;
  const s = Math.SQRT2 / spread;
  return {
    apply: (p: Point): [number, number] => [(p.x - mx) * s, (p.y - my) * s],
    undo: (x: number, y: number): Point => ({ x: x / s + mx, y: y / s + my }),
  };
}

/** Gaussian elimination with partial pivoting on an augmented n x (n+1) system; null when singular. */
function solve(rows: Float64Array[]): number[] | null {
  const n = rows.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(rows[r][col]) > Math.abs(rows[pivot][col])) pivot = r;
    if (Math.abs(rows[pivot][col]) < 1e-12) return null;
    [rows[col], rows[pivot]] = [rows[pivot], rows[col]];
    for (let r = col + 1; r < n; r++) {
      const factor = rows[r][col] / rows[col][col];
      for (let c = col; c <= n; c++) rows[r][c] -= factor * rows[col][c];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let value = rows[r][n];
    for (let c = r + 1; c < n; c++) value -= rows[r][c] * x[c];
    x[r] = value / rows[r][r];
  }
  return x;
}
