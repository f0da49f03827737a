import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DecodedCode } from '@/features/scanner/decode/decodedCode';
import type { DecodePhoto } from '@/features/scanner/scannerDevices';
import { selectScanningFile } from '@/features/scanner/scannerSlice';
import { code, fakeCamera, renderScanner } from '../../support/page/renderScanner';

const TRACE_URL = 'https://trace.example.vn/dt?qr=1D24B3261X54A2320';
const photo = () => new File([new Uint8Array([1, 2, 3])], 'carton.jpg', { type: 'image/jpeg' });

function photoInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('photo scan', () => {
  it('a chosen photo is decoded and its text handed over', async () => {
    const decodePhoto = vi.fn<DecodePhoto>(async () => [code(TRACE_URL)]);
    const { user, onDetected } = await renderScanner({ decodePhoto });
    const button = screen.getByRole('button', { name: 'Quét mã từ ảnh' });
    expect(photoInput()).toHaveAttribute('accept', 'image/*');
    await user.click(button);
    const file = photo();
    await user.upload(photoInput(), file);
    await waitFor(() => expect(onDetected).toHaveBeenCalledWith(code(TRACE_URL)));
    expect(decodePhoto).toHaveBeenCalledWith(file);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the photo holds no code', async () => {
    const { user, onDetected } = await renderScanner({ decodePhoto: async () => [] });
    await user.upload(photoInput(), photo());
    expect(await screen.findByRole('alert')).toHaveTextContent('Không phát hiện mã vạch hoặc mã QR.');
    expect(onDetected).not.toHaveBeenCalled();
  });

  it('says so when the file cannot be read as an image', async () => {
    const { user } = await renderScanner({ decodePhoto: () => Promise.reject(new Error('bad image')) });
    await user.upload(photoInput(), photo());
    expect(await screen.findByRole('alert')).toHaveTextContent('Không đọc được ảnh này. Vui lòng chọn ảnh khác.');
  });

  it('shows progress and refuses a second photo while one is being read', async () => {
    let finish: (codes: DecodedCode[]) => void = () => undefined;
    const decodePhoto = vi.fn<DecodePhoto>(() => new Promise((resolve) => (finish = resolve)));
    const { user, store, onDetected } = await renderScanner({ decodePhoto });
    await user.upload(photoInput(), photo());
    expect(screen.getByRole('progressbar', { name: 'Đang đọc ảnh…' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Quét mã từ ảnh' })).toBeDisabled();
    expect(selectScanningFile(store.getState())).toBe(true);
    await act(async () => finish([code(TRACE_URL)]));
    expect(onDetected).toHaveBeenCalledTimes(1);
    expect(decodePhoto).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Quét mã từ ảnh' })).toBeEnabled();
  });

  it('is not offered while the camera is scanning', async () => {
    const { user } = await renderScanner({ openCamera: fakeCamera().openCamera });
    await user.click(screen.getByRole('button', { name: 'Quét mã bằng camera' }));
    expect(screen.getByRole('button', { name: 'Quét mã từ ảnh', hidden: true })).toBeDisabled();
  });

  it('a photo dropped on the page is scanned', async () => {
    const decodePhoto = vi.fn<DecodePhoto>(async () => [code(TRACE_URL)]);
    const { onDetected } = await renderScanner({ decodePhoto });
    const file = photo();
    const drop = createEvent.drop(window, { dataTransfer: { files: [file], types: ['Files'] } });
    fireEvent(window, drop);
    expect(drop.defaultPrevented).toBe(true);
    await waitFor(() => expect(onDetected).toHaveBeenCalledWith(code(TRACE_URL)));
    expect(decodePhoto).toHaveBeenCalledWith(file);
  });

  it('a photo pasted from the clipboard is scanned; pasted text is left alone', async () => {
    const decodePhoto = vi.fn<DecodePhoto>(async () => [code(TRACE_URL)]);
    const { onDetected } = await renderScanner({ decodePhoto });
    const textPaste = createEvent.paste(document.body, { clipboardData: { files: [], getData: () => 'abc' } });
    fireEvent(document.body, textPaste);
    expect(textPaste.defaultPrevented).toBe(false);
    expect(decodePhoto).not.toHaveBeenCalled();

    const file = photo();
    fireEvent.paste(document.body, { clipboardData: { files: [file] } });
    await waitFor(() => expect(onDetected).toHaveBeenCalledWith(code(TRACE_URL)));
    expect(decodePhoto).toHaveBeenCalledWith(file);
  });

  it('the 20 s hint in the camera dialog stops the camera and scans a chosen photo', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const camera = fakeCamera();
      const { user, onDetected } = await renderScanner({
        openCamera: camera.openCamera,
        decodePhoto: async () => [code(TRACE_URL)],
      });
      await user.click(screen.getByRole('button', { name: 'Quét mã bằng camera' }));
      await waitFor(() => expect(camera.sessions).toHaveLength(1));
      act(() => vi.advanceTimersByTime(20_000));
      const dialogInput = screen.getByRole('dialog').querySelector<HTMLInputElement>('input[type="file"]');
      if (!dialogInput) throw new Error('no photo input in the dialog');
      await user.upload(dialogInput, photo());
      await waitFor(() => expect(onDetected).toHaveBeenCalledWith(code(TRACE_URL)));
      expect(camera.sessions[0].stopped).toBe(true);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('several codes in one photo are listed; the visitor picks one', async () => {
    const second = 'https://trace.example.vn/dt?qr=TH26A1105C48B0001';
    const decodePhoto = vi.fn<DecodePhoto>(async () => [
      code(TRACE_URL),
      code(second),
      code('8934673573016', 'productBarcode'),
    ]);
    const { user, onDetected } = await renderScanner({ decodePhoto });
    await user.upload(photoInput(), photo());
    const list = await screen.findByRole('dialog', { name: 'Tìm thấy 2 mã trong ảnh' });
    // The product barcode beside the trace codes is not offered.
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([TRACE_URL, second, 'Hủy']);
    await user.click(within(list).getByRole('button', { name: second }));
    expect(onDetected).toHaveBeenCalledExactlyOnceWith(code(second));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a photo with only the product barcode hands it over, so the page can say what it is', async () => {
    const barcode = code('8934673573016', 'productBarcode');
    const { user, onDetected } = await renderScanner({ decodePhoto: async () => [barcode] });
    await user.upload(photoInput(), photo());
    await waitFor(() => expect(onDetected).toHaveBeenCalledWith(barcode));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
