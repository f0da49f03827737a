import { acceptableText } from './decodedCode';
import type { GreyImage } from './greyImage';

/**
 * OpenCV's WeChat QR engine (a CNN detector and a super-resolution model, qr-decode-wechat): the texts of
 * every QR code it reads in a grey image. Synchronous: it runs inside the decode worker.
 */
export type ReadWeChat = (grey: GreyImage) => string[];

/** The bytes of the engine's WebAssembly and of its four model files, however they were fetched. */
export interface WeChatFiles {
  wasm: Uint8Array;
  models: Record<WeChatModel, Uint8Array>;
}

export type WeChatModel = 'detect_prototxt' | 'detect_caffemodel' | 'sr_prototxt' | 'sr_caffemodel';

/** The file names the engine's constructor opens, in its own in-memory file system. */
const MODEL_NAMES: Record<WeChatModel, string> = {
  detect_prototxt: 'detect.prototxt',
  detect_caffemodel: 'detect.caffemodel',
  sr_prototxt: 'sr.prototxt',
  sr_caffemodel: 'sr.caffemodel',
};

/** The little of OpenCV.js used here; its objects live in WebAssembly memory and must be deleted. */
interface Deletable {
  delete(): void;
}
interface CvVector<T> extends Deletable {
  size(): number;
  get(index: number): T;
}
export interface WeChatCv {
  CV_8UC1: number;
  Mat: new (rows: number, cols: number, type: number) => Deletable & { data: Uint8Array };
  MatVector: new () => CvVector<unknown>;
  FS_createDataFile(parent: string, name: string, data: Uint8Array, read: boolean, write: boolean, own: boolean): void;
  wechat_qrcode_WeChatQRCode: new (
    detectPrototxt: string,
    detectModel: string,
    srPrototxt: string,
    srModel: string,
  ) => { detectAndDecode(image: Deletable, points: CvVector<unknown>): CvVector<string> };
}

/** Starts OpenCV on the WebAssembly given and builds the WeChat detector from the models given. */
export async function createWeChatReader(
  createCv: (wasm: Uint8Array) => Promise<WeChatCv>,
  { wasm, models }: WeChatFiles,
): Promise<ReadWeChat> {
  const cv = await createCv(wasm);
  for (const [model, name] of Object.entries(MODEL_NAMES))
    cv.FS_createDataFile('/', name, models[model as WeChatModel], true, false, false);
  const detector = new cv.wechat_qrcode_WeChatQRCode(
    MODEL_NAMES.detect_prototxt,
    MODEL_NAMES.detect_caffemodel,
    MODEL_NAMES.sr_prototxt,
    MODEL_NAMES.sr_caffemodel,
  );
  return ({ data, width, height }) => {
    const image = new cv.Mat(height, width, cv.CV_8UC1);
    const corners = new cv.MatVector();
    try {
      image.data.set(data);
      const found = detector.detectAndDecode(image, corners);
      try {
        return Array.from({ length: found.size() }, (_, index) => found.get(index)).filter(acceptableText);
      } finally {
        found.delete();
      }
    } finally {
      image.delete();
      corners.delete();
    }
  };
}
