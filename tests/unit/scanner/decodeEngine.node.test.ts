// The page's decode engine on real images, in Node: the same code the decode worker runs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDecodeEngine, type DecodeEngine } from '@/features/scanner/decode/decodeEngine';
import type { DecodeEffort, RgbaImage } from '@/features/scanner/decode/decodedCode';
import { loadScanCorpus, type CorpusImage } from '../../support/scan/scanCorpus';
import { loadWasm } from '../../support/scan/wasmReader';
import { loadWeChat } from '../../support/scan/wechatReader';
import { fitWithin, toGrey, toRgba } from '@/features/scanner/decode/greyImage';
import type { NativePhoto } from '@/features/scanner/decode/nativePhoto';
import { lazyWeChat } from '@/features/scanner/decode/photoLastResorts';
import type { ReadBarcodes } from '@/features/scanner/decode/wasmDecode';
import { createWeChatReader, type ReadWeChat, type WeChatCv } from '@/features/scanner/decode/wechatDecode';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/scan');
const TRACE_URL = 'https://trace.example/dt?qr=1D24B3261X54A2320';

let images: CorpusImage[];
let read: ReadBarcodes;
beforeAll(async () => {
  [images, read] = await Promise.all([loadScanCorpus(FIXTURES), loadWasm()]);
  const writerWasm = createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm');
  await prepareZXingModule({
    overrides: { wasmBinary: readFileSync(writerWasm).buffer as ArrayBuffer },
    fireImmediately: true,
  });
}, 30_000);

const wasmEngine = () => createDecodeEngine(async () => read);
/** The engine as the worker builds it: the ladder, then a photo's last resorts; counts the WeChat engine's loads. */
function engineWithLastResorts() {
  const weChatLoads = { count: 0 };
  const engine = createDecodeEngine(async () => read, {
    loadWeChat: () => {
      weChatLoads.count++;
      return loadWeChat();
    },
  });
  return { engine, weChatLoads };
}
const failedEngine = () => createDecodeEngine(() => Promise.reject(new Error('WebAssembly is blocked')));

/** QR codes drawn side by side on white, `scale` pixels per module, each with its quiet zone. */
function qrPixels(texts: string[], scale = 5): RgbaImage {
  const matrices = texts.map((text) => QRCode.create(text, { errorCorrectionLevel: 'M' }).modules);
  const cell = Math.max(...matrices.map((m) => m.size + 8)) * scale;
  const [width, height] = [cell * texts.length, cell];
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  matrices.forEach((modules, index) => {
    for (let y = 0; y < modules.size * scale; y++) {
      for (let x = 0; x < modules.size * scale; x++) {
        if (!modules.get(Math.floor(y / scale), Math.floor(x / scale))) continue;
        const at = ((y + 4 * scale) * width + index * cell + x + 4 * scale) * 4;
        data.fill(0, at, at + 3);
      }
    }
  });
  return { data, width, height };
}

