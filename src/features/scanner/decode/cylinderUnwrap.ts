import type { RgbaImage } from './decodedCode';
import { luminanceAt, type GreyImage } from './greyImage';

export interface Point {
  x: number;
  y: number;
}

/** A code's corners in the image, in the code's own order: top left, top right, bottom right, bottom left. */
export type Quad = readonly [Point, Point, Point, Point];

/**
 * How a code printed on a can (its columns along the can's axis) lies on the curve. The engine does not
 * know the can's radius or where the code sits on it: it tries a few of these (wasmDecode.ts).
 */
export interface Cylinder {
  /** The arc the code covers, in radians: the code's width over the can's radius. */
  arc: number;
  /**
   * The angle between the code's middle and the line of sight, in radians; its sign says which side is
   * squeezed. The code and its margin stay on the visible half of the can: |centre| + 0.62 arc < π/2.
   */
  centre: number;
}

/** The paper kept around the code as its quiet zone, as a share of its width, so the reader finds its finder patterns. */
const MARGIN = 0.12;
/** Pixels per module in the flattened image: 4, 5 and 6 read the same codes on the bench; 4 is the cheapest. */
const PIXELS_PER_MODULE = 4;
/** The trace code's width: version 4. */
const TRACE_CODE_MODULES = 33;

/**
 * The code flattened as if unrolled from the can, or null when its corners are not a convex quad (no plane
 * maps onto them). A flat reader maps the code's corners onto a plane, so on a curve its middle modules are
 * sampled in the wrong place: the columns of a code on a can are squeezed, more on the side turned away, by
 * the sine of their angle on the can. Here every column is read where that sine puts it between the code's
 * corners (a plane's perspective between them), giving a square image with even modules that the reader
 * then decodes. `modules`: the code's width in modules, from the version the reader saw.
 */
export function unwrapCylinder(image: RgbaImage, quad: Quad, { arc, centre }: Cylinder, modules = TRACE_CODE_MODULES): GreyImage | null {
  const toImage = squareToQuad(quad);
  if (!toImage) return null;
  const size = Math.round(modules * (1 + 2 * MARGIN) * PIXELS_PER_MODULE);
  const first = Math.sin(centre - arc / 2);
  const span = Math.sin(centre + arc / 2) - first;
  // Where each output column lies between the left and right edges of the code as the camera sees it (with
  // no arc, a flat code: evenly).
  const across = Float64Array.from({ length: size }, (_, i) => {
    const u = codeCoordinate(i, size);
    return Math.abs(span) < 1e-9 ? u : (Math.sin(centre + arc * (u - 0.5)) - first) / span;
  });
  const out = new Uint8ClampedArray(size * size);
  for (let j = 0; j < size; j++) {
    const v = codeCoordinate(j, size);
    for (let i = 0; i < size; i++) out[j * size + i] = sample(image, toImage(across[i], v));
  }
  return { data: out, width: size, height: size };
}

/** Output pixel to code coordinate: 0 to 1 across the code, beyond that in its margin. */
function codeCoordinate(pixel: number, size: number): number {
  return ((pixel + 0.5) / size) * (1 + 2 * MARGIN) - MARGIN;
}

/**
 * The projective map of the unit square onto the quad (Heckbert's square-to-quad), or null when the quad
 * is not convex: the map would then fold part of the square and its margin through infinity.
 */
function squareToQuad([p0, p1, p2, p3]: Quad): ((u: number, v: number) => Point) | null {
  const dx1 = p1.x - p2.x;
  const dx2 = p3.x - p2.x;
  const dx3 = p0.x - p1.x + p2.x - p3.x;
  const dy1 = p1.y - p2.y;
  const dy2 = p3.y - p2.y;
  const dy3 = p0.y - p1.y + p2.y - p3.y;
  const det = dx1 * dy2 - dx2 * dy1;
  if (det === 0) return null;
  const g = (dx3 * dy2 - dx2 * dy3) / det;
  const h = (dx1 * dy3 - dx3 * dy1) / det;
  // The divisor below is linear in u and v: positive at the margin's four corners, positive throughout.
  const reach = [-MARGIN, 1 + MARGIN];
  if (reach.some((u) => reach.some((v) => g * u + h * v + 1 <= 0))) return null;
  const [a, b, c] = [p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x];
  const [d, e, f] = [p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y];
  return (u, v) => {
    const w = g * u + h * v + 1;
    return { x: (a * u + b * v + c) / w, y: (d * u + e * v + f) / w };
  };
}

/** The luminance there, bilinear, with points outside the image taking its nearest edge. */
function sample({ data, width, height }: RgbaImage, { x, y }: Point): number {
  const fx = Math.min(Math.max(x - 0.5, 0), width - 1);
  const fy = Math.min(Math.max(y - 0.5, 0), height - 1);
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const ax = fx - x0;
  const ay = fy - y0;
  const top = luminanceAt(data, y0 * width + x0) * (1 - ax) + luminanceAt(data, y0 * width + x1) * ax;
  const bottom = luminanceAt(data, y1 * width + x0) * (1 - ax) + luminanceAt(data, y1 * width + x1) * ax;
  return top * (1 - ay) + bottom * ay;
}
