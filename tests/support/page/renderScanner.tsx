import Alert from '@mui/material/Alert';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { makeStore } from '@/store/store';
import { CameraError, type CameraRequest, type CameraSession, type CameraZoom } from '@/features/scanner/cameraSession';
import type { DecodedCode, Symbology } from '@/features/scanner/decode/decodedCode';
import { CameraDialogSlot, PhotoScanSlot, scanStarted, selectScannerError } from '@/features/scanner';
import { ScannerDevicesContext, type DecodePhoto } from '@/features/scanner/scannerDevices';

export interface FakeSession extends CameraSession {
  request: CameraRequest;
  stopped: boolean;
}

export interface FakeCameraOptions {
  /** The first opens fail with these errors, one each; later opens succeed. */
  errors?: unknown[];
  cameras?: { deviceId: string; label: string }[];
  torch?: boolean;
  zoom?: CameraZoom | null;
  /** Hold every open until the test calls `release()`. */
  hold?: boolean;
}

/** A camera the test drives: it hands out sessions and shows a code when told to. */
export const code = (text: string, symbology: Symbology = 'qr'): DecodedCode => ({ text, symbology });

export function fakeCamera({
  errors = [],
  cameras = [],
  torch = false,
  zoom = null,
  hold = false,
}: FakeCameraOptions = {}) {
  const sessions: FakeSession[] = [];
  const held: (() => void)[] = [];
  const openCamera = vi.fn(async (request: CameraRequest): Promise<CameraSession> => {
    if (hold) await new Promise<void>((resolve) => held.push(resolve));
    const error = errors.shift();
    if (error) throw error;
    const session: FakeSession = {
      request,
      stopped: false,
      stop: () => {
        session.stopped = true;
      },
      setTorch: torch ? vi.fn(async () => undefined) : null,
      zoom,
      cameras,
      deviceId: request.deviceId ?? cameras[0]?.deviceId ?? null,
    };
    sessions.push(session);
    return session;
  });
  return {
    openCamera,
    sessions,
    release: () => held.splice(0).forEach((resolve) => resolve()),
    showCode: (text: string, symbology: Symbology = 'qr') => sessions.at(-1)?.request.onCode(code(text, symbology)),
    showProductBarcode: () => sessions.at(-1)?.request.onProductBarcode(),
    failVideo: () => sessions.at(-1)?.request.onVideoFailed(),
  };
}

export const cameraFailure = (key: ConstructorParameters<typeof CameraError>[0]) => new CameraError(key);

/**
 * A page around the scanner's own slots, as the lookup page uses them: a camera button, the photo slot
 * (button, drop and paste, the list of codes), the dialog slot, and the scanner's error as an alert.
 */
function ScannerHost({ onDetected }: { onDetected: (code: DecodedCode) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const error = useAppSelector(selectScannerError);
  return (
    <>
      <button type="button" onClick={() => dispatch(scanStarted())}>
        {t('lookup.camera')}
      </button>
      <PhotoScanSlot onDetected={onDetected} />
      {error && <Alert severity="error">{t(`scanner.errors.${error}`)}</Alert>}
      <CameraDialogSlot onDetected={onDetected} />
    </>
  );
}

/** Renders the host and waits for the scanner's chunk: the photo input is there once it has loaded. */
export async function renderScanner({
  openCamera = fakeCamera().openCamera,
  decodePhoto = vi.fn<DecodePhoto>(async () => []),
}: { openCamera?: ReturnType<typeof fakeCamera>['openCamera']; decodePhoto?: DecodePhoto } = {}) {
  const store = makeStore();
  const onDetected = vi.fn<(code: DecodedCode) => void>();
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store}>
      <ScannerDevicesContext.Provider value={{ openCamera, decodePhoto, warmUpDecoder: () => undefined }}>
        <ScannerHost onDetected={onDetected} />
      </ScannerDevicesContext.Provider>
    </AppProviders>,
  );
  await screen.findByTestId('photo-input');
  return { store, user, onDetected, ...view };
}
