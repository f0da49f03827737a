// The fitted grid on codes drawn on a folded surface, read back by zxing-wasm as the decode engine reads them.
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { flattenOnFittedGrid, knownModules } from '@/features/scanner/decode/fittedGrid';
import type { Quad } from '@/features/scanner/decode/flatCode';
import { toRgba, type GreyImage } from '@/features/scanner/decode/greyImage';
import { decodeWithWasm, type ReadBarcodes } from '@/features/scanner/decode/wasmDecode';
import { loadWasm } from '../../support/scan/wasmReader';

const TRACE_URL = 'https://trace.example/dt?qr=1D24B3261X54A2320';
// Version 5, past the trace code's size.
const LONGER_URL = `${TRACE_URL}&from=a-long-campaign-name-x`;

let read: ReadBarcodes;
beforeAll(async () => {
  read = await loadWasm();
}, 30_000);

/**
 * The code on paper, 6 pixels a module, on a surface folded in two waves `period` modules long: every
 * point shows the code shifted by up to `amplitude` modules, across and down.
 */
function folded(text: string, amplitude: number, period: number): GreyImage {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  expect(modules.size).toBe(text === TRACE_URL ? 29 : 37);
  const [scale, margin] = [6, 6];
  const side = (modules.size + 2 * margin) * scale;
  const data = new Uint8ClampedArray(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const [u, v] = [x / scale - margin, y / scale - margin];
      const column = Math.floor(u + amplitude * Math.sin((2 * Math.PI * v) / period));
      const row = Math.floor(v + amplitude * Math.sin((2 * Math.PI * u) / period + 1));
      const inCode = column >= 0 && row >= 0 && column < modules.size && row < modules.size;
      data[y * side + x] = inCode && modules.get(row, column) ? 40 : 230;
    }
  }
  return { data, width: side, height: side };
}

const readFlat = async (image: GreyImage) =>
  read({ ...toRgba(image), colorSpace: 'srgb' }, { formats: ['QRCode'], textMode: 'Plain', returnErrors: true });

describe('flattenOnFittedGrid', () => {
  it('reads a code on a folded surface that a flat read finds but misreads', async () => {
    const image = folded(TRACE_URL, 0.6, 30);
    const results = await readFlat(image);
    expect(results.filter((result) => result.isValid)).toEqual([]);
    const seen = results.find((result) => result.format === 'QRCode' && result.version === '3');
    expect(seen?.error).toMatch(/Checksum/);

    const { topLeft, topRight, bottomRight, bottomLeft } = seen!.position;
    const flat = flattenOnFittedGrid(image, [topLeft, topRight, bottomRight, bottomLeft], 29);
    // Square, four pixels a module, with its quiet zone.
    expect(flat).toMatchObject({ width: 144, height: 144 });
    expect((await readFlat(flat!)).filter((result) => result.isValid).map((result) => result.text)).toEqual([
      TRACE_URL,
    ]);
  });

  it('refuses corners that are not a convex quad', () => {
    const folded: Quad = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 20, y: 20 },
      { x: 0, y: 100 },
    ];
    expect(
      flattenOnFittedGrid({ data: new Uint8ClampedArray(200 * 200), width: 200, height: 200 }, folded, 29),
    ).toBeNull();
  });
});

describe('the WebAssembly ladder', () => {
  it('fits a grid to a folded code in a photo and in a camera frame', async () => {
    const image = toRgba(folded(TRACE_URL, 0.6, 30));
    for (const effort of ['photo', 'frame'] as const) {
      expect({ effort, ...(await decodeWithWasm(read, image, effort)) }).toEqual({
        effort,
        codes: [{ text: TRACE_URL, symbology: 'qr' }],
        attempt: 'QR on a fitted grid',
      });
    }
  });

  it('fits a grid to a code larger than the trace code in a photo only, past the frame budget', async () => {
    const image = toRgba(folded(LONGER_URL, 0.5, 40));
    expect(await decodeWithWasm(read, image, 'photo')).toEqual({
      codes: [{ text: LONGER_URL, symbology: 'qr' }],
      attempt: 'QR on a fitted grid',
    });
    expect(await decodeWithWasm(read, image, 'frame')).toEqual({ codes: [], attempt: 'none' });
  });
});

describe('knownModules', () => {
  it('gives the finder, timing and alignment modules of versions 1 to 10 their shade in a real code', () => {
    for (let version = 1; version <= 10; version++) {
      const { modules } = QRCode.create('x', { version, errorCorrectionLevel: 'L' });
      const known = knownModules(modules.size);
      const marked: number[] = [];
      known.forEach((shade, k) => {
        if (shade === -1) return;
        marked.push(k);
        expect({ version, k, shade: modules.get(Math.floor(k / modules.size), k % modules.size) }).toEqual({
          version,
          k,
          shade,
        });
      });
      // Three finders with their separators, two timing patterns, the dark module, and one alignment pattern from version 2.
      expect(marked).toHaveLength(3 * 64 + 2 * (modules.size - 16) + 1 + (version >= 2 ? 25 : 0));
    }
  });
});
