import { BrowserCodeReader } from '@zxing/browser';
import { CameraError, type CameraInfo, type CameraRequest, type CameraSession, type CameraZoom } from './cameraSession';
import type { DecodedCode, DecodeEffort } from './decode/decodedCode';
import { decodeOffThread, warmUpDecoder, workerCanDraw } from './decode/decoderClient';
import { frameRegion } from './scanBox';
import { cameraEffort } from './cameraEffort';
import { findingOf, SCAN_FPS } from './scanHints';

const FRAME_INTERVAL_MS = 1000 / SCAN_FPS;

/**
 * Opens the camera and decodes the centred scan box ten times a second in the decode worker.
 * Checks run in the order that gives the visitor the most precise message.
 */
export async function openZxingCamera(request: CameraRequest): Promise<CameraSession> {
  if (!window.isSecureContext) throw new CameraError('insecureContext');
  if (typeof navigator.mediaDevices?.getUserMedia !== 'function') throw new CameraError('streamingNotSupported');
  // The worker and its .wasm load while the visitor answers the permission prompt.
  warmUpDecoder();
  const cameras = await listCameras();
  if (cameras.length === 0) throw new CameraError('cameraNotFound');
  if ((await cameraPermission()) === 'denied') throw new CameraError('permissionDenied');

  const stream = await startStream(request.deviceId);
  const [track] = stream.getVideoTracks();
  if (track) focusContinuously(track);
  const stop = runDecodeLoop(request, stream);
  request.video.srcObject = stream;
  // Not awaited: if the dialog closed meanwhile, play() may never settle, and the session must still
  // reach the caller to be stopped. An AbortError only means the dialog closed or the camera switched.
  request.video.play().catch((error: unknown) => {
    if (!(error instanceof DOMException && error.name === 'AbortError')) request.onVideoFailed();
  });
  return {
    stop,
    zoom: track ? zoomOf(track) : null,
    // Labels are only filled in once permission is granted, so list again now.
    cameras: await listCameras().catch(() => cameras),
    deviceId: track?.getSettings().deviceId ?? null,
    setTorch: track && hasTorch(track) ? (on) => BrowserCodeReader.mediaStreamSetTorch(track, on) : null,
  };
}

async function listCameras(): Promise<CameraInfo[]> {
  try {
    const devices = await BrowserCodeReader.listVideoInputDevices();
    return devices.map(({ deviceId, label }) => ({ deviceId, label }));
  } catch {
    throw new CameraError('devicesUnavailable');
  }
}

/** 'prompt' where the Permissions API or its 'camera' name is missing (Firefox, older Safari): getUserMedia asks. */
async function cameraPermission(): Promise<PermissionState> {
  try {
    return (await navigator.permissions.query({ name: 'camera' as PermissionName })).state;
  } catch {
    return 'prompt';
  }
}

// At least 720p so that a small code still gets enough pixels; a camera that cannot (old webcams, the
// fake test camera) is asked again without the minimum rather than refused.
const SHARP = { width: { min: 1280, ideal: 1920 }, height: { min: 720, ideal: 1080 } };
const SHARP_IF_POSSIBLE = { width: { ideal: 1920 }, height: { ideal: 1080 } };

async function startStream(deviceId: string | null, size: MediaTrackConstraints = SHARP): Promise<MediaStream> {
  try {
    // zoom: true asks for zoom control where the browser offers it (Chrome's pan-tilt-zoom permission).
    const video: MediaTrackConstraints & { zoom: boolean } = {
      ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: 'environment' }),
      ...size,
      zoom: true,
    };
    return await navigator.mediaDevices.getUserMedia({ video, audio: false });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'OverconstrainedError' && size === SHARP) return startStream(deviceId, SHARP_IF_POSSIBLE);
    // A remembered camera that is gone (unplugged, new phone): fall back to the rear camera.
    if (deviceId && (name === 'NotFoundError' || name === 'OverconstrainedError')) return startStream(null, size);
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new CameraError('permissionDenied');
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new CameraError('cameraNotFound');
    throw new CameraError('cameraFailed');
  }
}

/** Capabilities beyond lib.dom's types: focus and zoom are in the Image Capture spec. */
interface ImageCaptureCapabilities extends MediaTrackCapabilities {
  focusMode?: string[];
  zoom?: { min: number; max: number; step?: number };
  torch?: boolean;
}

function capabilities(track: MediaStreamTrack): ImageCaptureCapabilities {
  return typeof track.getCapabilities === 'function' ? track.getCapabilities() : {};
}

