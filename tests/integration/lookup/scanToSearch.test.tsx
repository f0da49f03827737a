import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EXAMPLE_CODE, UNKNOWN_CODE } from '../../support/mocks/fixtures';
import { recordTraceCalls } from '../../support/mocks/traceCalls';
import { renderApp } from '../../support/page/render';
import { cameraFailure, fakeCamera } from '../../support/page/renderScanner';

async function openScanner(options: Parameters<typeof fakeCamera>[0] = {}) {
  const camera = fakeCamera(options);
  const app = await renderApp({ scannerDevices: { openCamera: camera.openCamera } });
  await app.user.click(screen.getByRole('button', { name: 'Quét mã bằng camera' }));
  return { ...app, camera };
}

describe('a scan on the lookup page', () => {
  it('closes the scanner, fills the code from the link and shows the product', async () => {
    const { camera, location } = await openScanner();
    expect(await screen.findByRole('dialog')).toBeVisible();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    // The camera reports from outside React's event system; act() lets the router's transition finish.
    act(() => camera.showCode(`https://shop.example.vn/dt?qr=${EXAMPLE_CODE}`));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Mã QR' })).toHaveValue(EXAMPLE_CODE);
    expect(await screen.findByRole('table', { name: 'Thông tin sản phẩm' })).toHaveTextContent(EXAMPLE_CODE);
    expect(location.current?.location.search).toBe(`?qr=${EXAMPLE_CODE}`);
    expect(camera.sessions[0].stopped).toBe(true);
  });

  it.each([
    ['a link without qr', 'https://shop.example.vn/products/123'],
    ['a value that is not a link', 'HELLO-WORLD'],
  ])('keeps %s as typed, says the code is invalid and sends nothing', async (_, scanned) => {
    const calls = recordTraceCalls();
    const { camera } = await openScanner();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    act(() => camera.showCode(scanned));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Mã QR' })).toHaveValue(scanned);
    expect(screen.getByText('Mã QR không hợp lệ')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('clears an earlier result error when the scanner starts', async () => {
    const camera = fakeCamera();
    const { user, location } = await renderApp({
      route: `/dt?qr=${UNKNOWN_CODE}`,
      scannerDevices: { openCamera: camera.openCamera },
    });
    expect(await screen.findByText('Không tìm thấy sản phẩm')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Quét mã bằng camera' }));
    expect(screen.queryByText('Không tìm thấy sản phẩm')).not.toBeInTheDocument();
    // The failed code leaves the address; the field keeps it, to correct or scan over.
    expect(screen.getByRole('textbox', { name: 'Mã QR', hidden: true })).toHaveValue(UNKNOWN_CODE);
    expect(location.current?.location.search).toBe('');
  });

  it.each([
    ['permissionDenied', 'Chưa được cấp quyền truy cập camera!'],
    ['cameraNotFound', 'Không tìm thấy camera!'],
  ] as const)('shows the %s alert in the result area', async (key, message) => {
    await openScanner({ errors: [cameraFailure(key)] });
    expect(await screen.findByText(message)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a product barcode fills the input, is refused, and the visitor is told to scan the QR code', async () => {
    const calls = recordTraceCalls();
    const { camera } = await openScanner();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    act(() => camera.showCode('8934673573016', 'productBarcode'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Mã QR' })).toHaveValue('8934673573016');
    expect(screen.getByText('Mã QR không hợp lệ')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Bạn vừa quét mã vạch sản phẩm, không phải mã truy xuất.');
    expect(calls).toHaveLength(0);
  });

  it('a link to another site still searches its code, and a warning names the host', async () => {
    const { camera } = await openScanner();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    act(() => camera.showCode(`https://evil.example.com/dt?qr=${EXAMPLE_CODE}`));
    expect(await screen.findByRole('table', { name: 'Thông tin sản phẩm' })).toHaveTextContent(EXAMPLE_CODE);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Mã này dẫn tới evil.example.com, không phải trang web của thương hiệu chúng tôi.',
    );
  });

  it('a link to this site carries no warning', async () => {
    const { camera } = await openScanner();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    act(() => camera.showCode(`${window.location.origin}/dt?qr=${EXAMPLE_CODE}`));
    expect(await screen.findByRole('table', { name: 'Thông tin sản phẩm' })).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a GS1 Digital Link searches its serial; without a serial it says the code names only the product', async () => {
    const { camera, user } = await openScanner();
    await waitFor(() => expect(camera.sessions).toHaveLength(1));
    act(() => camera.showCode(`${window.location.origin}/01/08934673573016/10/L1/21/${EXAMPLE_CODE}`));
    expect(await screen.findByRole('table', { name: 'Thông tin sản phẩm' })).toHaveTextContent(EXAMPLE_CODE);

    await user.click(screen.getByRole('button', { name: 'Quét mã bằng camera' }));
    await waitFor(() => expect(camera.sessions).toHaveLength(2));
    act(() => camera.showCode(`${window.location.origin}/01/08934673573016`));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Mã này chỉ cho biết loại sản phẩm, không dùng để tra cứu từng lon, hộp cụ thể.',
    );
    expect(screen.getByText('Mã QR không hợp lệ')).toBeVisible();
  });

  it('a camera failure offers the ways that remain: type the code, or choose a photo', async () => {
    const { user } = await openScanner({ errors: [cameraFailure('cameraNotFound')] });
    expect(await screen.findByText('Không tìm thấy camera!')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Nhập mã' }));
    expect(screen.getByRole('textbox', { name: 'Mã QR' })).toHaveFocus();
    const photoInput = await waitFor(() => {
      const input = document.getElementById('photo-input');
      if (!input) throw new Error('the photo input has not loaded');
      return input;
    });
    const picked = vi.fn();
    photoInput.addEventListener('click', picked);
    await user.click(screen.getByRole('button', { name: 'Chọn ảnh' }));
    expect(picked).toHaveBeenCalled();
  });
});
