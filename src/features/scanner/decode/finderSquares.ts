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

/** The labelled regions: per pixel its region, per region its shade, area, parent and bounds. */
interface Regions {
  label: Int32Array;
  width: number;
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
 * outline is one region of the other shade, so regions nest as a tree (union-find, two passes).
 */
function labelRegions(dark: Uint8Array, width: number, height: number): Regions {
  const provisional = new Int32Array(width * height);
  const union = new Int32Array(width * height);
  let next = 0;
  const find = (a: number) => {
    while (union[a] !== a) a = union[a] = union[union[a]];
    return a;
  };
  // The neighbours already labelled: left, up, and for dark pixels the two upper diagonals.
  const neighbours = [0, 0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const shade = dark[i];
      let count = 0;
      if (x > 0) neighbours[count++] = i - 1;
      if (y > 0) {
        neighbours[count++] = i - width;
        if (shade && x > 0) neighbours[count++] = i - width - 1;
        if (shade && x < width - 1) neighbours[count++] = i - width + 1;
      }
      let mine = -1;
      for (let n = 0; n < count; n++) {
        const j = neighbours[n];
        if (dark[j] !== shade) continue;
        if (mine < 0) {
          mine = provisional[j];
          continue;
        }
        const ra = find(mine);
        const rb = find(provisional[j]);
        if (ra < rb) union[rb] = ra;
        else if (rb < ra) union[ra] = rb;
      }
      if (mine < 0) {
        union[next] = next;
        mine = next++;
      }
      provisional[i] = mine;
    }
  }
  // Final labels, numbered in raster order of their first pixel.
  const final = new Int32Array(next).fill(-1);
  let count = 0;
  const label = provisional;
  // Most pixels carry their left neighbour's provisional label: its final label is reused.
  let [before, beforeLabel] = [-1, -1];
  for (let i = 0; i < label.length; i++) {
    if (label[i] !== before) {
      before = label[i];
      const root = find(before);
      if (final[root] < 0) final[root] = count++;
      beforeLabel = final[root];
    }
    label[i] = beforeLabel;
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
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const r = label[i];
      if (parent[r] === -2) {
        parent[r] = y > 0 ? label[i - width] : -1;
        isDark[r] = dark[i];
      }
      area[r]++;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) touchesEdge[r] = 1;
      const b = 4 * r;
      if (x < bounds[b]) bounds[b] = x;
      if (y < bounds[b + 1]) bounds[b + 1] = y;
      if (x > bounds[b + 2]) bounds[b + 2] = x;
      bounds[b + 3] = y;
    }
  }
  for (let r = 0; r < count; r++) if (parent[r] >= 0) childArea[parent[r]] += area[r];
  return { label, width, isDark, area, parent, childArea, touchesEdge, bounds };
}

/**
 * The quadrilateral that fits a region's outline: its outer edge points (each row's first and last pixel,
 * each column's top and bottom), four corners from their hull (the farthest pair, then the farthest from
 * the line between them on each side), then each side a line fitted to the edge points along its middle,
 * and the corners where those lines meet: sub-pixel, and not thrown by one rounded corner.
 */
function outlineQuad({ label, width, bounds }: Regions, region: number): Quad | null {
  const [left, top, right, bottom] = bounds.subarray(4 * region, 4 * region + 4);
  const points: Point[] = [];
  for (let y = top; y <= bottom; y++) {
    let first = -1;
    let last = -1;
    for (let x = left; x <= right; x++) {
      if (label[y * width + x] !== region) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0) points.push({ x: first, y: y + 0.5 }, { x: last + 1, y: y + 0.5 });
  }
  for (let x = left; x <= right; x++) {
    let first = -1;
    let last = -1;
    for (let y = top; y <= bottom; y++) {
      if (label[y * width + x] !== region) continue;
      if (first < 0) first = y;
      last = y;
    }
    if (first >= 0) points.push({ x: x + 0.5, y: first }, { x: x + 0.5, y: last + 1 });
  }
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
  // A sliver, not a square seen at an angle.
  if (bSide / span < 0.15 * span || -dSide / span < 0.15 * span) return null;
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
