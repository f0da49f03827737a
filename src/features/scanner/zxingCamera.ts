import { BrowserCodeReader } from '@zxing/browser';
import { SCAN_BOX_MIN_PX, SCAN_FPS } from '@/config';
import { CameraError, type CameraInfo, type CameraRequest, type CameraSession } from './cameraSession';
import { decodeImage } from './decodeImage';
import { MAX_FRAME_SIDE_PX, SCAN_BOX_SHARE } from './scanHints';

const FRAME_INTERVAL_MS = 1000 / SCAN_FPS;

/**
 * Opens the camera and decodes the centred scan box ten times a second with the shared decodeImage.
 * Checks run in the order that gives the visitor the most precise message.
 */
export async function openZxingCamera(request: CameraRequest): Promise<CameraSession> {
  if (!window.isSecureContext) throw new CameraError('insecureContext');
  if (typeof navigator.mediaDevices?.getUserMedia !== 'function') throw new CameraError('streamingNotSupported');
  const cameras = await listCameras();
  if (cameras.length === 0) throw new CameraError('cameraNotFound');
  if ((await cameraPermission()) === 'denied') throw new CameraError('permissionDenied');

  const stream = await startStream(request.deviceId);
  const [track] = stream.getVideoTracks();
  const session = runDecodeLoop(request, stream);
  request.video.srcObject = stream;
  // Not awaited: if the dialog closed meanwhile, play() may never settle, and the session must still
  // reach the caller to be stopped. The muted inline video may autoplay; the loop waits for frames.
  request.video.play().catch(() => undefined);
  return {
    ...session,
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

async function startStream(deviceId: string | null): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: deviceId ? { deviceId: { exact: deviceId } } : { facingMode: 'environment' },
      audio: false,
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    // A remembered camera that is gone (unplugged, new phone): fall back to the rear camera.
    if (deviceId && (name === 'NotFoundError' || name === 'OverconstrainedError')) return startStream(null);
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new CameraError('permissionDenied');
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new CameraError('cameraNotFound');
    throw new CameraError('cameraFailed');
  }
}

function hasTorch(track: MediaStreamTrack): boolean {
  // Checked by hand: @zxing/browser's own check logs to the console where getCapabilities is missing.
  return typeof track.getCapabilities === 'function' && 'torch' in track.getCapabilities();
}

function runDecodeLoop({ video, onCode, isPaused }: CameraRequest, stream: MediaStream) {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const tick = () => {
    const started = performance.now();
    const text = context && !isPaused() ? decodeFrame(video, canvas, context) : null;
    if (stopped) return;
    if (text !== null) {
      stopped = true;
      onCode(text);
      return;
    }
    // Timeouts, not an interval: a slow frame delays the next one instead of piling up, and the
    // gap between frames keeps the dialog responsive.
    timer = setTimeout(tick, Math.max(0, FRAME_INTERVAL_MS - (performance.now() - started)));
  };
  timer = setTimeout(tick, FRAME_INTERVAL_MS);

  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      if (video.srcObject === stream) video.srcObject = null;
    },
    setTorch: null,
    cameras: [],
    deviceId: null,
  } satisfies CameraSession;
}

/** Decodes the centred square scan box of the current video frame. */
function decodeFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement, context: CanvasRenderingContext2D): string | null {
  const { videoWidth: width, videoHeight: height } = video;
  if (video.readyState < video.HAVE_CURRENT_DATA || width === 0 || height === 0) return null;
  const box = Math.min(Math.max(SCAN_BOX_MIN_PX, Math.round(Math.min(width, height) * SCAN_BOX_SHARE)), width, height);
  const side = Math.min(box, MAX_FRAME_SIDE_PX);
  // Setting a canvas's size clears and reallocates it, so only when the frame size changes.
  if (canvas.width !== side || canvas.height !== side) {
    canvas.width = side;
    canvas.height = side;
  }
  context.drawImage(video, (width - box) / 2, (height - box) / 2, box, box, 0, 0, side, side);
  return decodeImage(context.getImageData(0, 0, side, side), 'frame');
}
