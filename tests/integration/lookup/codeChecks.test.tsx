import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TraceChecks, TraceResponse } from '@/contract/traceContract';
import { brand } from '../../../theme/brand';
import { CARTON_CODE, EXAMPLE_CODE, answerWithExtras, demoResponses } from '../../support/mocks/fixtures';
import { TRACE_URL } from '../../support/mocks/handlers';
import { server } from '../../support/mocks/node';
import { renderApp } from '../../support/page/render';

// Only Date is faked: 23 Nov 2026, 10:00 in Vietnam.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T10:00:00+07:00'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  brand.hotline = '';
  Reflect.deleteProperty(navigator, 'share');
});

/** The service answers every lookup with the code's demo answer and these checks. */
function answerWithChecks(code: string, checks: unknown) {
  const body = { ...demoResponses.get(code)!, Checks: checks } as TraceResponse;
  server.use(http.post(TRACE_URL, () => HttpResponse.json(body)));
  return `/dt?qr=${code}`;
}

const FIRST: TraceChecks = { FirstDay: '2026-11-23', Lookups: 1, Devices: 1, Caution: false };
const SEVERAL: TraceChecks = { FirstDay: '2026-11-01', Lookups: 5, Devices: 3, Caution: false };
const MANY: TraceChecks = { FirstDay: '2026-11-01', Lookups: 14, Devices: 9, Caution: true };

const summary = () => screen.findByRole('region', { name: 'Sữa bột Đồng Xanh Gold 900g' });
const checksRow = () => screen.queryByRole('row', { name: /Lượt kiểm tra|Checks/ });
const caution = () => screen.queryByRole('region', { name: /nhiều thiết bị|many devices/ });

