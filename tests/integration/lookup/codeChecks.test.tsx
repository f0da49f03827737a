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

const FIRST: TraceChecks = { FirstDay: '2026-11-23', Lookups: 1, Networks: 1, Caution: false };
const SEVERAL: TraceChecks = { FirstDay: '2026-11-01', Lookups: 5, Networks: 3, Caution: false };
const MANY: TraceChecks = { FirstDay: '2026-11-01', Lookups: 14, Networks: 9, Caution: true };

const summary = () => screen.findByRole('region', { name: 'Sữa bột Đồng Xanh Gold 900g' });
const checksRow = () => screen.queryByRole('row', { name: /Lượt|Checks|Lookups/ });
const caution = () => screen.queryByRole('region', { name: /nhiều nơi trong thời gian gần đây|many places recently/ });

describe('the recorded lookups under the status line', () => {
  it('says one lookup and its day right under the status line, once (the table does not repeat it)', async () => {
    await renderApp({ route: answerWithChecks(EXAMPLE_CODE, FIRST) });
    const box = await summary();
    const status = within(box).getByText(/^Mã hợp lệ/);
    const line = within(box).getByText('Mới được tra cứu 1 lần, vào ngày 23/11/2026');
    expect(status.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(checksRow()).toBeNull();
    expect(caution()).toBeNull();
  });

  it("counts lookups (the shopper's own included), never devices, since the first day", async () => {
    await renderApp({ route: answerWithChecks(EXAMPLE_CODE, SEVERAL) });
    const box = await summary();
    expect(box).toHaveTextContent('Đã được tra cứu 5 lần kể từ ngày 01/11/2026 (tính cả các lần bạn tra cứu)');
    expect(box).not.toHaveTextContent(/thiết bị|kiểm tra/);
    expect(caution()).toBeNull();
  });

  it.each([
    [SEVERAL, 'Looked up 5 times since 1 Nov 2026, your own lookups included'],
    [FIRST, 'Looked up once so far, on 23 Nov 2026'],
  ])('reads in English: %j is "%s"', async (checks, text) => {
    await renderApp({ route: answerWithChecks(EXAMPLE_CODE, checks), language: 'en' });
    const box = await screen.findByRole('region', { name: 'Sữa bột Đồng Xanh Gold 900g' });
    expect(box).toHaveTextContent(text);
    expect(box).not.toHaveTextContent(/device/);
  });

  it("says nothing of lookups when the service does not count them (the company's own service)", async () => {
    await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    const box = await summary();
    expect(box).not.toHaveTextContent(/tra cứu \d|được tra cứu/);
    expect(screen.getAllByRole('row')).toHaveLength(7);
  });

  it.each([
    ['null', null],
    ['a day that is not a day', { ...SEVERAL, FirstDay: '2026-02-31' }],
    ['a time instead of a day', { ...SEVERAL, FirstDay: '2026-11-01T10:00:00Z' }],
    ['a count that is not a whole number', { ...SEVERAL, Networks: 2.5 }],
    ['no lookups', { ...SEVERAL, Lookups: 0 }],
    ['a caution that is not a yes or no', { ...MANY, Caution: 'yes' }],
  ])('says nothing of lookups it cannot read: %s', async (_name, checks) => {
    await renderApp({ route: answerWithChecks(EXAMPLE_CODE, checks) });
    expect(await summary()).not.toHaveTextContent(/được tra cứu/);
    expect(caution()).toBeNull();
  });

  it("shows a carton's lookups too, and never a caution on a carton (shops and distributors scan them)", async () => {
    await renderApp({ route: answerWithChecks(CARTON_CODE, MANY) });
    expect(await screen.findByRole('region', { name: /Sữa tươi tiệt trùng/ })).toHaveTextContent(
      'Đã được tra cứu 14 lần kể từ ngày 01/11/2026',
    );
    expect(caution()).toBeNull();
  });
});

describe('the caution past the threshold of networks', () => {
  it('is the verdict, first: what to compare, both reasons, whom to contact and how; a warning, never an alarm', async () => {
    await renderApp({ route: answerWithChecks(EXAMPLE_CODE, MANY) });
    const box = await summary();
    const note = screen.getByRole('region', {
      name: 'Mã này được tra cứu từ nhiều nơi trong thời gian gần đây',
    });
    expect(note.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(note).toHaveTextContent(
      [
        'Hãy đối chiếu ngày sản xuất và hạn sử dụng trên trang này với bao bì bạn đang cầm.',
        'Có thể mã đã bị sao chép sang bao bì khác, cũng có thể chỉ là bạn, người nhà hay cửa hàng đã tra cứu ở nhiều nơi (mỗi mạng Wi-Fi hay mạng di động tính là một nơi).',
        'Nếu thấy không khớp, hoặc bao bì mới mua còn nguyên niêm phong mà bạn chưa từng tra cứu mã này, hãy liên hệ Sữa Đồng Xanh: Trang web Sữa Đồng Xanh',
      ].join(''),
    );
    expect(note).not.toHaveTextContent(/giả|fake|counterfeit|thiết bị/i);
    expect(within(note).queryByRole('alert')).toBeNull();
    // No hotline in this build: the brand's website instead.
    expect(within(note).getByRole('link', { name: 'Trang web Sữa Đồng Xanh' })).toHaveAttribute('href', brand.website);
    // The status line stays, without its tick: the code is in the system, whatever the count.
    expect(box).toHaveTextContent('Mã hợp lệ – có trong hệ thống của Sữa Đồng Xanh');
    expect(box).toHaveTextContent('Đã được tra cứu 14 lần kể từ ngày 01/11/2026');
  });

  it('names the photo when the answer has one, in English', async () => {
    const body = { ...answerWithExtras(EXAMPLE_CODE, { ImageUrl: '/products/sb900g.svg' }), Checks: MANY };
    server.use(http.post(TRACE_URL, () => HttpResponse.json(body)));
    await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}`, language: 'en' });
    const note = await screen.findByRole('region', {
      name: 'This code has been looked up from many places recently',
    });
    expect(note).toHaveTextContent(
      'Compare the photo, manufacturing date and expiry date on this page with the pack in your hand.',
    );
    expect(note).toHaveTextContent('each Wi-Fi or mobile network counts as one');
  });

  it("offers the brand's hotline when the build sets one", async () => {
    brand.hotline = '1800 1234';
    await renderApp({ route: answerWithChecks(EXAMPLE_CODE, MANY) });
    await summary();
    const note = screen.getByRole('region', { name: /nhiều nơi/ });
    expect(within(note).getByRole('link', { name: 'Gọi tổng đài 1800 1234' })).toHaveAttribute('href', 'tel:18001234');
  });
});

describe('sharing a counted code', () => {
  it('gives the share sheet the link and the name, and no count (it would be stale when the friend opens it)', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const { user } = await renderApp({ route: answerWithChecks(EXAMPLE_CODE, MANY) });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['vi-VN']);
    await user.click(await screen.findByRole('button', { name: 'Chia sẻ' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Sữa bột Đồng Xanh Gold 900g – thông tin truy xuất nguồn gốc',
      url: `http://localhost:3000/dt?qr=${EXAMPLE_CODE}`,
    });
  });
});
