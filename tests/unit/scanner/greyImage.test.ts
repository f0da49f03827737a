import { describe, expect, it } from 'vitest';
import { darkened, toGrey } from '@/features/scanner/decode/greyImage';

/** A 4x3 RGBA image whose pixel at (x, y) is grey 10 * (4y + x), the last one transparent. */
function numbered() {
  const data = new Uint8ClampedArray(4 * 3 * 4);
  for (let pixel = 0; pixel < 12; pixel++)
    data.set([10 * pixel, 10 * pixel, 10 * pixel, pixel === 11 ? 0 : 255], pixel * 4);
  return { data, width: 4, height: 3 };
}

describe('toGrey', () => {
  it('gives every pixel its luminance, transparent ones as white paper', () => {
    expect(toGrey(numbered())).toEqual({
      data: Uint8ClampedArray.from([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 255]),
      width: 4,
      height: 3,
    });
  });

  it('gives the part inside a box, rows and columns at its edges included', () => {
    expect(toGrey(numbered(), { left: 1, top: 1, right: 4, bottom: 3 })).toEqual({
      data: Uint8ClampedArray.from([50, 60, 70, 90, 100, 255]),
      width: 3,
      height: 2,
    });
  });

  it('keeps a box that reaches past the image, or between pixels, to the whole pixels inside it', () => {
    expect(toGrey(numbered(), { left: 2.5, top: -1, right: 9, bottom: 0.5 })).toEqual({
      data: Uint8ClampedArray.from([20, 30]),
      width: 2,
      height: 1,
    });
    expect(toGrey(numbered(), { left: 5, top: 0, right: 7, bottom: 3 })).toEqual({
      data: new Uint8ClampedArray(0),
      width: 0,
      height: 3,
    });
  });
});

describe('darkened', () => {
  it('darkens mid-tones far more than white paper or black ink (γ 2)', () => {
    const grey = { data: Uint8ClampedArray.from([0, 64, 128, 192, 255]), width: 5, height: 1 };
    expect(darkened(grey, 2)).toEqual({ data: Uint8ClampedArray.from([0, 16, 64, 145, 255]), width: 5, height: 1 });
  });
});
