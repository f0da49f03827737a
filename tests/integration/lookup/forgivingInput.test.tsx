import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { brand } from '../../../theme/brand';
import { EXAMPLE_CODE, UNKNOWN_CODE } from '../../support/mocks/fixtures';
import { TRACE_URL } from '../../support/mocks/handlers';
import { server } from '../../support/mocks/node';
import { recordTraceCalls, recordTracedCodes } from '../../support/mocks/traceCalls';
import { renderApp } from '../../support/page/render';

const input = () => screen.getByRole('textbox', { name: /Mã QR|QR code/ });
const searchButton = () => screen.getByRole('button', { name: /^(Tra cứu|Search)$/ });
const table = () => screen.findByRole('table', { name: 'Thông tin sản phẩm' });
/** The result error showing this text (the field's own alert line sits above it, empty). */
const resultAlert = async (text: string) => (await screen.findByText(text)).closest('[role="alert"]');

describe('input that forgives', () => {
  it.each([
    ['a pasted link with qr', `https://example.com/dt?qr=${EXAMPLE_CODE}&lng=vi`],
    ['spaces inside', '1D24 B326 1X54 A2320'],
    ['dashes inside', '1D24-B326-1X54-A2320'],
  ])('looks up the code from %s', async (_, typed) => {
    const codes = recordTracedCodes();
    const { user, location } = await renderApp();
    await user.click(input());
    await user.paste(typed);
    await user.click(searchButton());
    expect(await table()).toHaveTextContent('Sữa bột Đồng Xanh Gold 900g');
    expect(input()).toHaveValue(EXAMPLE_CODE);
    expect(location.current?.location.search).toBe(`?qr=${EXAMPLE_CODE}`);
    expect(codes).toEqual([EXAMPLE_CODE]);
  });

  it('keeps lowercase as typed and finds the code', async () => {
    const codes = recordTracedCodes();
    const { user } = await renderApp();
    await user.type(input(), `${EXAMPLE_CODE.toLowerCase()}{Enter}`);
    expect(await table()).toHaveTextContent(EXAMPLE_CODE);
    expect(input()).toHaveValue(EXAMPLE_CODE.toLowerCase());
    expect(codes).toEqual([EXAMPLE_CODE.toLowerCase()]);
  });

  it.each([
    ['vi', '1D24B3261X54A232đ', 'Mã QR không hợp lệ'],
    ['en', '1D24B3261X54A2.20', 'Invalid QR code'],
  ] as const)(
    'refuses characters other than letters and digits with no call (%s)',
    async (language, typed, message) => {
      const calls = recordTraceCalls();
      const { user } = await renderApp({ language });
      await user.type(input(), `${typed}{Enter}`);
      expect(screen.getByText(message)).toBeVisible();
      expect(input()).toHaveValue(typed);
      expect(calls).toHaveLength(0);
    },
  );

  it('reads a code in the address the same way: dashes inside dropped', async () => {
    const codes = recordTracedCodes();
    await renderApp({ route: '/dt?qr=1D24B326-1X54A2320' });
    expect(await table()).toHaveTextContent('Sữa bột Đồng Xanh Gold 900g');
    expect(input()).toHaveValue(EXAMPLE_CODE);
    expect(codes).toEqual([EXAMPLE_CODE]);
  });
});

describe('next steps after a failed lookup', () => {
  afterEach(() => {
    brand.hotline = '';
  });

  it('says what to do when a code is not found: check it, try the camera; no hotline when none is set', async () => {
    await renderApp({ route: `/dt?qr=${UNKNOWN_CODE}` });
    const alert = await resultAlert('Không tìm thấy sản phẩm');
    expect(alert).toHaveTextContent('Đối chiếu từng ký tự với mã in trên bao bì, rồi tra cứu lại.');
    expect(screen.getByRole('button', { name: 'Thử quét mã bằng camera' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /tổng đài/ })).not.toBeInTheDocument();
  });

  it("offers the brand's hotline when the build sets one", async () => {
    brand.hotline = '1800 1234';
    await renderApp({ route: `/dt?qr=${UNKNOWN_CODE}`, language: 'en' });
    expect(await screen.findByRole('link', { name: 'Call our hotline 1800 1234' })).toHaveAttribute(
      'href',
      'tel:18001234',
    );
  });

  it('opens the camera from the not-found next steps', async () => {
    const { user } = await renderApp({ route: `/dt?qr=${UNKNOWN_CODE}` });
    await user.click(await screen.findByRole('button', { name: 'Thử quét mã bằng camera' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
  });

  it("keeps the specification's system error text and retries on request", async () => {
    let calls = 0;
    server.use(
      http.post(TRACE_URL, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : undefined;
      }),
    );
    const { user } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}`, language: 'en' });
    const alert = await resultAlert('System error!');
    expect(alert).toHaveTextContent('Please try again in a moment.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Product information' })).toHaveTextContent(EXAMPLE_CODE);
    expect(calls).toBe(2);
  });
});

describe('one error at a time', () => {
  it('adds no empty-field error under a result error, and Search stays usable once the field is filled', async () => {
    const { user } = await renderApp({ route: `/dt?qr=${UNKNOWN_CODE}` });
    await resultAlert('Không tìm thấy sản phẩm');
    await user.clear(input());
    await user.tab();
    expect(screen.getAllByRole('alert').filter((alert) => alert.textContent !== '')).toHaveLength(1);
    expect(screen.queryByText('Vui lòng quét hoặc nhập mã QR')).not.toBeInTheDocument();
    await user.type(input(), EXAMPLE_CODE);
    expect(searchButton()).toBeEnabled();
  });

  it('hides an older result error when the field shows its own', async () => {
    const { user } = await renderApp({ route: `/dt?qr=${UNKNOWN_CODE}` });
    await screen.findByText('Không tìm thấy sản phẩm');
    await user.clear(input());
    await user.type(input(), 'SHORT{Enter}');
    expect(screen.getByText('Mã QR không hợp lệ')).toBeVisible();
    expect(screen.queryByText('Không tìm thấy sản phẩm')).not.toBeInTheDocument();
    await user.type(input(), 'X');
    expect(searchButton()).toBeEnabled();
  });

  it('shows the loading text with a progress indicator', async () => {
    server.use(http.post(TRACE_URL, () => new Promise<never>(() => undefined)));
    await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Đang tra cứu thông tin…');
    expect(within(status).getByRole('progressbar', { name: 'Đang tra cứu thông tin…' })).toBeVisible();
  });
});
