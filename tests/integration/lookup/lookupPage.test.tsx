import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CARTON_CODE, EMPTY_VALUES_CODE, EXAMPLE_CODE, UNKNOWN_CODE, errorBody } from '../../support/mocks/fixtures';
import { TRACE_URL } from '../../support/mocks/handlers';
import { server } from '../../support/mocks/node';
import { recordTraceCalls } from '../../support/mocks/traceCalls';
import { renderApp } from '../../support/page/render';

const input = () => screen.getByRole('textbox', { name: /Mã QR|QR code/ });
const searchButton = () => screen.getByRole('button', { name: /^(Tra cứu|Search)$/ });

describe('the lookup input', () => {
  it.each([
    ['vi', 'Nhập mã QR cần tra cứu. VD: 1D24B3261X54A2320'],
    ['en', 'Enter the QR code to look up. E.g.: 1D24B3261X54A2320'],
  ] as const)('shows the example placeholder in %s', async (language, placeholder) => {
    await renderApp({ language });
    expect(input()).toHaveAttribute('placeholder', placeholder);
  });

  it('shows the clear button only while there is text, and clearing empties the input', async () => {
    const { user } = await renderApp();
    expect(screen.queryByRole('button', { name: 'Xóa mã đã nhập' })).not.toBeInTheDocument();
    await user.type(input(), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Xóa mã đã nhập' }));
    expect(input()).toHaveValue('');
    expect(input()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Xóa mã đã nhập' })).not.toBeInTheDocument();
  });

  it('has a camera button and a search button', async () => {
    await renderApp({ language: 'en' });
    expect(screen.getByRole('button', { name: 'Scan with the camera' })).toBeEnabled();
    expect(searchButton()).toBeEnabled();
  });

  it('trims spaces as the shopper types or pastes', async () => {
    const { user } = await renderApp();
    await user.click(input());
    await user.paste(`   ${EXAMPLE_CODE}   `);
    expect(input()).toHaveValue(EXAMPLE_CODE);
  });

  it.each([
    ['vi', 'Vui lòng quét hoặc nhập mã QR'],
    ['en', 'Please scan or enter the QR code'],
  ] as const)('asks for a code when the empty input is left (%s)', async (language, message) => {
    const { user } = await renderApp({ language });
    await user.click(input());
    await user.tab();
    expect(screen.getByText(message)).toBeVisible();
    expect(input()).toHaveAccessibleDescription(message);
    expect(searchButton()).toBeDisabled();
  });

  it('clears the field error on focus and on typing', async () => {
    const { user } = await renderApp();
    await user.click(input());
    await user.tab();
    expect(screen.getByText('Vui lòng quét hoặc nhập mã QR')).toBeInTheDocument();
    await user.click(input());
    expect(screen.queryByText('Vui lòng quét hoặc nhập mã QR')).not.toBeInTheDocument();

    await user.type(input(), 'SHORT{Enter}');
    expect(screen.getByText('Mã QR không hợp lệ')).toBeInTheDocument();
    await user.type(input(), 'X');
    expect(screen.queryByText('Mã QR không hợp lệ')).not.toBeInTheDocument();
  });

  it.each([
    ['vi', 'A'.repeat(16), 'Mã QR không hợp lệ'],
    ['en', 'A'.repeat(19), 'Invalid QR code'],
  ] as const)(
    'rejects a code of the wrong length without calling the service (%s)',
    async (language, code, message) => {
      const calls = recordTraceCalls();
      const { user, location } = await renderApp({ language });
      await user.type(input(), code);
      await user.click(searchButton());
      expect(screen.getByText(message)).toBeVisible();
      expect(searchButton()).toBeDisabled();
      expect(calls).toHaveLength(0);
      expect(location.current?.location.search).toBe('');
    },
  );
});

describe('searching', () => {
  it('shows the product of a unit code, and puts the code in the address by replacing it', async () => {
    const { user, location } = await renderApp({ route: '/dt' });
    await user.type(input(), EXAMPLE_CODE);
    await user.click(searchButton());
    const table = await screen.findByRole('table', { name: 'Thông tin sản phẩm' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Mã QR',
      'Đơn vị đóng gói',
      'Mã sản phẩm',
      'Tên sản phẩm',
      'Định lượng',
      'Ngày sản xuất',
      'Hạn sử dụng',
    ]);
    expect(rows.map((row) => within(row).getByRole('cell').textContent)).toEqual([
      EXAMPLE_CODE,
      'lon',
      'SB900G',
      'Sữa bột Đồng Xanh Gold 900g',
      '900 gam',
      '12/06/2026',
      '12/06/2028',
    ]);
    expect(location.current?.location.pathname).toBe('/dt');
    expect(location.current?.location.search).toBe(`?qr=${EXAMPLE_CODE}`);
    expect(location.current?.navigationType).toBe('REPLACE');
  });

  it('shows a product in English with translated unit and gram', async () => {
    const { user } = await renderApp({ language: 'en' });
    await user.type(input(), `${EXAMPLE_CODE}{Enter}`);
    const table = await screen.findByRole('table', { name: 'Product information' });
    expect(within(table).getByRole('row', { name: /Packaging unit/ })).toHaveTextContent('can');
    expect(within(table).getByRole('row', { name: /Net content/ })).toHaveTextContent('900 gram');
    expect(within(table).getByRole('row', { name: /MFG date/ })).toHaveTextContent('12 Jun 2026');
    expect(within(table).getByRole('row', { name: /EXP date/ })).toHaveTextContent('12 Jun 2028');
  });

  it.each([
    ['vi', 'Số sản phẩm trên mỗi thùng', 'thùng', '48 sản phẩm'],
    ['en', 'Number of products per carton', 'carton', '48 units'],
  ] as const)('shows the box of a carton code (%s)', async (language, perCarton, unit, count) => {
    const { user } = await renderApp({ language });
    await user.type(input(), `${CARTON_CODE}{Enter}`);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(rows[1]).toHaveTextContent(unit);
    expect(rows[6]).toHaveTextContent(`${perCarton}${count}`);
    expect(within(table).queryByText(/Định lượng|Net content/)).not.toBeInTheDocument();
  });

  it('shows a box over a product when the answer has both', async () => {
    server.use(
      http.post(TRACE_URL, () =>
        HttpResponse.json({
          Data: {
            Products: [{ Code: 'PRODUCT', ProductUnit: 'lon' }],
            Box: [{ Code: 'THE-BOX', ProductUnit: 'thùng', TotalPacket: 24 }],
          },
        }),
      ),
    );
    const { user } = await renderApp({ language: 'en' });
    await user.type(input(), `${EXAMPLE_CODE}{Enter}`);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /QR code/ })).toHaveTextContent('THE-BOX');
    expect(within(table).getByRole('row', { name: /per carton/ })).toHaveTextContent('24');
  });

  it.each([
    ['vi', 'Đang cập nhật'],
    ['en', 'Updating'],
  ] as const)('shows empty values as %s, in italic (its grey: tests/e2e/lookup.e2e.ts)', async (language, updating) => {
    const { user } = await renderApp({ language });
    await user.type(input(), `${EMPTY_VALUES_CODE}{Enter}`);
    const table = await screen.findByRole('table');
    const placeholders = within(table).getAllByText(updating);
    expect(placeholders).toHaveLength(3); // name, net weight, expiry date
    for (const placeholder of placeholders)
      // jsdom resolves no CSS custom property: the colour, var(--text-secondary), is checked in a browser.
      expect(placeholder).toHaveStyle({ fontStyle: 'italic' });
  });

  it.each([
    ['vi', 'Không tìm thấy sản phẩm'],
    ['en', 'No products found'],
  ] as const)('says %s for an unknown code', async (language, message) => {
    const { user } = await renderApp({ language });
    await user.type(input(), `${UNKNOWN_CODE}{Enter}`);
    expect(await screen.findByText(message)).toBeVisible();
  });

  it.each([
    ['vi', 'Lỗi hệ thống: mã lỗi 401 tại địa chỉ /qrinfo-svc/api/qr/trace!'],
    ['en', 'System error: error code 401 at endpoint /qrinfo-svc/api/qr/trace!'],
  ] as const)('names the error code and endpoint of an error answer (%s)', async (language, message) => {
    server.use(
      http.post(TRACE_URL, () => HttpResponse.json(errorBody(401, 'AUTHENTICATION_FAILURE', 'x'), { status: 401 })),
    );
    const { user } = await renderApp({ language });
    await user.type(input(), `${EXAMPLE_CODE}{Enter}`);
    expect(await screen.findByText(message)).toBeVisible();
  });

  it.each([
    ['vi', 'Lỗi hệ thống!'],
    ['en', 'System error!'],
  ] as const)('says %s when the service is unreachable', async (language, message) => {
    server.use(http.post(TRACE_URL, () => HttpResponse.error()));
    const { user } = await renderApp({ language });
    await user.type(input(), `${EXAMPLE_CODE}{Enter}`);
    expect(await screen.findByText(message)).toBeVisible();
  });

  it('shows loading, disables Search and ignores Enter while a search runs', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(TRACE_URL, async () => {
        await released;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const calls = recordTraceCalls();
    const { user } = await renderApp({ language: 'en' });
    await user.type(input(), `${EXAMPLE_CODE}{Enter}`);
    expect(await screen.findByRole('status')).toHaveTextContent('Looking up the information…');
    expect(searchButton()).toBeDisabled();
    await user.type(input(), '{Enter}');
    release();
    expect(await screen.findByText('No products found')).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows nothing to display before a search, under a hint of what to scan, in both languages', async () => {
    const { unmount } = await renderApp();
    expect(screen.getByText('Quét hoặc nhập mã QR in trên lon, hộp hoặc thùng.')).toBeVisible();
    expect(screen.getByText('Không có thông tin để hiển thị')).toBeVisible();
    unmount();
    await renderApp({ language: 'en' });
    expect(screen.getByText('No information to display')).toBeVisible();
  });

  it('places the field error above the one result block', async () => {
    const { user } = await renderApp({ language: 'en' });
    await user.type(input(), `${EXAMPLE_CODE}{Enter}`);
    await screen.findByRole('table');
    await user.clear(input());
    await user.tab();
    const error = screen.getByText('Please scan or enter the QR code');
    const table = screen.getByRole('table');
    expect(error.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText('No information to display')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('drops an earlier result when a rejected code is searched', async () => {
    const { user } = await renderApp({ language: 'en' });
    await user.type(input(), `${EXAMPLE_CODE}{Enter}`);
    await screen.findByRole('table');
    await user.type(input(), 'XY{Enter}');
    expect(screen.getByText('Invalid QR code')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
    expect(screen.getByText('No information to display')).toBeVisible();
  });
});
