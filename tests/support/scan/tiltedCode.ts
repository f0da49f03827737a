// A QR code photographed at an angle, drawn in the test: a pinhole camera looking at the printed code.
import QRCode from 'qrcode';
import type { Quad } from '@/features/scanner/decode/flatCode';
import type { GreyImage } from '@/features/scanner/decode/greyImage';
import { fitHomography } from '@/features/scanner/decode/homography';

export interface Pose {
  /** Degrees the code is turned away about its horizontal axis (its top moving away), then about its vertical one. */
  tilt: number;
  yaw: number;
  /** Degrees the code is turned in its own plane. */
  roll: number;
  /** The camera's distance, in code widths: the smaller, the stronger the perspective. */
  near: number;
}

/**
 * The code (error correction M, ink 30 on paper 220) at the centre of a `width` x `height` image, seen
 * in `pose`, about `codePx` pixels wide were it seen square on; each pixel the mean of four samples, as
 * a lens and sensor blur a module's edge. `corners`: where the code's own corners fall in the image.
 */
export function tiltedCode(
  text: string,
  { tilt, yaw, roll, near }: Pose,
  { width = 640, height = 480, codePx = 260 } = {},
): { image: GreyImage; corners: Quad } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const [ct, st] = [Math.cos(radians(tilt)), Math.sin(radians(tilt))];
  const [cy, sy] = [Math.cos(radians(yaw)), Math.sin(radians(yaw))];
  const [cr, sr] = [Math.cos(radians(roll)), Math.sin(radians(roll))];
  const focal = codePx * near;
  const project = (u: number, v: number) => {
    // The code's point (u, v), 0 to 1 over it, turned about x (tilt), then y (yaw), then z (roll).
    const [x0, y0, z0] = [u - 0.5, (v - 0.5) * ct, (v - 0.5) * st];
    const [x1, z1] = [x0 * cy + z0 * sy, -x0 * sy + z0 * cy];
    const [x2, y2] = [x1 * cr - y0 * sr, x1 * sr + y0 * cr];
    return { x: width / 2 + (focal * x2) / (z1 + near), y: height / 2 + (focal * y2) / (z1 + near) };
  };
  const corners: Quad = [project(0, 0), project(1, 0), project(1, 1), project(0, 1)];
  const toCode = fitHomography(corners, [
    { x: 0, y: 0 },
    { x: n, y: 0 },
    { x: n, y: n },
    { x: 0, y: n },
  ])!.map;
  const data = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (const [dx, dy] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ]) {
        const { x: column, y: row } = toCode(x + dx, y + dy);
        const [c, r] = [Math.floor(column), Math.floor(row)];
        sum += c >= 0 && r >= 0 && c < n && r < n && modules.get(r, c) ? 30 : 220;
      }
      data[y * width + x] = sum / 4;
    }
  }
  return { image: { data, width, height }, corners };
}