describe('the checks under the status line', () => {
  it("says a code's first check right under the status line, and the table's row says the same", async () => {
    await renderApp({ route: answerWithChecks(EXAMPLE_CODE, FIRST) });
    const box = await summary();
    const status = within(box).getByText(/^Mã hợp lệ/);
    const line = within(box).getByText('Lần kiểm tra đầu tiên của mã này');
    expect(status.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(checksRow()).toHaveTextContent('Lượt kiểm traLần kiểm tra đầu tiên của mã này');
    expect(caution()).toBeNull();
  });

  it('counts devices since the first day, the date written as the page writes dates', async () => {
    await renderApp({ route: answerWithChecks(EXAMPLE_CODE, SEVERAL) });
    expect(await summary()).toHaveTextContent('Đã được kiểm tra trên 3 thiết bị kể từ 01/11/2026');
    expect(checksRow()).toHaveTextContent('Đã được kiểm tra trên 3 thiết bị kể từ 01/11/2026');
    expect(caution()).toBeNull();
  });

  it.each([
    [{ ...SEVERAL, Devices: 1 }, 'Checked on 1 device since 1 Nov 2026'],
    [SEVERAL, 'Checked on 3 devices since 1 Nov 2026'],
    [FIRST, 'First check of this code'],
  ])('reads in English: %j is "%s"', async (checks, text) => {
    await renderApp({ route: answerWithChecks(EXAMPLE_CODE, checks), language: 'en' });
    expect(await screen.findByRole('region', { name: 'Sữa bột Đồng Xanh Gold 900g' })).toHaveTextContent(text);
    expect(checksRow()).toHaveTextContent(`Checks${text}`);
  });

  it("says nothing of checks when the service does not count them (the company's own service)", async () => {
    await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    const box = await summary();
    expect(box).not.toHaveTextContent(/kiểm tra (đầu tiên|trên)/);
    expect(checksRow()).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(7);
  });

  it.each([
    ['null', null],
    ['a day that is not a day', { ...SEVERAL, FirstDay: '2026-02-31' }],
    ['a time instead of a day', { ...SEVERAL, FirstDay: '2026-11-01T10:00:00Z' }],
    ['a count that is not a whole number', { ...SEVERAL, Devices: 2.5 }],
    ['no lookups', { ...SEVERAL, Lookups: 0 }],
    ['a caution that is not a yes or no', { ...MANY, Caution: 'yes' }],
  ])('says nothing of checks it cannot read: %s', async (_name, checks) => {
    await renderApp({ route: answerWithChecks(EXAMPLE_CODE, checks) });
    expect(await summary()).not.toHaveTextContent(/kiểm tra (đầu tiên|trên)/);
    expect(checksRow()).toBeNull();
    expect(caution()).toBeNull();
  });

  it("shows a carton's checks too", async () => {
    await renderApp({ route: answerWithChecks(CARTON_CODE, SEVERAL) });
    expect(await screen.findByRole('table', { name: 'Thông tin sản phẩm' })).toHaveTextContent(
      'Đã được kiểm tra trên 3 thiết bị kể từ 01/11/2026',
    );
  });
});

describe('the caution past the threshold of devices', () => {
  it('asks the shopper to compare the details with the pack and to contact the brand, as a warning, never a verdict', async () => {
    await renderApp({ route: answerWithChecks(EXAMPLE_CODE, MANY) });
    const box = await summary();
    expect(box).toHaveTextContent('Đã được kiểm tra trên 9 thiết bị kể từ 01/11/2026');
    const note = within(box).getByRole('region', { name: 'Mã này đã được kiểm tra trên nhiều thiết bị' });
    expect(note).toHaveTextContent(
      'Mã có thể đã bị sao chép. Hãy đối chiếu thông tin trên trang này với bao bì bạn đang cầm. Nếu bạn vừa mua và bao bì vẫn còn nguyên niêm phong, hãy liên hệ Sữa Đồng Xanh.',
    );
    expect(note).not.toHaveTextContent(/giả|fake|counterfeit/i);
    expect(within(note).queryByRole('alert')).toBeNull();
    // The status line stays: the code is in the system, whatever the count.
    expect(box).toHaveTextContent('Mã hợp lệ – có trong hệ thống của Sữa Đồng Xanh');
    expect(checksRow()).toHaveTextContent(
      'Đã được kiểm tra trên 9 thiết bị kể từ 01/11/2026 – mã có thể đã bị sao chép',
    );
  });

  it('names the photo when the answer has one, in English', async () => {
    const body = { ...answerWithExtras(EXAMPLE_CODE, { ImageUrl: '/products/sb900g.svg' }), Checks: MANY };
    server.use(http.post(TRACE_URL, () => HttpResponse.json(body)));
    await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}`, language: 'en' });
    const note = await screen.findByRole('region', { name: 'This code has been checked on many devices' });
    expect(note).toHaveTextContent(
      'The code may have been copied. Compare the photo and details on this page with the pack in your hand. If you have just bought it and the pack is still sealed, please contact Sữa Đồng Xanh.',
    );
    expect(screen.getByRole('row', { name: /Checks/ })).toHaveTextContent(
      'Checked on 9 devices since 1 Nov 2026 – the code may have been copied',
    );
  });

  it("offers the brand's hotline when the build sets one", async () => {
    brand.hotline = '1800 1234';
    await renderApp({ route: answerWithChecks(EXAMPLE_CODE, MANY) });
    await summary();
    const note = screen.getByRole('region', { name: 'Mã này đã được kiểm tra trên nhiều thiết bị' });
    expect(within(note).getByRole('link', { name: 'Gọi tổng đài 1800 1234' })).toHaveAttribute('href', 'tel:18001234');
  });
});

describe('sharing a counted code', () => {
  it('gives the share sheet the same facts with the link', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const { user } = await renderApp({ route: answerWithChecks(EXAMPLE_CODE, MANY) });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['vi-VN']);
    await user.click(await screen.findByRole('button', { name: 'Chia sẻ' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Sữa bột Đồng Xanh Gold 900g – thông tin truy xuất nguồn gốc',
      text: 'Đã được kiểm tra trên 9 thiết bị kể từ 01/11/2026 – mã có thể đã bị sao chép',
      url: `http://localhost:3000/dt?qr=${EXAMPLE_CODE}`,
    });
  });
});
