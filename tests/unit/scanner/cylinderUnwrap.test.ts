import { describe, expect, it } from 'vitest';
import { unwrapCylinder } from '@/features/scanner/decode/cylinderUnwrap';
import type { Quad } from '@/features/scanner/decode/flatCode';
import type { GreyImage } from '@/features/scanner/decode/greyImage';

const [WIDTH, HEIGHT] = [400, 200];

/** White paper with dark pixels where `dark` says. */
function paper(dark: (x: number, y: number) => boolean): GreyImage {
  const data = new Uint8ClampedArray(WIDTH * HEIGHT).fill(255);
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) if (dark(x, y)) data[y * WIDTH + x] = 0;
  return { data, width: WIDTH, height: HEIGHT };
}

// The code seen between x = 100 and x = 300.
const QUAD: Quad = [
  { x: 100, y: 0 },
  { x: 300, y: 0 },
  { x: 300, y: 200 },
  { x: 100, y: 200 },
];

function flatten(image: GreyImage, quad: Quad, arc: number, centre: number): GreyImage {
  const flat = unwrapCylinder(image, quad, { arc, centre }, 33);
  if (!flat) throw new Error('not flattened');
  return flat;
}

/** Mean luminance of the flattened image's middle column, over the code's rows. */
function middleColumn(image: GreyImage, arc: number, centre: number): number {
  const flat = flatten(image, QUAD, arc, centre);
  const rows = Array.from({ length: flat.height / 2 }, (_, i) => Math.round(flat.height / 4) + i);
  return rows.reduce((sum, row) => sum + flat.data[row * flat.width + flat.width / 2], 0) / rows.length;
}

describe('unwrapCylinder', () => {
  it('draws the code square at four pixels a module, with the paper around it as its quiet zone', () => {
    // Dark only left of the code's left edge: the flattened image's left margin shows it, the code does not.
    const flat = flatten(
      paper((x) => x < 100),
      QUAD,
      0.85,
      0.35,
    );
    expect([flat.width, flat.height]).toEqual([164, 164]);
    const row = flat.height / 2;
    expect(flat.data[row * flat.width + 2]).toBeLessThan(60);
    expect(flat.data[row * flat.width + Math.round(flat.width * 0.2)]).toBeGreaterThan(200);
  });

  it('reads the code’s middle where the can’s curve puts it, off the middle of its corners', () => {
    // On a can turned 0.35 rad, the code's middle lies at (sin 0.35 - sin -0.075) / (sin 0.775 - sin -0.075)
    // = 54 % of the way across what the camera sees: x = 207.9.
    const atCurve = paper((x) => x >= 206 && x < 210);
    expect(middleColumn(atCurve, 0.85, 0.35)).toBeLessThan(60);
    // Turned the other way, the middle is left of the corners' middle; with no arc, a flat read takes the middle.
    expect(middleColumn(atCurve, 0.85, -0.35)).toBeGreaterThan(200);
    expect(middleColumn(atCurve, 0, 0)).toBeGreaterThan(200);
    expect(
      middleColumn(
        paper((x) => x >= 198 && x < 202),
        0,
        0,
      ),
    ).toBeLessThan(60);
  });

  it('follows the perspective of a code seen at a slant', () => {
    // A trapezoid: the code's right edge nearer the camera, taller. Its four corners are dark dots.
    const trapezoid: Quad = [
      { x: 100, y: 60 },
      { x: 300, y: 20 },
      { x: 300, y: 180 },
      { x: 100, y: 140 },
    ];
    const dots = paper((x, y) => trapezoid.some((corner) => Math.abs(x - corner.x) < 4 && Math.abs(y - corner.y) < 4));
    const flat = flatten(dots, trapezoid, 0, 0);
    // The code's corners sit a margin (0.12 of its width, 16 of 164 pixels) in from the image's corners.
    const at = (x: number, y: number) => flat.data[y * flat.width + x];
    for (const [x, y] of [
      [16, 16],
      [147, 16],
      [147, 147],
      [16, 147],
    ])
      expect(at(x, y)).toBeLessThan(100);
    expect(at(82, 82)).toBe(255);
  });

  it('refuses corners that are not a convex quad', () => {
    const folded: Quad = [
      { x: 100, y: 0 },
      { x: 300, y: 0 },
      { x: 120, y: 20 },
      { x: 100, y: 200 },
    ];
    expect(
      unwrapCylinder(
        paper(() => false),
        folded,
        { arc: 0.85, centre: 0.35 },
      ),
    ).toBeNull();
  });
});
