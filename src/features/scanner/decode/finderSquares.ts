import type { Point, Quad } from './flatCode';
import type { GreyImage } from './greyImage';

/**
 * A QR code's position square ("finder pattern") as the image shows it: the outer corners of its dark
 * ring (7x7 modules) and of its dark core (3x3), each in the same turning order as a code's corners, both
 * starting with the corner of the same side. Seen at an angle a square stays a quadrilateral (a plane's
 * perspective keeps lines straight): these corners are what the code's grid is fitted to.
 */
export interface FinderSquare {
  ring: Quad;
  core: Quad;
  centre: Point;
  /** Its width in pixels, about: the square root of the ring's area with its inside. */
  size: number;
}

/** At most this many squares are kept, the largest first: a photo's code has three, text and print have few. */
const MAX_SQUARES = 12;
/** A core smaller than this (pixels) is noise: 9 modules of at least one pixel each. */
const MIN_CORE_AREA = 9;
/**
 * The light window of the local threshold, as a share of the image's shorter side: larger than a finder
 * of a code filling a tenth of the photo. Where the window is even (std below MIN_SPREAD), one global
 * threshold decides instead, so a large core's inside is not split into noise.
 */
const WINDOW_SHARE = 1 / 16;
const MIN_SPREAD = 12;

/**
 * The finder squares of an image, found as BoofCV finds them (QrCodePositionPatternDetector): the image
 * thresholded, its dark and light regions labelled and nested (a region's parent is the one that
 * surrounds it), and every dark region inside a light one inside a dark one, in areas about those of a
 * core (9 modules), the light ring around it (16) and the dark ring (24), kept as a square; then each
 * ring's and core's outline fitted with a quadrilateral.
 */
export function findFinderSquares(grey: GreyImage): FinderSquare[] {
  if (grey.width === 0 || grey.height === 0) return [];
  const dark = threshold(grey);
  const regions = labelRegions(dark, grey.width, grey.height);
  const { area, parent, childArea, touchesEdge } = regions;
  const found: { core: number; ring: number; size: number }[] = [];
  for (let core = 0; core < area.length; core++) {
    const hole = parent[core];
    if (!regions.isDark[core] || hole < 0 || area[core] < MIN_CORE_AREA || touchesEdge[hole]) continue;
    const ring = parent[hole];
    if (ring < 0) continue;
    const [coreArea, holeArea, ringArea] = [area[core], area[hole], area[ring]];
    // Ideal: the light ring 16/9 of the core, the dark ring 24/9. Loose, for blur and the threshold's bias.
    if (holeArea < 0.5 * coreArea || holeArea > 4 * coreArea) continue;
    if (ringArea < 1.1 * coreArea || ringArea > 7 * coreArea) continue;
    // Nothing else of note inside the ring or the light ring: specks only.
    if (childArea[hole] - coreArea > 0.25 * coreArea || childArea[ring] - holeArea > 0.25 * holeArea) continue;
    found.push({ core, ring, size: Math.sqrt(ringArea + holeArea + coreArea) });
  }
  found.sort((a, b) => b.size - a.size);
  return found.slice(0, MAX_SQUARES).flatMap(({ core, ring, size }) => {
    const ringQuad = outlineQuad(regions, ring);
    const coreQuad = outlineQuad(regions, core);
    if (!ringQuad || !coreQuad) return [];
    const centre = meanPoint(ringQuad);
    return [{ ring: ringQuad, core: alignedWith(coreQuad, ringQuad, centre), centre, size }];
  });
}

