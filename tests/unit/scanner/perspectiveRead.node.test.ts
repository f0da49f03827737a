// Codes photographed at a steep angle, drawn in the test, read from their finder squares as the decode engine reads them.
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDecodeEngine } from '@/features/scanner/decode/decodeEngine';
import { fitWithin, toGrey, toRgba, type GreyImage } from '@/features/scanner/decode/greyImage';
import { fitHomography } from '@/features/scanner/decode/homography';
import { MAX_PHOTO_SIDE_PX } from '@/features/scanner/decode/decodedCode';
import { codesInPerspective } from '@/features/scanner/decode/perspectiveCode';
import { readInPerspective } from '@/features/scanner/decode/perspectiveRead';
import { decodeWithWasm, type ReadBarcodes } from '@/features/scanner/decode/wasmDecode';
import { loadScanCorpus, type CorpusImage } from '../../support/scan/scanCorpus';
import { tiltedCode, type Pose } from '../../support/scan/tiltedCode';
import { loadWasm } from '../../support/scan/wasmReader';

const TRACE_URL = 'https://trace.example/dt?qr=1D24B3261X54A2320';
// Turned 55, 60 and 65 degrees away and 30 to the side: the ladder finds no code in any.
const STEEP: Pose[] = [
  { tilt: 55, yaw: 30, roll: 20, near: 2.5 },
  { tilt: 60, yaw: 30, roll: 20, near: 2.5 },
  { tilt: 65, yaw: 30, roll: 20, near: 2.5 },
];

let read: ReadBarcodes;
let fixtures: CorpusImage[];
beforeAll(async () => {
  [read, fixtures] = await Promise.all([
    loadWasm(),
    loadScanCorpus(resolve(import.meta.dirname, '../../fixtures/scan')),
  ]);
}, 30_000);

describe('a code seen at a steep angle', () => {
  it('is missed by the ladder and read by the photo engine from its finder squares, without the WeChat engine', async () => {
    let weChatLoads = 0;
    const engine = createDecodeEngine(async () => read, {
      loadWeChat: () => {
        weChatLoads++;
        return Promise.reject(new Error('not needed'));
      },
    });
    for (const pose of STEEP) {
      const pixels = toRgba(tiltedCode(TRACE_URL, pose).image);
      expect({ pose, ...(await decodeWithWasm(read, pixels, 'photo')) }).toMatchObject({ pose, codes: [] });
      expect({ pose, ...(await engine.decode(pixels, 'photo')) }).toEqual({
        pose,
        codes: [{ text: TRACE_URL, symbology: 'qr' }],
        engine: 'wasm',
        attempt: 'QR in perspective',
      });
    }
    expect(weChatLoads).toBe(0);
  });

  it('is located at its corners, to a module, with its width in modules', () => {
    const { image, corners } = tiltedCode(TRACE_URL, STEEP[0]);
    const [found] = codesInPerspective(image);
    // Version 3; a module of this code is 4 to 9 pixels wide here.
    expect(found?.modules).toBe(29);
    found!.quad.forEach((corner, i) =>
      expect(Math.hypot(corner.x - corners[i].x, corner.y - corners[i].y)).toBeLessThan(4),
    );
  });

  it('is not read in a camera frame, whose budget is the fast attempts', async () => {
    const engine = createDecodeEngine(async () => read, { loadWeChat: () => Promise.reject(new Error('no')) });
    const pixels = toRgba(tiltedCode(TRACE_URL, STEEP[0]).image);
    expect((await engine.decode(pixels, 'frame')).codes).toEqual([]);
  });
});

describe('readInPerspective', () => {
  it('gives every fixture its own text or nothing, never another', async () => {
    for (const { name, pixels, expected } of fixtures) {
      const texts = (await readInPerspective(read, fitWithin(toGrey(pixels), MAX_PHOTO_SIDE_PX))).map(
        ({ text }) => text,
      );
      expect({ name, texts: texts.filter((text) => text !== expected) }).toEqual({ name, texts: [] });
    }
  });

  it('reads nothing where three finder squares stand without a code between them', async () => {
    const { image } = tiltedCode(TRACE_URL, { tilt: 50, yaw: 0, roll: 10, near: 2.5 });
    const squaresOnly = onlyFinderSquares(image);
    // The squares alone are still located as a code; its data, painted over, reads as none.
    expect(codesInPerspective(squaresOnly)[0]?.modules).toBe(29);
    expect(await readInPerspective(read, squaresOnly)).toEqual([]);
  });
});

/** The image with everything but the three finder squares and their separators painted over with paper. */
function onlyFinderSquares(image: GreyImage): GreyImage {
  const { quad, modules } = codesInPerspective(image)[0]!;
  const toCode = fitHomography(quad, [
    { x: 0, y: 0 },
    { x: modules, y: 0 },
    { x: modules, y: modules },
    { x: 0, y: modules },
  ])!.map;
  const inFinder = (x: number, y: number) => {
    const { x: column, y: row } = toCode(x, y);
    const near = (at: number) => at < 8;
    const far = (at: number) => at >= modules - 8;
    return (near(column) && near(row)) || (far(column) && near(row)) || (near(column) && far(row));
  };
  const data = image.data.map((shade, i) =>
    inFinder((i % image.width) + 0.5, Math.floor(i / image.width) + 0.5) ? shade : 220,
  );
  return { ...image, data };
}