async function barcodePixels(text: string, format: 'EAN13' | 'UPCA'): Promise<RgbaImage> {
  const { svg } = await writeBarcode(text, { format, scale: 3 });
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#fff' })
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#fff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const texts = async (engine: DecodeEngine, image: RgbaImage, effort: DecodeEffort = 'photo') =>
  (await engine.decode(image, effort)).codes.map((code) => code.text);

describe('the decode engine, on the WebAssembly engine', () => {
  it('reads every photo of the in-repository sample, never a wrong text', async () => {
    const engine = wasmEngine();
    expect(images.length).toBeGreaterThanOrEqual(20);
    // wechat/: photos the ladder misses, read by the last resorts (below).
    for (const image of images.filter(({ category }) => category !== 'wechat')) {
      const answer = await engine.decode(image.pixels, 'photo');
      expect({ image: image.name, text: answer.codes[0]?.text }).toEqual({ image: image.name, text: image.expected });
      expect(answer.engine).toBe('wasm');
    }
  }, 60_000);

  it('reads pixels held as the browser holds them: ImageData, whose width and height are getters on its prototype', async () => {
    class PrototypeFields {
      readonly #image: RgbaImage;
      constructor(image: RgbaImage) {
        this.#image = image;
      }
      get data() {
        return this.#image.data;
      }
      get width() {
        return this.#image.width;
      }
      get height() {
        return this.#image.height;
      }
    }
    // The photo first: it waits for the WebAssembly engine, which then reads the frame too.
    const engine = wasmEngine();
    for (const effort of ['photo', 'frame'] as const) {
      const answer = await engine.decode(new PrototypeFields(qrPixels([TRACE_URL])), effort);
      expect(answer).toMatchObject({ codes: [{ text: TRACE_URL }], engine: 'wasm', attempt: 'QR' });
    }
  });

  it('reads the phone frames on the camera budget too', async () => {
    const engine = wasmEngine();
    const frames = images.filter((image) => image.category === 'frames');
    for (const frame of frames) expect(await texts(engine, frame.pixels, 'frame')).toEqual([frame.expected]);
  }, 30_000);

  it('unrolls a code on a can that a flat read misses, in a photo and in a camera frame', async () => {
    const onCans = images.filter((image) => ['frames/curved-0055.jpg', 'frames/curved-0115.jpg'].includes(image.name));
    expect(onCans).toHaveLength(2);
    // The photo first: it waits for the WebAssembly engine, which then reads the frames too.
    const engine = wasmEngine();
    for (const can of onCans) {
      const flat = await read({ ...can.pixels, colorSpace: 'srgb' }, { formats: ['QRCode'], textMode: 'Plain' });
      expect(flat.filter((result) => result.isValid)).toEqual([]);
      for (const effort of ['photo', 'frame'] as const) {
        const answer = await engine.decode(can.pixels, effort);
        expect({ image: can.name, effort, ...answer }).toEqual({
          image: can.name,
          effort,
          codes: [{ text: can.expected, symbology: 'qr' }],
          engine: 'wasm',
          attempt: 'QR unrolled from a can',
        });
      }
    }
  }, 30_000);

  it('bends its grid to a code on a crumpled surface that a flat read misses, in a photo and in a camera frame', async () => {
    const [shirt] = images.filter((image) => image.name === 'corpus/qrcode-4-05.png');
    const flat = await read({ ...shirt.pixels, colorSpace: 'srgb' }, { formats: ['QRCode'], textMode: 'Plain' });
    expect(flat.filter((result) => result.isValid)).toEqual([]);
    const engine = wasmEngine();
    for (const effort of ['photo', 'frame'] as const) {
      expect({ effort, ...(await engine.decode(shirt.pixels, effort)) }).toEqual({
        effort,
        codes: [{ text: shirt.expected, symbology: 'qr' }],
        engine: 'wasm',
        attempt: 'QR on a fitted grid',
      });
    }
  });

  it('lists every code of a photo that holds several, once each', async () => {
    const codes = ['https://trace.example/dt?qr=1D24B3261X54A2320', 'https://trace.example/dt?qr=TH26A1105C48B0001'];
    expect((await texts(wasmEngine(), qrPixels(codes))).sort()).toEqual(codes);
  });

  it('recognises EAN-13 and UPC-A product barcodes as such', async () => {
    for (const [text, format] of [
      ['8934673573016', 'EAN13'],
      ['036000291452', 'UPCA'],
    ] as const) {
      const { codes } = await wasmEngine().decode(await barcodePixels(text, format), 'photo');
      expect(codes).toEqual([{ text: format === 'UPCA' ? `0${text}` : text, symbology: 'productBarcode' }]);
    }
  });

  it('finds nothing in a blank image, in either effort', async () => {
    const blank = { data: new Uint8ClampedArray(320 * 240 * 4).fill(200), width: 320, height: 240 };
    expect(await texts(wasmEngine(), blank, 'photo')).toEqual([]);
    expect(await texts(wasmEngine(), blank, 'frame')).toEqual([]);
  });
});

describe('the decode engine without WebAssembly', () => {
  it('falls back to @zxing/library for good when the WebAssembly engine cannot load', async () => {
    const engine = failedEngine();
    for (const effort of ['photo', 'frame'] as const) {
      expect(await engine.decode(qrPixels([TRACE_URL]), effort)).toMatchObject({
        codes: [{ text: TRACE_URL, symbology: 'qr' }],
        engine: 'js',
      });
    }
    const photo = images.find((image) => image.name === 'frames/clean-0000.jpg');
    expect((await engine.decode(photo!.pixels, 'photo')).codes[0]?.text).toBe(photo!.expected);
  });

  it('decodes camera frames with @zxing/library while the .wasm still loads, and photos wait for it', async () => {
    let loaded: (read: ReadBarcodes) => void = () => undefined;
    const engine = createDecodeEngine(() => new Promise((resolve) => (loaded = resolve)));
    expect(await engine.decode(qrPixels([TRACE_URL]), 'frame')).toMatchObject({
      codes: [{ text: TRACE_URL }],
      engine: 'js',
    });
    const photo = engine.decode(qrPixels([TRACE_URL]), 'photo');
    loaded(read);
    expect(await photo).toMatchObject({ codes: [{ text: TRACE_URL }], engine: 'wasm' });
    expect((await engine.decode(qrPixels([TRACE_URL]), 'frame')).engine).toBe('wasm');
  });

  it('reads a mirrored code, as a front camera shows it', async () => {
    const image = qrPixels([TRACE_URL]);
    const mirrored = new Uint8ClampedArray(image.data.length);
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const from = (y * image.width + x) * 4;
        mirrored.set(image.data.subarray(from, from + 4), (y * image.width + image.width - 1 - x) * 4);
      }
    }
    expect(await texts(failedEngine(), { ...image, data: mirrored }, 'frame')).toEqual([TRACE_URL]);
  });
});