/** Continuous autofocus where the camera offers it: a can moved closer stays sharp. */
function focusContinuously(track: MediaStreamTrack) {
  if (!capabilities(track).focusMode?.includes('continuous')) return;
  track.applyConstraints({ advanced: [{ focusMode: 'continuous' } as MediaTrackConstraintSet] }).catch(() => undefined);
}

function zoomOf(track: MediaStreamTrack): CameraZoom | null {
  const range = capabilities(track).zoom;
  if (!range || !(range.max > range.min)) return null;
  const current = (track.getSettings() as { zoom?: number }).zoom ?? range.min;
  return {
    min: range.min,
    max: range.max,
    step: range.step && range.step > 0 ? range.step : (range.max - range.min) / 100,
    initial: current,
    set: (value) => track.applyConstraints({ advanced: [{ zoom: value } as MediaTrackConstraintSet] }),
  };
}

function hasTorch(track: MediaStreamTrack): boolean {
  // Checked by hand: @zxing/browser's own check logs to the console where getCapabilities is missing.
  return 'torch' in capabilities(track);
}

function runDecodeLoop({ video, onCode, onProductBarcode, isPaused }: CameraRequest, stream: MediaStream) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let frame = 0;
  let framesWithoutCode = 0;

  // One frame in flight at most: the next is grabbed only once the worker answered about this one.
  const tick = async () => {
    const started = performance.now();
    const effort = cameraEffort(framesWithoutCode);
    const codes = isPaused() ? [] : await decodeFrame(video, frame++, effort).catch(() => []);
    if (stopped) return;
    const finding = findingOf(codes);
    // Frames with only the product barcode count too: the trace code in view is still unread.
    if (!isPaused()) framesWithoutCode++;
    if (finding.kind === 'codes') {
      stopped = true;
      onCode(finding.codes[0]);
      return;
    }
    if (finding.kind === 'productBarcode') onProductBarcode();
    // Timeouts, not an interval: a slow frame delays the next one instead of piling up, and the
    // gap between frames keeps the dialog responsive.
    timer = setTimeout(tick, Math.max(0, FRAME_INTERVAL_MS - (performance.now() - started)));
  };
  // The first frame is decoded as soon as the video has one, not a frame interval later; a browser that
  // never fires loadeddata still gets its frames polled.
  const start = () => {
    video.removeEventListener('loadeddata', start);
    clearTimeout(fallback);
    if (!stopped && timer === undefined) timer = setTimeout(tick);
  };
  const fallback = setTimeout(start, FRAME_INTERVAL_MS);
  video.addEventListener('loadeddata', start);

  return () => {
    video.removeEventListener('loadeddata', start);
    clearTimeout(fallback);
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    if (video.srcObject === stream) video.srcObject = null;
  };
}

let frameCanvas: HTMLCanvasElement | null = null;

/**
 * Sends the current video frame's region (frameRegion: the whole frame or the scan box, in turns) to the
 * decode worker. Where the worker can draw, it goes as an ImageBitmap (transferred, never copied);
 * elsewhere as the pixels of a canvas.
 */
async function decodeFrame(video: HTMLVideoElement, frame: number, effort: DecodeEffort): Promise<DecodedCode[]> {
  const { videoWidth, videoHeight } = video;
  if (video.readyState < video.HAVE_CURRENT_DATA || videoWidth === 0 || videoHeight === 0) return [];
  // A stubborn frame is the whole frame: the photo's attempts look for a code anywhere in view.
  const region = frameRegion(videoWidth, videoHeight, effort === 'stubbornFrame' ? 0 : frame);
  const { left, top, width, height, outWidth, outHeight } = region;
  if (workerCanDraw) {
    const bitmap = await createImageBitmap(video, left, top, width, height, {
      resizeWidth: outWidth,
      resizeHeight: outHeight,
    });
    return decodeOffThread(bitmap, effort);
  }
  frameCanvas ??= document.createElement('canvas');
  // Setting a canvas's size clears and reallocates it, so only when the size changes.
  if (frameCanvas.width !== outWidth || frameCanvas.height !== outHeight) {
    frameCanvas.width = outWidth;
    frameCanvas.height = outHeight;
  }
  const context = frameCanvas.getContext('2d', { willReadFrequently: true });
  if (!context) return [];
  context.drawImage(video, left, top, width, height, 0, 0, outWidth, outHeight);
  return decodeOffThread(context.getImageData(0, 0, outWidth, outHeight), effort);
}
