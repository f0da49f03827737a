import type { DecodedCode } from './decode/decodedCode';
import type { ScannerErrorKey } from './scannerSlice';

export interface CameraInfo {
  deviceId: string;
  label: string;
}

export interface CameraRequest {
  video: HTMLVideoElement;
  /** The camera chosen earlier, or null for the rear camera (`facingMode: environment`). */
  deviceId: string | null;
  /** Called once, with the first code that may be a trace code (QR, or another format holding one). */
  onCode: (code: DecodedCode) => void;
  /** Called each time a frame holds only the product barcode: scanning goes on, the dialog says why. */
  onProductBarcode: () => void;
  /** The stream opened but the video cannot play: the visitor would see a black box. */
  onVideoFailed: () => void;
  /** Checked before each frame: no decoding while the scanner is paused. */
  isPaused: () => boolean;
}

/** The zoom range the track reports, and a setter that resolves once the camera applied it. */
export interface CameraZoom {
  min: number;
  max: number;
  step: number;
  initial: number;
  set: (value: number) => Promise<void>;
}

/** A running camera. The stream and the loop live here, outside Redux (they are not serializable). */
export interface CameraSession {
  /** Stops decoding and every track of the stream. Safe to call twice. */
  stop: () => void;
  /** Null when the camera track has no torch. */
  setTorch: ((on: boolean) => Promise<void>) | null;
  /** Null when the camera track cannot zoom. */
  zoom: CameraZoom | null;
  cameras: CameraInfo[];
  /** The device actually opened, when the browser reports it. */
  deviceId: string | null;
}

/** The seam between the dialog and the browser: the real one uses getUserMedia and ZXing, tests pass a fake. */
export type OpenCamera = (request: CameraRequest) => Promise<CameraSession>;

/** A camera failure the visitor is told about, by its catalogue key. */
export class CameraError extends Error {
  constructor(readonly key: ScannerErrorKey) {
    super(`camera: ${key}`);
    this.name = 'CameraError';
  }
}
