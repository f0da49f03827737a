import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CARTON_CODE,
  EMPTY_VALUES_CODE,
  EXAMPLE_CODE,
  EXPIRED_CODE,
  UNIT_IN_CARTON_CODE,
  answerExpiring,
  answerWithExtras,
} from '../../support/mocks/fixtures';
import type { TraceResponse } from '@/contract/traceContract';
import { TRACE_URL } from '../../support/mocks/handlers';
import { server } from '../../support/mocks/node';
import { recordTracedCodes } from '../../support/mocks/traceCalls';
import { renderApp } from '../../support/page/render';

// Only Date is faked: timers, MSW and user-event run as usual. 23 Nov 2026, 10:00 in Vietnam.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T10:00:00+07:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

function answer(code: string, body: TraceResponse) {
  server.use(http.post(TRACE_URL, () => HttpResponse.json(body)));
  return `/dt?qr=${code}`;
}

const summary = () => screen.findByRole('region', { name: /Sữa|Dairy|Chưa có tên sản phẩm|No product name/ });
/** The result's one verdict block, named by what it says. */
const verdict = (name: string | RegExp) => screen.findByRole('region', { name });

describe('the summary above the table', () => {
  it('shows the expiry first as the verdict, then the name large, the unit in words, an honest status line, then the table', async () => {
    await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    const box = await summary();
    const expiry = await verdict('Còn hạn · còn 567 ngày');
    expect(expiry.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(box).getByRole('heading', { level: 2, name: 'Sữa bột Đồng Xanh Gold 900g' })).toBeVisible();
    expect(box).toHaveTextContent('Lon');
    expect(box).toHaveTextContent('Mã hợp lệ – có trong hệ thống của Sữa Đồng Xanh');
    expect(box).not.toHaveTextContent(/chính hãng|genuine/i);
    // Said once: the verdict, not again in the card.
    expect(box).not.toHaveTextContent('Còn hạn');
    const table = screen.getByRole('table', { name: 'Thông tin sản phẩm' });
    expect(box.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('reads in English: the unit, the status line, the days left and the dates', async () => {
    await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}`, language: 'en' });
    const box = await summary();
    expect(box).toHaveTextContent('Can');
    expect(box).toHaveTextContent("Valid code – found in Sữa Đồng Xanh's system");
    await verdict('In date · 567 days left');
    expect(screen.getByRole('row', { name: /EXP date/ })).toHaveTextContent('12 Jun 2028');
  });

  it('says an expired product has expired since its date, with advice, in red words and an icon', async () => {
    await renderApp({ route: `/dt?qr=${EXPIRED_CODE}` });
    const badge = await verdict('Đã hết hạn (HSD: 05/07/2025)');
    expect(badge).toHaveTextContent('Vui lòng không sử dụng sản phẩm này.');
    expect(badge.querySelector('svg')).not.toBeNull();
    // The error tone, as the support desk writes an expired product (theme/statusTones.ts).
    expect(badge).toHaveStyle({ color: 'rgb(95, 33, 32)', backgroundColor: 'rgb(253, 237, 237)' });
  });

  it.each([
    ['2026-11-23', 'Sắp hết hạn · HSD đến hết hôm nay'],
    ['2026-12-23', 'Sắp hết hạn · còn 30 ngày'],
    ['2026-12-24', 'Còn hạn · còn 31 ngày'],
    ['2026-11-22', 'Đã hết hạn (HSD: 22/11/2026)'],
  ])('counts by calendar day in Vietnam: %s shows %s', async (expireDate, text) => {
    await renderApp({ route: answer(EXAMPLE_CODE, answerExpiring(EXAMPLE_CODE, expireDate)) });
    await verdict(text);
  });

  it('never calls a missing or unreadable expiry valid', async () => {
    await renderApp({ route: `/dt?qr=${EMPTY_VALUES_CODE}` });
    const box = await summary();
    expect(within(box).getByRole('heading', { name: 'Chưa có tên sản phẩm' })).toBeVisible();
    expect(await verdict('Chưa rõ hạn sử dụng')).toHaveTextContent('Hãy xem hạn sử dụng in trên bao bì.');
    expect(screen.queryByText(/Còn hạn/)).toBeNull();
  });

  it('names the product as the table does when the service sends the name as a number', async () => {
    const body = answerWithExtras(EXAMPLE_CODE, {});
    body.Data.Products[0].ProductName = 1990;
    await renderApp({ route: answer(EXAMPLE_CODE, body) });
    expect(await screen.findByRole('region', { name: '1990' })).toBeVisible();
    expect(screen.getByRole('row', { name: /Tên sản phẩm/ })).toHaveTextContent('1990');
  });

  it("shows a carton's count with its unit", async () => {
    await renderApp({ route: `/dt?qr=${CARTON_CODE}` });
    expect(await screen.findByRole('row', { name: /Số sản phẩm trên mỗi thùng/ })).toHaveTextContent('48 sản phẩm');
    expect(await summary()).toHaveTextContent('Thùng');
  });
});

describe('the product photo', () => {
  it('shows the picture at a fixed size when the answer has one', async () => {
    await renderApp({
      route: answer(EXAMPLE_CODE, answerWithExtras(EXAMPLE_CODE, { ImageUrl: '/products/sb900g.svg' })),
    });
    const photo = await screen.findByRole('img', { name: 'Ảnh sản phẩm Sữa bột Đồng Xanh Gold 900g' });
    expect(photo).toHaveAttribute('src', '/products/sb900g.svg');
    expect(photo).toHaveAttribute('width', '96');
    expect(photo).toHaveAttribute('height', '96');
  });

  it('shows none when the answer has none', async () => {
    await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    await summary();
    expect(screen.queryByRole('img', { name: /Ảnh sản phẩm/ })).not.toBeInTheDocument();
  });
});

describe('a recalled lot', () => {
  it('shows a red banner with what to do, the reason and a way to the brand, above everything else; no "in date" anywhere', async () => {
    const body = answerWithExtras(EXAMPLE_CODE, { LotStatus: 'recalled', RecallReason: 'Phát hiện bao bì bị hở' });
    await renderApp({ route: answer(EXAMPLE_CODE, body) });
    const banner = await verdict('Lô sản phẩm này đã bị thu hồi');
    expect(banner).toHaveTextContent('Lý do: Phát hiện bao bì bị hở');
    expect(banner).toHaveTextContent('Vui lòng không sử dụng sản phẩm này.');
    expect(within(banner).getByRole('link', { name: 'Trang web Sữa Đồng Xanh' })).toBeVisible();
    const box = await summary();
    expect(banner.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The pack is in date, but a green "in date" beside a recall reads as "safe": the table alone gives the date.
    expect(screen.queryByText(/Còn hạn/)).toBeNull();
    expect(screen.getByRole('row', { name: /Hạn sử dụng/ })).toHaveTextContent('12/06/2028');
  });

  it('shows no banner for an active lot or without a status', async () => {
    await renderApp({ route: answer(EXAMPLE_CODE, answerWithExtras(EXAMPLE_CODE, { LotStatus: 'active' })) });
    await summary();
    expect(screen.queryByRole('region', { name: /thu hồi/ })).not.toBeInTheDocument();
  });
});

describe('where a unit belongs', () => {
  it('links a unit to its carton, which the link looks up', async () => {
    const codes = recordTracedCodes();
    const unit = answerWithExtras(UNIT_IN_CARTON_CODE, { CartonCode: CARTON_CODE, CartonTotalPacket: 48 });
    server.use(
      http.post(TRACE_URL, async ({ request }) => {
        const { QrCode } = (await request.clone().json()) as { QrCode: string };
        return QrCode === UNIT_IN_CARTON_CODE ? HttpResponse.json(unit) : undefined;
      }),
    );
    const { user, location } = await renderApp({ route: `/dt?qr=${UNIT_IN_CARTON_CODE}` });
    const link = await screen.findByRole('link', { name: `Thuộc thùng ${CARTON_CODE} (thùng 48 sản phẩm)` });
    await user.click(link);
    expect(await screen.findByRole('row', { name: /Số sản phẩm trên mỗi thùng/ })).toHaveTextContent('48 sản phẩm');
    // The page's own link: a re-check, which the service does not count.
    expect(location.current?.location.search).toBe(`?qr=${CARTON_CODE}&again=1`);
    expect(codes).toEqual([UNIT_IN_CARTON_CODE, CARTON_CODE]);
  });

  it('says which carton without a count when the count is not sent', async () => {
    await renderApp({
      route: answer(UNIT_IN_CARTON_CODE, answerWithExtras(UNIT_IN_CARTON_CODE, { CartonCode: CARTON_CODE })),
    });
    expect(await screen.findByRole('link', { name: `Thuộc thùng ${CARTON_CODE}` })).toHaveAttribute(
      'href',
      `/dt?qr=${CARTON_CODE}&again=1`,
    );
  });

  it('lists the first 10 unit codes of a carton under the can list label, then all on request', async () => {
    const unitCodes = Array.from({ length: 12 }, (_, i) => `HP26A1105C48B${String(i + 1).padStart(4, '0')}`);
    const { user } = await renderApp({
      route: answer(CARTON_CODE, answerWithExtras(CARTON_CODE, { UnitCodes: unitCodes })),
    });
    const list = await screen.findByRole('region', { name: 'Mã sản phẩm lẻ trong hệ thống' });
    expect(within(list).getAllByRole('link')).toHaveLength(10);
    expect(within(list).getByRole('link', { name: unitCodes[0] })).toHaveAttribute(
      'href',
      `/dt?qr=${unitCodes[0]}&again=1`,
    );
    await user.click(within(list).getByRole('button', { name: 'Xem tất cả 12 mã' }));
    expect(within(list).getAllByRole('link')).toHaveLength(12);
    expect(within(list).getByRole('link', { name: unitCodes[10] })).toHaveFocus();
  });

  it('shows no unit list or carton link when the service sends none (the page it always gave)', async () => {
    await renderApp({ route: `/dt?qr=${CARTON_CODE}` });
    await summary();
    expect(screen.queryByRole('region', { name: 'Mã sản phẩm lẻ trong hệ thống' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Thuộc thùng/ })).not.toBeInTheDocument();
  });
});