/** 1 where the image is dark: below its local mean, or below the global threshold where the window is even. */
function threshold({ data, width, height }: GreyImage): Uint8Array {
  const side = width + 1;
  const sum = new Float64Array(side * (height + 1));
  const squares = new Float64Array(side * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    let rowSquares = 0;
    for (let x = 0; x < width; x++) {
      const v = data[y * width + x];
      rowSum += v;
      rowSquares += v * v;
      sum[(y + 1) * side + x + 1] = sum[y * side + x + 1] + rowSum;
      squares[(y + 1) * side + x + 1] = squares[y * side + x + 1] + rowSquares;
    }
  }
  const global = otsu(data);
  const radius = Math.max(4, Math.round(Math.min(width, height) * WINDOW_SHARE));
  const dark = new Uint8Array(width * height);
  // No closures in the loops below: they run once a pixel, and a closure made per pixel costs more than the work.
  for (let y = 0; y < height; y++) {
    const top = Math.max(0, y - radius) * side;
    const bottom = Math.min(height, y + radius + 1) * side;
    const rows = bottom / side - top / side;
    for (let x = 0; x < width; x++) {
      const left = Math.max(0, x - radius);
      const right = Math.min(width, x + radius + 1);
      const n = rows * (right - left);
      const s = sum[bottom + right] - sum[top + right] - sum[bottom + left] + sum[top + left];
      const q = squares[bottom + right] - squares[top + right] - squares[bottom + left] + squares[top + left];
      const mean = s / n;
      const even = q / n - mean * mean < MIN_SPREAD * MIN_SPREAD;
      dark[y * width + x] = data[y * width + x] < (even ? global : mean) ? 1 : 0;
    }
  }
  return dark;
}

/** Otsu's threshold of the whole image's histogram. */
function otsu(data: Uint8ClampedArray): number {
  const histogram = new Float64Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]]++;
  let total = 0;
  for (let v = 0; v < 256; v++) total += v * histogram[v];
  let [below, belowSum, best, chosen] = [0, 0, -1, 128];
  for (let v = 0; v < 256; v++) {
    below += histogram[v];
    belowSum += v * histogram[v];
    const above = data.length - below;
    if (below === 0 || above === 0) continue;
    const between = below * above * (belowSum / below - (total - belowSum) / above) ** 2;
    if (between > best) [best, chosen] = [between, v + 1];
  }
  return chosen;
}

/** The labelled regions: the image's rows cut in runs of one shade, each run's region, per region its facts. */
interface Regions {
  /** Per run: its row, first pixel and the pixel after its last, and its region. */
  runRow: Int32Array;
  runStart: Int32Array;
  runEnd: Int32Array;
  runRegion: Int32Array;
  /** The first run of each row, and one past the last row's last run. */
  rowRuns: Int32Array;
  isDark: Uint8Array;
  area: Float64Array;
  /** The region around it: the one just above its first pixel (raster order); -1 at the image's top. */
  parent: Int32Array;
  /** The areas of the regions it surrounds directly, summed. */
  childArea: Float64Array;
  touchesEdge: Uint8Array;
  /** Bounds: left, top, right, bottom (inclusive), four a region. */
  bounds: Int32Array;
}

/**
 * Connected regions, dark ones 8-connected and light ones 4-connected: with that pairing every region's
 * outline is one region of the other shade, so regions nest as a tree. Labelled by runs (union-find over
 * the runs of a row and the row above), which are far fewer than pixels.
 */
