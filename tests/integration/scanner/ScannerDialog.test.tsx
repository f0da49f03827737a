import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAMERA_CHOICE_KEY, SCAN_HINT_DELAY_MS } from '@/features/scanner/scanHints';
import { selectScannerStatus } from '@/features/scanner/scannerSlice';
import { cameraFailure, code, fakeCamera, renderScanner } from '../../support/page/renderScanner';

const TRACE_URL = 'https://trace.example.vn/dt?qr=1D24B3261X54A2320';

async function openScanner(camera = fakeCamera()) {
  const view = await renderScanner({ openCamera: camera.openCamera });
  await view.user.click(screen.getByRole('button', { name: 'Quét mã bằng camera' }));
  return { ...view, camera };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ScannerDialog', () => {
  it('opens a full-screen dialog with the live rear camera and a Close button', async () => {
    const { camera } = await openScanner();
    const dialog = screen.getByRole('dialog', { name: 'Quét mã QR' });
    expect(dialog).toBeVisible();
    expect(screen.getByLabelText('Hình ảnh từ camera').tagName).toBe('VIDEO');
    expect(screen.getByRole('button', { name: 'Đóng' })).toBeVisible();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    expect(camera.sessions[0].request.deviceId).toBeNull(); // null = facingMode environment
  });

  it('Close hides the dialog and releases the camera', async () => {
    const { user, camera, store } = await openScanner();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Đóng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(camera.sessions[0].stopped).toBe(true);
    expect(selectScannerStatus(store.getState())).toBe('notStarted');
  });

  it('releases the camera when Close comes before the camera finished opening', async () => {
    const { user, camera } = await openScanner(fakeCamera({ hold: true }));
    await user.click(screen.getByRole('button', { name: 'Đóng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(async () => camera.release());
    expect(camera.sessions).toHaveLength(1);
    expect(camera.sessions[0].stopped).toBe(true);
  });

  it('on a code: vibrates, hands over the raw text, closes and releases the camera', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const { camera, onDetected } = await openScanner();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    act(() => camera.showCode(TRACE_URL));
    expect(onDetected).toHaveBeenCalledWith(code(TRACE_URL));
    expect(vibrate).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(camera.sessions[0].stopped).toBe(true);
  });

  it.each([
    ['permissionDenied', 'Chưa được cấp quyền truy cập camera!'],
    ['cameraNotFound', 'Không tìm thấy camera!'],
    ['insecureContext', 'Camera chỉ hoạt động khi trang được mở qua kết nối bảo mật (https)'],
    ['streamingNotSupported', 'Trình duyệt này không hỗ trợ mở camera trên trang web'],
    ['devicesUnavailable', 'Trình duyệt không cho phép trang này dùng camera'],
  ] as const)('a %s failure closes the dialog and shows its alert', async (key, message) => {
    await openScanner(fakeCamera({ errors: [cameraFailure(key)] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an unexpected camera error gets the generic camera message', async () => {
    await openScanner(fakeCamera({ errors: [new Error('boom')] }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không mở được camera. Vui lòng thử lại.');
  });

  it('starting the scanner again clears the previous camera alert', async () => {
    const { user } = await openScanner(fakeCamera({ errors: [cameraFailure('permissionDenied')] }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Quét mã bằng camera' }));
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(screen.queryByText('Chưa được cấp quyền truy cập camera!')).not.toBeInTheDocument();
  });

  it('offers the torch only where the camera has one, and switches it', async () => {
    const { user, camera } = await openScanner(fakeCamera({ torch: true }));
    await user.click(await screen.findByRole('button', { name: 'Bật đèn flash' }));
    expect(camera.sessions[0].setTorch).toHaveBeenCalledWith(true);
    expect(await screen.findByRole('button', { name: 'Tắt đèn flash' })).toBeVisible();
  });

  it('shows no torch and no camera switch for a single camera without torch', async () => {
    const { camera } = await openScanner(fakeCamera({ cameras: [{ deviceId: 'back', label: 'Back' }] }));
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Bật đèn flash' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Đổi camera' })).not.toBeInTheDocument();
  });

  it('switches between cameras and remembers the choice for the next scan', async () => {
    const cameras = [
      { deviceId: 'back', label: 'Back' },
      { deviceId: 'front', label: 'Front' },
    ];
    const { user, camera } = await openScanner(fakeCamera({ cameras }));
    await user.click(await screen.findByRole('button', { name: 'Đổi camera' }));
    await waitFor(() => expect(camera.sessions).toHaveLength(2));
    expect(camera.sessions[0].stopped).toBe(true);
    expect(camera.sessions[1].request.deviceId).toBe('front');
    expect(localStorage.getItem(CAMERA_CHOICE_KEY)).toBe('front');

    await user.click(screen.getByRole('button', { name: 'Đóng' }));
    await user.click(screen.getByRole('button', { name: 'Quét mã bằng camera' }));
    await waitFor(() => expect(camera.sessions).toHaveLength(3));
    expect(camera.sessions[2].request.deviceId).toBe('front');
  });

  it('after 20 s without a code, suggests typing the code or choosing a photo', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openScanner();
    expect(screen.queryByText(/Chưa đọc được mã/)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SCAN_HINT_DELAY_MS));
    expect(screen.getByText(/Chưa đọc được mã/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Nhập mã' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Chọn ảnh' })).toBeVisible();
  });

  it('pauses decoding while the tab is hidden and resumes when it is back', async () => {
    const { camera, store } = await openScanner();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    fireEvent(document, new Event('visibilitychange'));
    expect(selectScannerStatus(store.getState())).toBe('paused');
    expect(camera.sessions[0].request.isPaused()).toBe(true);
    hidden.mockReturnValue(false);
    fireEvent(document, new Event('visibilitychange'));
    expect(selectScannerStatus(store.getState())).toBe('scanning');
    expect(camera.sessions[0].request.isPaused()).toBe(false);
  });

  it('leaving the page stops scanning and releases the camera', async () => {
    const { camera, store, unmount } = await openScanner();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    unmount();
    expect(camera.sessions[0].stopped).toBe(true);
    await waitFor(() => expect(selectScannerStatus(store.getState())).toBe('notStarted'));
  });

  it('a frame with only the product barcode says so and keeps scanning', async () => {
    const { camera, onDetected } = await openScanner();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    expect(screen.queryByText(/mã vạch sản phẩm/)).not.toBeInTheDocument();
    act(() => camera.showProductBarcode());
    expect(
      screen.getByText('Đây là mã vạch sản phẩm, không phải mã truy xuất. Hãy quét mã QR in trên bao bì.'),
    ).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(camera.sessions[0].stopped).toBe(false);
    expect(onDetected).not.toHaveBeenCalled();
  });

  it('shows a zoom control only when the camera can zoom, and zooms the camera', async () => {
    await openScanner();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Đóng' })).toBeVisible());
    expect(screen.queryByRole('slider', { name: 'Thu phóng' })).not.toBeInTheDocument();
    cleanup();

    const set = vi.fn(async () => undefined);
    const camera = fakeCamera({ zoom: { min: 1, max: 5, step: 0.1, initial: 1, set } });
    await openScanner(camera);
    const slider = await screen.findByRole('slider', { name: 'Thu phóng' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(set).toHaveBeenCalledWith(1.1);
  });

  it('a video that cannot play closes the dialog with a message, not a black box', async () => {
    const { camera, store } = await openScanner();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    act(() => camera.failVideo());
    expect(
      await screen.findByText('Không thể hiển thị hình ảnh từ camera. Bạn có thể chọn ảnh chụp mã hoặc nhập mã.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(camera.sessions[0].stopped).toBe(true);
    expect(selectScannerStatus(store.getState())).toBe('notStarted');
  });
});
