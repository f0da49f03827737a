import { act, screen, waitFor, within } from '@testing-library/react';
import { NavigationType } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CARTON_CODE, EXAMPLE_CODE, UNKNOWN_CODE } from '../../support/mocks/fixtures';
import { recordTracedCodes } from '../../support/mocks/traceCalls';
import { renderApp } from '../../support/page/render';

const input = () => screen.getByRole('textbox', { name: 'Mã QR' });
const resultTable = () => screen.findByRole('table', { name: 'Thông tin sản phẩm' });
const qrRow = async () => within(await resultTable()).getByRole('row', { name: /^Mã QR/ });

describe('the address drives the lookup', () => {
  it('looks the same code up again on each Search, replacing the address', async () => {
    const codes = recordTracedCodes();
    const { user, location } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    expect(await qrRow()).toHaveTextContent(EXAMPLE_CODE);
    await user.click(screen.getByRole('button', { name: 'Tra cứu' }));
    await waitFor(() => expect(codes).toEqual([EXAMPLE_CODE, EXAMPLE_CODE]));
    expect(await qrRow()).toHaveTextContent(EXAMPLE_CODE);
    expect(location.current?.navigationType).toBe(NavigationType.Replace);
    expect(location.current?.location.search).toBe(`?qr=${EXAMPLE_CODE}`);
  });

  it('follows a new code in the address on the mounted page, and Back and Forward show each result', async () => {
    const codes = recordTracedCodes();
    const { location } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    expect(await qrRow()).toHaveTextContent(EXAMPLE_CODE);

    act(() => void location.current?.navigate(`/dt?qr=${CARTON_CODE}`));
    expect(await qrRow()).toHaveTextContent(CARTON_CODE);
    expect(input()).toHaveValue(CARTON_CODE);

    act(() => void location.current?.navigate(-1));
    expect(await qrRow()).toHaveTextContent(EXAMPLE_CODE);
    expect(input()).toHaveValue(EXAMPLE_CODE);

    act(() => void location.current?.navigate(1));
    expect(await qrRow()).toHaveTextContent(CARTON_CODE);
    expect(input()).toHaveValue(CARTON_CODE);
    // Back and Forward reuse the answers the page already holds.
    await waitFor(() => expect(codes).toEqual([EXAMPLE_CODE, CARTON_CODE]));
  });

  it('takes an older code out of the address when an invalid one is searched, and keeps what was typed', async () => {
    const codes = recordTracedCodes();
    const { user, location } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}&lng=vi` });
    expect(await qrRow()).toHaveTextContent(EXAMPLE_CODE);
    await user.clear(input());
    await user.type(input(), 'ABC{Enter}');
    expect(await screen.findByText('Mã QR không hợp lệ')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(input()).toHaveValue('ABC');
    expect(location.current?.location.search).toBe('?lng=vi');
    await waitFor(() => expect(codes).toEqual([EXAMPLE_CODE]));
  });

  it('shows the field error of an invalid code in a deep link and sends nothing', async () => {
    const codes = recordTracedCodes();
    await renderApp({ route: '/dt?qr=ABC' });
    expect(input()).toHaveValue('ABC');
    expect(screen.getByText('Mã QR không hợp lệ')).toBeVisible();
    expect(screen.getByText('Không có thông tin để hiển thị')).toBeVisible();
    expect(codes).toEqual([]);
  });

  it('shows an answer only under the code it belongs to', async () => {
    const { location } = await renderApp({ route: `/dt?qr=${UNKNOWN_CODE}` });
    expect(await screen.findByText('Không tìm thấy sản phẩm')).toBeVisible();
    act(() => void location.current?.navigate(`/dt?qr=${EXAMPLE_CODE}`));
    expect(screen.queryByText('Không tìm thấy sản phẩm')).not.toBeInTheDocument();
    expect(await qrRow()).toHaveTextContent(EXAMPLE_CODE);
  });
});