describe("a photo's last resorts", () => {
  it('reads a photo the whole ladder misses with the WeChat engine, loaded then and only then, and once', async () => {
    const needsWeChat = images.filter(({ category }) => category === 'wechat');
    expect(needsWeChat.length).toBeGreaterThan(0);
    const { engine, weChatLoads } = engineWithLastResorts();
    expect(await texts(engine, qrPixels([TRACE_URL]))).toEqual([TRACE_URL]);
    for (const image of needsWeChat) {
      expect(await texts(wasmEngine(), image.pixels)).toEqual([]);
      // A camera frame never gets the last resorts: the next frame is another chance.
      expect(await texts(engine, image.pixels, 'frame')).toEqual([]);
    }
    expect(weChatLoads.count).toBe(0);
    for (const image of needsWeChat) {
      expect({ image: image.name, ...(await engine.decode(image.pixels, 'photo')) }).toEqual({
        image: image.name,
        codes: [{ text: image.expected, symbology: 'qr' }],
        engine: 'wechat',
        attempt: 'WeChat',
      });
    }
    expect(weChatLoads.count).toBe(1);
  }, 60_000);

  it('gives a stubborn camera frame the WeChat engine only once a photo loaded it, never starting its download', async () => {
    const [image] = images.filter(({ category }) => category === 'wechat');
    const { engine, weChatLoads } = engineWithLastResorts();
    await engine.decode(qrPixels([TRACE_URL]), 'photo');
    expect(await texts(engine, image!.pixels, 'stubbornFrame')).toEqual([]);
    expect(weChatLoads.count).toBe(0);
    expect(await texts(engine, image!.pixels, 'photo')).toEqual([image!.expected]);
    expect(await engine.decode(image!.pixels, 'stubbornFrame')).toMatchObject({
      codes: [{ text: image!.expected }],
      engine: 'wechat',
    });
    expect(weChatLoads.count).toBe(1);
  }, 60_000);

  it("reads at the photo's own resolution the region of a code seen but not read in its fitted pixels", async () => {
    // A phone photo 3000 px wide with a dense code (version 10ish) 3 px a module: 1.3 px a module once
    // fitted within 1280 px, where it is seen but not read.
    const text = `${TRACE_URL}&batch=${'0123456789'.repeat(17)}`;
    const code = qrPixels([text], 3);
    const [width, height] = [3000, 2000];
    const data = new Uint8ClampedArray(width * height * 4).fill(255);
    for (let y = 0; y < code.height; y++) {
      const from = y * code.width * 4;
      // The code itself at (1400, 700), its quiet zone of 4 modules around it.
      data.set(code.data.subarray(from, from + code.width * 4), ((y + 688) * width + 1388) * 4);
    }
    const photo = { data, width, height };
    const fitted = toRgba(fitWithin(toGrey(photo), 1280));
    const native: NativePhoto = {
      width,
      height,
      region: (box) => toRgba(toGrey(photo, box)),
    };
    const { engine, weChatLoads } = engineWithLastResorts();
    expect(await texts(wasmEngine(), fitted)).toEqual([]);
    expect(await engine.decode(fitted, 'photo', native)).toEqual({
      codes: [{ text, symbology: 'qr' }],
      engine: 'wasm',
      attempt: 'QR region at native resolution',
    });
    expect(weChatLoads.count).toBe(0);
  }, 30_000);

  it('finds nothing in a blank photo after every last resort, and says so', async () => {
    const blank = { data: new Uint8ClampedArray(320 * 240 * 4).fill(200), width: 320, height: 240 };
    const { engine, weChatLoads } = engineWithLastResorts();
    expect(await engine.decode(blank, 'photo')).toEqual({ codes: [], engine: 'wasm', attempt: 'none' });
    expect(weChatLoads.count).toBe(1);
  }, 30_000);

  it('answers a photo without waiting past its bound for the WeChat files; the next photo uses them', async () => {
    let arrived: (reader: ReadWeChat) => void = () => undefined;
    const weChat = lazyWeChat(() => new Promise((resolve) => (arrived = resolve)));
    expect(await weChat(20)).toBeNull();
    const reader: ReadWeChat = () => [TRACE_URL];
    arrived(reader);
    expect(await weChat(20)).toBe(reader);
  });

  it('tries a failed load of the WeChat files again on the next photo that needs them', async () => {
    let attempts = 0;
    const reader: ReadWeChat = () => [TRACE_URL];
    const weChat = lazyWeChat(async () => {
      if (++attempts === 1) throw new Error('offline');
      return reader;
    });
    expect(await weChat(1000)).toBeNull();
    expect(await weChat(1000)).toBe(reader);
    expect(attempts).toBe(2);
  });

  it('never accepts a text with U+FFFD (Shift_JIS bytes read as UTF-8), an empty one or a lone surrogate', async () => {
    const found = ['\uFFFD\uFFFDり', '', 'a\uD800b', TRACE_URL, 'Sữa 🥛'];
    const cv = {
      CV_8UC1: 0,
      Mat: class {
        data = new Uint8Array(4);
        delete() {}
      },
      MatVector: class {
        size = () => 0;
        get = () => undefined;
        delete() {}
      },
      FS_createDataFile: () => undefined,
      wechat_qrcode_WeChatQRCode: class {
        detectAndDecode() {
          return { size: () => found.length, get: (index: number) => found[index]!, delete() {} };
        }
      },
    } satisfies WeChatCv;
    const model = new Uint8Array(1);
    const readWeChat = await createWeChatReader(async () => cv, {
      wasm: new Uint8Array(1),
      models: { detect_prototxt: model, detect_caffemodel: model, sr_prototxt: model, sr_caffemodel: model },
    });
    expect(readWeChat({ data: new Uint8ClampedArray(4), width: 2, height: 2 })).toEqual([TRACE_URL, 'Sữa 🥛']);
  });
});
