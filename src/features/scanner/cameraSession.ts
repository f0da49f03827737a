import type { ScannerErrorKey } from './scannerSlice';

export interface CameraInfo {
  deviceId: string;
  label: string;
}

export interface CameraRequest {
  video: HTMLVideoElement;
  /** The camera chosen earlier, or null for the rear camera (`facingMode: environment`). */
  deviceId: string | null;
  /** Called once, with the raw text of the first code read. */
  onCode: (text: string) => void;
  /** Checked before each frame: no decoding while the scanner is paused. */
  isPaused: () => boolean;
}

/** A running camera. The stream and the loop live here, outside Redux (they are not serializable). */
export interface CameraSession {
  /** Stops decoding and every track of the stream. Safe to call twice. */
  stop: () => void;
  /** Null when the camera track has no torch. */
  setTorch: ((on: boolean) => Promise<void>) | null;
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
