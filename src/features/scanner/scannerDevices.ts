import { createContext } from 'react';
import type { OpenCamera } from './cameraSession';
import type { DecodedCode } from './decode/decodedCode';

/** Decodes a photo: every code in it, empty when none; throws when the file is not a readable image. */
export type DecodePhoto = (photo: Blob) => Promise<DecodedCode[]>;

export interface ScannerDevices {
  openCamera: OpenCamera;
  decodePhoto: DecodePhoto;
  /** Starts loading the decoder (worker and .wasm) ahead of a photo scan. */
  warmUpDecoder: () => void;
}

// Dynamic imports keep @zxing out of the initial bundle: it loads when a scan is first started.
export const browserScannerDevices: ScannerDevices = {
  openCamera: async (request) => (await import('./zxingCamera')).openZxingCamera(request),
  decodePhoto: async (photo) => (await import('./readPhoto')).readPhoto(photo),
  warmUpDecoder: () => void import('./decode/decoderClient').then((client) => client.warmUpDecoder()),
};

/** The camera and photo decoder the scanner uses; jsdom tests provide fakes through it. */
export const ScannerDevicesContext = createContext<ScannerDevices>(browserScannerDevices);