function labelRegions(dark: Uint8Array, width: number, height: number): Regions {
  const rowRuns = new Int32Array(height + 1);
  let total = 0;
  for (let y = 0; y < height; y++) {
    rowRuns[y] = total;
    const row = y * width;
    total++;
    for (let x = 1; x < width; x++) if (dark[row + x] !== dark[row + x - 1]) total++;
  }
  rowRuns[height] = total;
  const runRow = new Int32Array(total);
  const runStart = new Int32Array(total);
  const runEnd = new Int32Array(total);
  const union = new Int32Array(total);
  for (let y = 0, r = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; r++) {
      const shade = dark[row + x];
      let end = x + 1;
      while (end < width && dark[row + end] === shade) end++;
      runRow[r] = y;
      runStart[r] = x;
      runEnd[r] = end;
      union[r] = r;
      x = end;
    }
  }
  const find = (a: number) => {
    while (union[a] !== a) a = union[a] = union[union[a]];
    return a;
  };
  const shadeOf = (r: number) => dark[runRow[r] * width + runStart[r]];
  for (let y = 1; y < height; y++) {
    let above = rowRuns[y - 1];
    for (let r = rowRuns[y]; r < rowRuns[y + 1]; r++) {
      const shade = shadeOf(r);
      // Dark runs touch diagonally too: one pixel further each way.
      const reach = shade ? 1 : 0;
      while (above < rowRuns[y] && runEnd[above] + reach <= runStart[r]) above++;
      for (let t = above; t < rowRuns[y] && runStart[t] < runEnd[r] + reach; t++) {
        if (shadeOf(t) !== shade) continue;
        const ra = find(r);
        const rb = find(t);
        if (ra < rb) union[rb] = ra;
        else if (rb < ra) union[ra] = rb;
      }
    }
  }
  // Regions numbered in raster order of their first run.
  const runRegion = new Int32Array(total);
  const numbered = new Int32Array(total).fill(-1);
  let count = 0;
  for (let r = 0; r < total; r++) {
    const root = find(r);
    if (numbered[root] < 0) numbered[root] = count++;
    runRegion[r] = numbered[root];
  }
  const isDark = new Uint8Array(count);
  const area = new Float64Array(count);
  const parent = new Int32Array(count).fill(-2);
  const childArea = new Float64Array(count);
  const touchesEdge = new Uint8Array(count);
  const bounds = new Int32Array(4 * count);
  for (let b = 0; b < bounds.length; b += 4) {
    bounds[b] = width;
    bounds[b + 1] = height;
    bounds[b + 2] = bounds[b + 3] = -1;
  }
  for (let r = 0; r < total; r++) {
    const region = runRegion[r];
    const [y, start, end] = [runRow[r], runStart[r], runEnd[r]];
    if (parent[region] === -2) {
      isDark[region] = shadeOf(r);
      parent[region] = y > 0 ? runRegion[runAt(runStart, rowRuns[y - 1], rowRuns[y], start)] : -1;
    }
    area[region] += end - start;
    if (start === 0 || end === width || y === 0 || y === height - 1) touchesEdge[region] = 1;
    const b = 4 * region;
    if (start < bounds[b]) bounds[b] = start;
    if (y < bounds[b + 1]) bounds[b + 1] = y;
    if (end - 1 > bounds[b + 2]) bounds[b + 2] = end - 1;
    bounds[b + 3] = y;
  }
  for (let region = 0; region < count; region++) if (parent[region] >= 0) childArea[parent[region]] += area[region];
  return { runRow, runStart, runEnd, runRegion, rowRuns, isDark, area, parent, childArea, touchesEdge, bounds };
}

/** The run of the row (runs `first` to `last`, exclusive) that holds pixel `x`. */
function runAt(runStart: Int32Array, first: number, last: number, x: number): number {
  let [low, high] = [first, last - 1];
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (runStart[middle] <= x) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The quadrilateral that fits a region's outline: its outer edge points (each row's first and last pixel,
 * each column's top and bottom), four corners from their hull (the farthest pair, then the farthest from
 * the line between them on each side), then each side a line fitted to the edge points along its middle,
 * and the corners where those lines meet: sub-pixel, and not thrown by one rounded corner.
 */
function outlineQuad(regions: Regions, region: number): Quad | null {
  const { runStart, runEnd, runRegion, rowRuns, bounds } = regions;
  const [left, top, right, bottom] = bounds.subarray(4 * region, 4 * region + 4);
  const columnTop = new Int32Array(right - left + 1).fill(-1);
  const columnBottom = new Int32Array(right - left + 1).fill(-1);
  const points: Point[] = [];
  for (let y = top; y <= bottom; y++) {
    let [first, last] = [-1, -1];
    for (let r = rowRuns[y]; r < rowRuns[y + 1]; r++) {
      if (runRegion[r] !== region) continue;
      if (first < 0) first = runStart[r];
      last = runEnd[r];
      for (let x = runStart[r]; x < runEnd[r]; x++) {
        if (columnTop[x - left] < 0) columnTop[x - left] = y;
        columnBottom[x - left] = y;
      }
    }
    if (first >= 0) points.push({ x: first, y: y + 0.5 }, { x: last, y: y + 0.5 });
  }
  columnTop.forEach((y, i) => {
    if (y >= 0) points.push({ x: left + i + 0.5, y }, { x: left + i + 0.5, y: columnBottom[i] + 1 });
  });
  const rough = hullCorners(points);
  if (!rough) return null;
  const lines = rough.map((corner, i) => sideLine(points, corner, rough[(i + 1) % 4]));
  const corners = lines.map((line, i) => meet(lines[(i + 3) % 4], line));
  if (corners.some((corner) => !corner)) return rough;
  const refined = corners as unknown as Quad;
  // A refinement that moves a corner far (a side too short to fit) keeps the rough corners.
  const size = Math.max(right - left, bottom - top) + 1;
  return refined.every((corner, i) => Math.hypot(corner.x - rough[i].x, corner.y - rough[i].y) < 0.2 * size)
    ? refined
    : rough;
}

