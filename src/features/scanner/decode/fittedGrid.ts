import { drawFlat, squareToQuad, type CodeToImage, type Point, type Quad } from './flatCode';
import { greyAt, type GreyImage } from './greyImage';

/**
 * The meshes the grid is bent on, coarse to fine: 2x2 cells, then 4x4. A third, finer mesh or a first
 * whole-code shift read no more codes on the bench and took longer.
 */
const MESHES = [2, 4];
/**
 * How far a mesh point may move on each mesh, in modules: the coarse mesh finds the fold, the fine one
 * settles it. Searched on a 7x7 grid of moves. From 0.6 to 1 module, the coarse mesh's reach read all ten
 * codes on cloth that the bench's corpus holds; 0.4 and 0.5 missed one or two.
 */
const REACH = [0.6, 0.3];
const STEPS = 3;

/**
 * A mesh point is fitted on the modules its shift moves by at least this share, about 40 % of all it
 * moves: the same codes read on the bench as fitting on all of them, in half the time.
 */
const MIN_CARRIED = 0.25;

/** A module the reader knows before reading: part of a finder, timing or alignment pattern. */
const DARK = 1;
const LIGHT = 0;
const DATA = -1;

/**
 * A QR code on a surface that is not flat (a crumpled pouch, a dented carton, a label on cloth),
 * flattened: null when its corners are not a convex quad. The reader maps the code's corners onto a
 * plane, so where the surface bends, modules are sampled off their centres, some on their neighbours,
 * and too many read wrong for the error correction to mend.
 *
 * Here the grid of module centres is bent to fit the image. Starting from the plane between the corners,
 * each point of a mesh laid over the code moves to where the module centres it carries read with the
 * most contrast (a centre on a module's edge reads mid-grey) and where the modules that every QR code has
 * in the same place (finder, timing and alignment patterns) read with their known shade; coarse mesh
 * first, then a finer one. The code, redrawn on the bent grid, goes back to the reader, whose error
 * correction still checks every bit. `modules`: the code's width in modules, from its version.
 */
export function flattenOnFittedGrid(grey: GreyImage, quad: Quad, modules: number): GreyImage | null {
  const plane = squareToQuad(quad);
  if (!plane) return null;
  const pitch = quad.reduce((sum, corner, i) => sum + distance(corner, quad[(i + 1) % 4]), 0) / 4 / modules;
  const known = knownModules(modules);

  // Every module centre on the plane; where the bent grid puts it is that plus its shift.
  const count = modules * modules;
  const centres = Array.from({ length: count }, (_, k) => plane(...moduleCentre(k, modules)));
  let mesh = new Mesh(1);
  for (const [level, cells] of MESHES.entries()) {
    mesh = mesh.refined(cells);
    const carried = mesh.carriedModules(modules);
    const shifts = Array.from({ length: count }, (_, k) => mesh.shiftAt(...moduleCentre(k, modules)));
    const reach = REACH[level] * pitch;

    mesh.points.forEach((point, p) => {
      const { modules: moved, weights: movedBy } = carried[p];
      const scored = movedBy.flatMap((weight, t) => (weight >= MIN_CARRIED ? [t] : []));
      const fitted = fitPoint(
        grey,
        known,
        point,
        scored.map((t) => ({ module: moved[t], weight: movedBy[t], centre: add(centres[moved[t]], shifts[moved[t]]) })),
        reach,
      );
      moved.forEach((k, t) => {
        shifts[k] = {
          x: shifts[k].x + movedBy[t] * (fitted.x - point.x),
          y: shifts[k].y + movedBy[t] * (fitted.y - point.y),
        };
      });
      mesh.points[p] = fitted;
    });
  }
  const bent: CodeToImage = (u, v) => add(plane(u, v), mesh.shiftAt(u, v));
  return drawFlat(grey, modules, bent);
}

/** A module a mesh point carries: its index, the share of the point's shift it takes, where it lies now. */
interface Carried {
  module: number;
  weight: number;
  centre: Point;
}

/**
 * The best shift for one mesh point, on a 7x7 grid of moves within `reach` pixels of its own: where the
 * modules it carries read with the most contrast around their mean, and the known ones on their side of it.
 */
function fitPoint(grey: GreyImage, known: Int8Array, point: Point, carried: Carried[], reach: number): Point {
  const totalWeight = carried.reduce((sum, { weight }) => sum + weight, 0);
  if (totalWeight === 0) return point;
  // Where each module would be without this point's own shift: typed arrays, as the loop below is hot.
  const restX = Float64Array.from(carried, ({ centre, weight }) => centre.x - weight * point.x);
  const restY = Float64Array.from(carried, ({ centre, weight }) => centre.y - weight * point.y);
  const weights = Float64Array.from(carried, ({ weight }) => weight);
  const shadesKnown = Int8Array.from(carried, ({ module }) => known[module]);
  const shades = new Float64Array(carried.length);
  const scoreAt = (x: number, y: number) => {
    let mean = 0;
    for (let t = 0; t < shades.length; t++) {
      shades[t] = greyAt(grey, restX[t] + weights[t] * x, restY[t] + weights[t] * y);
      mean += weights[t] * shades[t];
    }
    mean /= totalWeight;
    let score = 0;
    for (let t = 0; t < shades.length; t++) {
      const lighter = shades[t] - mean;
      const shade = shadesKnown[t];
      // A known module counts only when it reads on its own side of the mean, and then twice.
      score += weights[t] * (shade === DATA ? Math.abs(lighter) : 2 * Math.max(0, shade === DARK ? -lighter : lighter));
    }
    return score;
  };
  let best = { score: -Infinity, x: point.x, y: point.y };
  for (let sy = -STEPS; sy <= STEPS; sy++) {
    for (let sx = -STEPS; sx <= STEPS; sx++) {
      const x = point.x + (sx / STEPS) * reach;
      const y = point.y + (sy / STEPS) * reach;
      const score = scoreAt(x, y);
      if (score > best.score) best = { score, x, y };
    }
  }
  return { x: best.x, y: best.y };
}

