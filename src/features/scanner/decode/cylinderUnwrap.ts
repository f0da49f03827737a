import { drawFlat, squareToQuad, type Quad } from './flatCode';
import type { GreyImage } from './greyImage';

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
export function unwrapCylinder(
  image: GreyImage,
  quad: Quad,
  { arc, centre }: Cylinder,
  modules = TRACE_CODE_MODULES,
): GreyImage | null {
  const toImage = squareToQuad(quad);
  if (!toImage) return null;
  const first = Math.sin(centre - arc / 2);
  const span = Math.sin(centre + arc / 2) - first;
  // Where a point lies between the left and right edges of the code as the camera sees it (with no arc, a
  // flat code: evenly).
  const across = (u: number) => (Math.abs(span) < 1e-9 ? u : (Math.sin(centre + arc * (u - 0.5)) - first) / span);
  return drawFlat(image, modules, (u, v) => toImage(across(u), v));
}