/** Four corners of a convex outline, in the code's turning order (clockwise on screen); null when degenerate. */
function hullCorners(points: Point[]): Quad | null {
  if (points.length < 8) return null;
  let [a, c, far] = [points[0], points[0], -1];
  // The farthest pair, from the extreme points of a few directions (exact enough for a convex outline).
  const extremes = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((k) => {
    const [dx, dy] = [Math.cos((k * Math.PI) / 8), Math.sin((k * Math.PI) / 8)];
    let [low, high] = [points[0], points[0]];
    for (const p of points) {
      if (p.x * dx + p.y * dy < low.x * dx + low.y * dy) low = p;
      if (p.x * dx + p.y * dy > high.x * dx + high.y * dy) high = p;
    }
    return [low, high];
  });
  for (const p of extremes) {
    for (const q of points) {
      const d = (p.x - q.x) ** 2 + (p.y - q.y) ** 2;
      if (d > far) [a, c, far] = [p, q, d];
    }
  }
  let [b, d, bSide, dSide] = [a, a, 0, 0];
  for (const p of points) {
    const side = (c.x - a.x) * (p.y - a.y) - (c.y - a.y) * (p.x - a.x);
    if (side > bSide) [b, bSide] = [p, side];
    if (side < dSide) [d, dSide] = [p, side];
  }
  const span = Math.sqrt(far);
  // A sliver, not a square seen at an angle: a square turned 70 degrees away, seen close, keeps about 0.15.
  if (bSide / span < 0.08 * span || -dSide / span < 0.08 * span) return null;
  // side > 0 lies left of a→c on screen (y down), so a, d, c, b turn as a code's corners do (clockwise on screen).
  return [a, d, c, b];
}

/** A line through the edge points between two corners, away from both (the middle 60 %), fitted by least squares. */
function sideLine(points: Point[], from: Point, to: Point): Line {
  const [dx, dy] = [to.x - from.x, to.y - from.y];
  const length = Math.hypot(dx, dy);
  const [ux, uy] = [dx / length, dy / length];
  const near = points.filter((p) => {
    const along = ((p.x - from.x) * ux + (p.y - from.y) * uy) / length;
    const off = Math.abs((p.x - from.x) * uy - (p.y - from.y) * ux);
    return along > 0.2 && along < 0.8 && off < 0.08 * length + 1.5;
  });
  if (near.length < 3) return { point: from, direction: { x: ux, y: uy } };
  const mean = meanPoint(near);
  let [sxx, sxy, syy] = [0, 0, 0];
  for (const p of near) {
    sxx += (p.x - mean.x) ** 2;
    sxy += (p.x - mean.x) * (p.y - mean.y);
    syy += (p.y - mean.y) ** 2;
  }
  // The principal direction of the points' spread.
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { point: mean, direction: { x: Math.cos(angle), y: Math.sin(angle) } };
}

interface Line {
  point: Point;
  direction: Point;
}

function meet(a: Line, b: Line): Point | null {
  const cross = a.direction.x * b.direction.y - a.direction.y * b.direction.x;
  if (Math.abs(cross) < 1e-6) return null;
  const t = ((b.point.x - a.point.x) * b.direction.y - (b.point.y - a.point.y) * b.direction.x) / cross;
  return { x: a.point.x + t * a.direction.x, y: a.point.y + t * a.direction.y };
}

/** The core's corners turned to start on the ring's first corner's side: the core corner in its direction. */
function alignedWith(core: Quad, ring: Quad, centre: Point): Quad {
  const toward = { x: ring[0].x - centre.x, y: ring[0].y - centre.y };
  let best = 0;
  core.forEach((corner, i) => {
    const dot = (corner.x - centre.x) * toward.x + (corner.y - centre.y) * toward.y;
    const bestDot = (core[best].x - centre.x) * toward.x + (core[best].y - centre.y) * toward.y;
    if (dot > bestDot) best = i;
  });
  return [0, 1, 2, 3].map((k) => core[(best + k) % 4]) as unknown as Quad;
}

export function meanPoint(points: readonly Point[]): Point {
  const sum = points.reduce((total, p) => ({ x: total.x + p.x, y: total.y + p.y }), { x: 0, y: 0 });
  return { x: sum.x / points.length, y: sum.y / points.length };
}
