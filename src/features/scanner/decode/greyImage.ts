import type { RgbaImage } from './decodedCode';

/** One luminance byte per pixel, the input ZXing's binarizers work on. */
export interface GreyImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** A rectangle of the image in whole pixels, right and bottom excluded. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The part of the image inside `box` (by default all of it, and never beyond its edges), one luminance
 * byte a pixel. Same weights and rounding as @zxing/browser's canvas source; transparent pixels count as
 * white paper.
 */
export function toGrey(
  { data, width, height }: RgbaImage,
  box: Box = { left: 0, top: 0, right: width, bottom: height },
): GreyImage {
  const left = clamp(Math.floor(box.left), 0, width);
  const top = clamp(Math.floor(box.top), 0, height);
  const right = clamp(Math.ceil(box.right), left, width);
  const bottom = clamp(Math.ceil(box.bottom), top, height);
  const grey = new Uint8ClampedArray((right - left) * (bottom - top));
  for (let y = top, j = 0; y < bottom; y++) {
    for (let i = (y * width + left) * 4, end = (y * width + right) * 4; i < end; i += 4, j++) {
      grey[j] = data[i + 3] === 0 ? 255 : (306 * data[i] + 601 * data[i + 1] + 117 * data[i + 2] + 0x200) >> 10;
    }
  }
  return { data: grey, width: right - left, height: bottom - top };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/** Back to RGBA, for the WebAssembly engine, which reads only that layout. */
export function toRgba({ data, width, height }: GreyImage): RgbaImage {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    rgba[j] = rgba[j + 1] = rgba[j + 2] = data[i];
    rgba[j + 3] = 255;
  }
  return { data: rgba, width, height };
}

/** Left-right flip: codes seen through a front camera or printed on the back of clear film. */
export function mirrored({ data, width, height }: GreyImage): GreyImage {
  const out = new Uint8ClampedArray(data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = data[row + width - 1 - x];
  }
  return { data: out, width, height };
}

/** Light modules on a dark background, as on some foil lids. */
export function inverted({ data, width, height }: GreyImage): GreyImage {
  return { data: data.map((v) => 255 - v), width, height };
}

/**
 * Every shade raised to the power `gamma` (as a share of white): above 1, mid-tones darken far more than
 * white paper does, so modules washed out by glare or a flash come back apart from the paper.
 */
export function darkened({ data, width, height }: GreyImage, gamma: number): GreyImage {
  const shade = Uint8ClampedArray.from({ length: 256 }, (_, v) => Math.round(255 * (v / 255) ** gamma));
  return { data: data.map((v) => shade[v]), width, height };
}

/** Box filter when shrinking (averages away sensor noise), bilinear when enlarging (smooth module edges). */
export function scaled(image: GreyImage, factor: number): GreyImage {
  return factor < 1 ? shrunk(image, factor) : enlarged(image, factor);
}

/** Downscales so the longest side is at most `maxSide`; smaller images come back unchanged. */
export function fitWithin(image: GreyImage, maxSide: number): GreyImage {
  const longest = Math.max(image.width, image.height);
  return longest > maxSide ? shrunk(image, maxSide / longest) : image;
}

function shrunk({ data, width, height }: GreyImage, factor: number): GreyImage {
  const w = Math.max(1, Math.round(width * factor));
  const h = Math.max(1, Math.round(height * factor));
  const out = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor((y * height) / h);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * height) / h));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor((x * width) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * width) / w));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += data[yy * width + xx];
      out[y * w + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return { data: out, width: w, height: h };
}

function enlarged(image: GreyImage, factor: number): GreyImage {
  const w = Math.round(image.width * factor);
  const h = Math.round(image.height * factor);
  const out = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) out[y * w + x] = greyAt(image, (x + 0.5) / factor, (y + 0.5) / factor);
  return { data: out, width: w, height: h };
}

/** The shade at a point between pixel centres, bilinear, with points outside the image taking its nearest edge. */
export function greyAt({ data, width, height }: GreyImage, x: number, y: number): number {
  const fx = Math.min(Math.max(x - 0.5, 0), width - 1);
  const fy = Math.min(Math.max(y - 0.5, 0), height - 1);
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const ax = fx - x0;
  const ay = fy - y0;
  const top = data[y0 * width + x0] * (1 - ax) + data[y0 * width + x1] * ax;
  const bottom = data[y1 * width + x0] * (1 - ax) + data[y1 * width + x1] * ax;
  return top * (1 - ay) + bottom * ay;
}
