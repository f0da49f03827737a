import { findFinderSquares, type FinderSquare } from './finderSquares';
import type { Point, Quad } from './flatCode';
import { fitHomography } from './homography';
import type { GreyImage } from './greyImage';

/** A code located from its finder squares: its four corners in the image and its width in modules. */
export interface CodeInPerspective {
  quad: Quad;
  modules: number;
}

/** Codes larger than version 10 are not flattened (fittedGrid.ts, wasmDecode.ts); the trace code is version 4. */
const MAX_VERSION = 10;
/** At most this many triples of squares, the best fitted first, are handed on: each costs a decode or two. */
const MAX_CODES = 4;
/** A code's near square may look this many times the size of its far one (a code held close, at 50 degrees and more). */
const MAX_SIZE_RATIO = 5;
/**
 * A grid whose finder corners sit further than this from where the fitted plane puts them (root mean
 * square, in modules) is not a code's: three squares of print that happen to be near each other.
 */
const MAX_RMS_MODULES = 0.35;

/**
 * Where QR codes may lie in an image, from their finder squares seen as quadrilaterals: BoofCV's approach
 * (QrCodePositionPatternDetector, then the grid's homography). Every three squares of about one size that
 * form a corner are a candidate: the top left is the one facing the longest side, and each square's eight
 * corners (its ring's and its core's) have known places on the code's grid: (0,0) to (7,7) and (2,2) to
 * (5,5) for the top left, shifted to the other two corners. The homography fitted to those 24 points, one
 * per likely version, maps the whole grid; the version whose grid fits the corners best is kept. Unlike a
 * reader that guesses the fourth corner from the three squares' centres, the squares' own sides carry the
 * perspective, so a code seen at 50 or 60 degrees maps onto its grid. Best fitted first.
 */
export function codesInPerspective(grey: GreyImage): CodeInPerspective[] {
  const squares = findFinderSquares(grey);
  const found: Located[] = [];
  for (let i = 0; i < squares.length; i++) {
    for (let j = i + 1; j < squares.length; j++) {
      for (let k = j + 1; k < squares.length; k++) {
        const code = codeOf(squares[i], squares[j], squares[k]);
        if (code) found.push(code);
      }
    }
  }
  return found
    .sort((a, b) => a.misfit - b.misfit)
    .slice(0, MAX_CODES)
    .map(({ quad, modules }) => ({ quad, modules }));
}

type Located = CodeInPerspective & { misfit: number };

/** The best fitted of the three ways to take one of the squares as the top left. */
function codeOf(...three: [FinderSquare, FinderSquare, FinderSquare]): Located | null {
  const sizes = three.map((square) => square.size);
  if (Math.max(...sizes) > MAX_SIZE_RATIO * Math.min(...sizes)) return null;
  let best: Located | null = null;
  three.forEach((topLeft, corner) => {
    const code = codeWithTopLeft(topLeft, three[(corner + 1) % 3], three[(corner + 2) % 3]);
    if (code && (!best || code.misfit < best.misfit)) best = code;
  });
  return best;
}

/**
 * The code whose top left square is `topLeft`, if the three fit one grid. Not the square facing the
 * longest side, as a flat reader takes it: seen at a steep angle, the near side of a code can be longer
 * than its far diagonal.
 */
function codeWithTopLeft(topLeft: FinderSquare, one: FinderSquare, other: FinderSquare): Located | null {
  const [topRight, bottomLeft] = cross(topLeft.centre, one.centre, other.centre) > 0 ? [one, other] : [other, one];
  const across = distance(topLeft.centre, topRight.centre);
  const down = distance(topLeft.centre, bottomLeft.centre);
  const size = (topLeft.size + topRight.size + bottomLeft.size) / 3;
  // Finder centres are 14 (version 1) to 50 (version 10) modules apart, a finder 7 wide; perspective stretches that.
  if (Math.min(across, down) < 1.3 * size || Math.max(across, down) > 12 * size) return null;

  const axes = { x: unit(topLeft.centre, topRight.centre), y: unit(topLeft.centre, bottomLeft.centre) };
  const estimate = widthFromTopLeft(topLeft, topRight, bottomLeft, axes);
  if (!estimate) return null;
  const modulePixels = size / 7;
  let best: Located | null = null;
  for (let version = 1; version <= MAX_VERSION; version++) {
    const modules = 17 + 4 * version;
    if (Math.abs(modules - estimate) > Math.max(4.5, 0.25 * estimate)) continue;
    const plane: Point[] = [];
    const image: Point[] = [];
    for (const [square, left, top] of [
      [topLeft, 0, 0],
      [topRight, modules - 7, 0],
      [bottomLeft, 0, modules - 7],
    ] as const) {
      const { ring, core } = turned(square, axes);
      plane.push(...squareCorners(left, top, 7), ...squareCorners(left + 2, top + 2, 3));
      image.push(...ring, ...core);
    }
    const fit = fitHomography(plane, image);
    if (!fit) continue;
    const misfit = fit.rms / modulePixels;
    if (misfit > MAX_RMS_MODULES || (best && misfit >= best.misfit)) continue;
    const quad = [fit.map(0, 0), fit.map(modules, 0), fit.map(modules, modules), fit.map(0, modules)] as const;
    best = { quad, modules, misfit };
  }
  return best;
}

/**
 * The code's width in modules as the top left square sees it: the plane of that square alone (its eight
 * corners) placing the other two squares' centres, which lie 3.5 modules in from the far corners.
 */
function widthFromTopLeft(
  topLeft: FinderSquare,
  topRight: FinderSquare,
  bottomLeft: FinderSquare,
  axes: { x: Point; y: Point },
): number | null {
  const { ring, core } = turned(topLeft, axes);
  const toPlane = fitHomography([...ring, ...core], [...squareCorners(0, 0, 7), ...squareCorners(2, 2, 3)]);
  if (!toPlane) return null;
  const right = toPlane.map(topRight.centre.x, topRight.centre.y);
  const below = toPlane.map(bottomLeft.centre.x, bottomLeft.centre.y);
  const estimate = (right.x + below.y) / 2 + 3.5;
  return Number.isFinite(estimate) ? estimate : null;
}

/** The square's corners starting with the one toward the code's top left (against both axes). */
function turned({ ring, core, centre }: FinderSquare, axes: { x: Point; y: Point }): { ring: Quad; core: Quad } {
  const outward = (p: Point) => -(p.x - centre.x) * (axes.x.x + axes.y.x) - (p.y - centre.y) * (axes.x.y + axes.y.y);
  let first = 0;
  for (let i = 1; i < 4; i++) if (outward(ring[i]) > outward(ring[first])) first = i;
  const turn = (quad: Quad) => [0, 1, 2, 3].map((k) => quad[(first + k) % 4]) as unknown as Quad;
  return { ring: turn(ring), core: turn(core) };
}

/** A square's corners on the grid, in the code's turning order. */
function squareCorners(left: number, top: number, side: number): Point[] {
  return [
    { x: left, y: top },
    { x: left + side, y: top },
    { x: left + side, y: top + side },
    { x: left, y: top + side },
  ];
}

function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

function unit(from: Point, to: Point): Point {
  const length = distance(from, to) || 1;
  return { x: (to.x - from.x) / length, y: (to.y - from.y) / length };
}

/** Positive when b then c turn clockwise on screen around a (y down), as a code's top right then bottom left do. */
function cross(a: Point, b: Point, c: Point): number {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}