/**
 * A square mesh of `cells` x `cells` over the code; each of its points holds a shift in image pixels, and
 * the shift anywhere on the code is the bilinear blend of its cell's four points (beyond the code, of the
 * nearest cell's).
 */
class Mesh {
  readonly points: Point[];

  constructor(
    readonly cells: number,
    points?: Point[],
  ) {
    this.points = points ?? Array.from({ length: (cells + 1) ** 2 }, () => ({ x: 0, y: 0 }));
  }

  /** A finer mesh that bends the code as this one does. */
  refined(cells: number): Mesh {
    const side = cells + 1;
    return new Mesh(
      cells,
      Array.from({ length: side * side }, (_, p) => this.shiftAt((p % side) / cells, Math.floor(p / side) / cells)),
    );
  }

  shiftAt(u: number, v: number): Point {
    // Called for every pixel of the flattened image, so without the arrays of blend().
    const [column, across] = this.cell(u);
    const [row, down] = this.cell(v);
    const side = this.cells + 1;
    const topLeft = this.points[row * side + column];
    const topRight = this.points[row * side + column + 1];
    const bottomLeft = this.points[(row + 1) * side + column];
    const bottomRight = this.points[(row + 1) * side + column + 1];
    const top = { x: topLeft.x + across * (topRight.x - topLeft.x), y: topLeft.y + across * (topRight.y - topLeft.y) };
    const bottom = {
      x: bottomLeft.x + across * (bottomRight.x - bottomLeft.x),
      y: bottomLeft.y + across * (bottomRight.y - bottomLeft.y),
    };
    return { x: top.x + down * (bottom.x - top.x), y: top.y + down * (bottom.y - top.y) };
  }

  /** For each mesh point, the modules its shift moves and by what share. */
  carriedModules(modules: number): { modules: number[]; weights: number[] }[] {
    const carried = this.points.map(() => ({ modules: [] as number[], weights: [] as number[] }));
    for (let k = 0; k < modules * modules; k++) {
      for (const [p, weight] of this.blend(...moduleCentre(k, modules))) {
        if (weight <= 0) continue;
        carried[p].modules.push(k);
        carried[p].weights.push(weight);
      }
    }
    return carried;
  }

  /** The four mesh points around a point of the code (0 to 1 across and down), with their bilinear weights. */
  private blend(u: number, v: number): [number, number][] {
    const [column, across] = this.cell(u);
    const [row, down] = this.cell(v);
    const at = (i: number, j: number) => (row + j) * (this.cells + 1) + column + i;
    return [
      [at(0, 0), (1 - across) * (1 - down)],
      [at(1, 0), across * (1 - down)],
      [at(0, 1), (1 - across) * down],
      [at(1, 1), across * down],
    ];
  }

  private cell(t: number): [number, number] {
    const position = Math.min(Math.max(t, 0), 1) * this.cells;
    const index = Math.min(Math.floor(position), this.cells - 1);
    return [index, position - index];
  }
}

/**
 * The shade of every module that every QR code of this width has in the same place: the three finder
 * patterns with their light separators, the two timing patterns, the dark module beside the bottom left
 * finder, and from version 2 on the alignment pattern nearest the bottom right corner (at modules - 7 in
 * every version from 2). The rest is DATA.
 */
export function knownModules(modules: number): Int8Array {
  const known = new Int8Array(modules * modules).fill(DATA);
  const set = (row: number, column: number, shade: number) => {
    if (row >= 0 && column >= 0 && row < modules && column < modules) known[row * modules + column] = shade;
  };
  for (const [top, left] of [
    [0, 0],
    [0, modules - 7],
    [modules - 7, 0],
  ]) {
    // Rings around the finder's centre: 0 and 1 dark (its 3x3 core), 2 light, 3 dark (its border), 4 the separator.
    for (let row = -1; row <= 7; row++) {
      for (let column = -1; column <= 7; column++) {
        const ring = Math.max(Math.abs(row - 3), Math.abs(column - 3));
        set(top + row, left + column, ring === 2 || ring === 4 ? LIGHT : DARK);
      }
    }
  }
  for (let i = 8; i < modules - 8; i++) {
    set(6, i, i % 2 === 0 ? DARK : LIGHT);
    set(i, 6, i % 2 === 0 ? DARK : LIGHT);
  }
  set(modules - 8, 8, DARK);
  if (modules >= 25) {
    const centre = modules - 7;
    for (let row = -2; row <= 2; row++) {
      for (let column = -2; column <= 2; column++)
        set(centre + row, centre + column, Math.max(Math.abs(row), Math.abs(column)) === 1 ? LIGHT : DARK);
    }
  }
  return known;
}

/** The centre of module `k` (row by row), 0 to 1 across and down the code. */
function moduleCentre(k: number, modules: number): [number, number] {
  return [((k % modules) + 0.5) / modules, (Math.floor(k / modules) + 0.5) / modules];
}

function add(a: Point, b: Point): Point {
  return { x: a.x + b.x, y: a.y + b.y };
}

function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}
