import { describe, expect, it } from 'vitest';
import { unwrapCylinder, type Quad } from '@/features/scanner/decode/cylinderUnwrap';
import type { RgbaImage } from '@/features/scanner/decode/decodedCode';

/** White paper with one dark vertical stripe, columns [left, right). */
function stripe(left: number, right: number): RgbaImage {
  const [width, height] = [400, 200];
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y++) for (let x = left; x < right; x++) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return { data, width, height };
}

// The code seen between x = 100 and x = 300.
const QUAD: Quad = [
  { x: 100, y: 0 },
  { x: 300, y: 0 },
  { x: 300, y: 200 },
  { x: 100, y: 200 },
];

/** Mean luminance of the flattened image's middle column, over the code's rows. */
function middleColumn(image: RgbaImage, arc: number, centre: number): number {
  const flat = unwrapCylinder(image, QUAD, { arc, centre }, 33);
  const column = flat.width / 2;
  let sum = 0;
  const rows = Array.from({ length: flat.height / 2 }, (_, i) => Math.round(flat.height / 4) + i);
  for (const row of rows) sum += flat.data[row * flat.width + column];
  return sum / rows.length;
}

describe('unwrapCylinder', () => {
  it('draws the code square at four pixels a module, with a quiet zone around it', () => {
    const flat = unwrapCylinder(stripe(0, 0), QUAD, { arc: 0.85, centre: 0.35 }, 33);
    expect([flat.width, flat.height]).toEqual([164, 164]);
    expect(flat.data.every((value) => value === 255)).toBe(true);
  });

  it('reads the code’s middle where the can’s curve puts it, off the middle of its corners', () => {
    // On a can turned 0.35 rad, the code's middle lies 54 % of the way across what the camera sees.
    const middle = 100 + 200 * ((Math.sin(0.35) - Math.sin(-0.075)) / (Math.sin(0.775) - Math.sin(-0.075)));
    expect(middle).toBeCloseTo(207.9, 1);
    const image = stripe(Math.round(middle) - 2, Math.round(middle) + 2);
    expect(middleColumn(image, 0.85, 0.35)).toBeLessThan(60);
    // Turned the other way, the middle is left of the corners' middle, and a flat read takes the middle.
    expect(middleColumn(image, 0.85, -0.35)).toBeGreaterThan(200);
    expect(middleColumn(image, 0.0001, 0)).toBeGreaterThan(200);
    expect(middleColumn(stripe(198, 202), 0.0001, 0)).toBeLessThan(60);
  });
});
