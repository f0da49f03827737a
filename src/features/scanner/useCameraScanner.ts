import { useCallback, useContext, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { CameraError, type CameraSession, type CameraZoom } from './cameraSession';
import type { DecodedCode } from './decode/decodedCode';
import { CAMERA_CHOICE_KEY, SCAN_HINT_DELAY_MS } from './scanHints';
import { ScannerDevicesContext } from './scannerDevices';
import { scanFailed, scanPaused, scanResumed, scanStopped, selectScannerStatus } from './scannerSlice';

export interface CameraScanner {
  torch: { on: boolean; toggle: () => void } | null;
  switchCamera: (() => void) | null;
  /** Null when the camera cannot zoom. */
  zoom: CameraZoom | null;
  /** True once SCAN_HINT_DELAY_MS passed without a code. */
  showHint: boolean;
  /** True once a frame held the product barcode (EAN/UPC) and no trace code. */
  productBarcodeSeen: boolean;
}

function rememberedCamera(): string | null {
  try {
    return localStorage.getItem(CAMERA_CHOICE_KEY);
  } catch {
    return null; // storage blocked (private mode): the rear camera is a fine default
  }
}

/**
 * Runs the camera on `video` while mounted. The session (stream, decode loop) stays in this closure,
 * never in Redux. Every exit path stops it: Close, a code, an error, unmount, and also an unmount
 * that comes before the camera finished opening (the session is stopped the moment it arrives).
 */
export function useCameraScanner(
  video: HTMLVideoElement | null,
  onDetected: (code: DecodedCode) => void,
): CameraScanner {
  const dispatch = useAppDispatch();
  const { openCamera } = useContext(ScannerDevicesContext);
  const paused = useAppSelector(selectScannerStatus) === 'paused';
  // The decode loop reads the latest of both without restarting the camera when they change.
  const isPaused = useEffectEvent(() => paused);
  const detected = useEffectEvent((code: DecodedCode) => onDetected(code));

  const [deviceId, setDeviceId] = useState(rememberedCamera);
  const [session, setSession] = useState<CameraSession | null>(null);
  const [torchOn, setTorchOn] = useState(false);
  const [showHint, setShowHint] = useState(false);
  const [productBarcodeSeen, setProductBarcodeSeen] = useState(false);

  useEffect(() => {
    if (!video) return;
    let cancelled = false;
    let running: CameraSession | null = null;
    openCamera({
      video,
      deviceId,
      isPaused: () => isPaused(),
      onCode: (code) => {
        if (cancelled) return;
        navigator.vibrate?.(100);
        detected(code);
        dispatch(scanStopped());
      },
      onProductBarcode: () => {
        if (!cancelled) setProductBarcodeSeen(true);
      },
      onVideoFailed: () => {
        if (!cancelled) dispatch(scanFailed('videoFailed'));
      },
    }).then(
      (opened) => {
        if (cancelled) return opened.stop();
        running = opened;
        setSession(opened);
      },
      (error: unknown) => {
        if (!cancelled) dispatch(scanFailed(error instanceof CameraError ? error.key : 'cameraFailed'));
      },
    );
    return () => {
      cancelled = true;
      running?.stop();
      setSession(null);
      setTorchOn(false);
    };
  }, [video, deviceId, openCamera, dispatch]);

  // A hidden tab pauses decoding (section 4's pause and resume) instead of burning the battery.
  useEffect(() => {
    const onVisibility = () => dispatch(document.hidden ? scanPaused() : scanResumed());
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [dispatch]);

  // Leaving the page unmounts the dialog without a Close: stop scanning then too. Deferred one task
  // so that StrictMode's instant remount in development does not close the dialog it just opened.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) dispatch(scanStopped());
      });
    };
  }, [dispatch]);

  useEffect(() => {
    const timer = setTimeout(() => setShowHint(true), SCAN_HINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const setTorch = session?.setTorch;
  const toggleTorch = useCallback(() => {
    if (!setTorch) return;
    const next = !torchOn;
    setTorch(next).then(
      () => setTorchOn(next),
      () => undefined, // the light did not change; the button keeps telling the truth
    );
  }, [setTorch, torchOn]);

  const cameras = session?.cameras;
  const switchCamera = useCallback(() => {
    if (!cameras) return;
    const current = cameras.findIndex((camera) => camera.deviceId === (session?.deviceId ?? deviceId));
    const next = cameras[(current + 1) % cameras.length];
    if (!next) return;
    try {
      localStorage.setItem(CAMERA_CHOICE_KEY, next.deviceId);
    } catch {
      // not remembered across visits, still switched now
    }
    setDeviceId(next.deviceId);
  }, [cameras, session, deviceId]);

  return {
    torch: setTorch ? { on: torchOn, toggle: toggleTorch } : null,
    switchCamera: cameras && cameras.length > 1 ? switchCamera : null,
    zoom: session?.zoom ?? null,
    showHint,
    productBarcodeSeen,
  };
}
