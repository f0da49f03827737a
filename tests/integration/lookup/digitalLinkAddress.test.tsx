import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TraceResponse } from '@/contract/traceContract';
import { gs1LotPath, gs1ProductPath, type Gs1LotBody } from '@/contract/gs1/gs1Contract';
import { TRACE_API_BASE } from '@/config';
import { EXAMPLE_CODE, demoResponses } from '../../support/mocks/fixtures';
import { TRACE_URL } from '../../support/mocks/handlers';
import { server } from '../../support/mocks/node';
import { renderApp } from '../../support/page/render';

const GTIN = '08930000000002';

/** The demo can's answer with the record's GTIN and lot, as the service sends them (issue 39). */
function answerWithRecord(): TraceResponse {
  const answer = structuredClone(demoResponses.get(EXAMPLE_CODE)!);
  Object.assign(answer.Data.Products[0], { Gtin: GTIN, Lot: 'L2026-0612' });
  return answer;
}

describe("the page at a GS1 Digital Link's address", () => {
  // First in the file: the parser is not in yet, as on a shopper's first visit.
  it("reads a Digital Link in /dt's qr (pasted and sent before the script ran) as the server does", async () => {
    await renderApp({ route: `/dt?qr=${encodeURIComponent(`https://id.example.vn/01/${GTIN}/21/${EXAMPLE_CODE}`)}` });
    await screen.findByRole('table', { name: 'Thông tin sản phẩm' });
    expect(screen.getByRole('textbox', { name: 'Mã QR' })).toHaveValue(EXAMPLE_CODE);
  });

  it('looks the serial up and shows its result, with no warning when the pack agrees with the record', async () => {
    server.use(http.post(TRACE_URL, () => HttpResponse.json(answerWithRecord())));
    await renderApp({ route: `/01/${GTIN}/10/L2026-0612/21/${EXAMPLE_CODE}?17=280612` });
    expect(await screen.findByRole('textbox', { name: 'Mã QR' })).toHaveValue(EXAMPLE_CODE);
    await screen.findByRole('table', { name: 'Thông tin sản phẩm' });
    expect(screen.queryByRole('region', { name: /không khớp/ })).toBeNull();
  });

  it('says plainly where the pack disagrees with the record, as the verdict, in English too', async () => {
    server.use(http.post(TRACE_URL, () => HttpResponse.json(answerWithRecord())));
    await renderApp({ route: `/01/${GTIN}/10/L2025-0101/21/${EXAMPLE_CODE}?17=290131`, language: 'en' });
    const warning = await screen.findByRole('region', { name: 'The code on this pack does not match our record' });
    expect(
      within(warning).getByText(/says batch L2025-0101; our record for this code says batch L2026-0612\./),
    ).toBeVisible();
    expect(
      within(warning).getByText(
        /says expiry date 31 Jan 2029; our record for this code says expiry date 12 Jun 2028\./,
      ),
    ).toBeVisible();
    // The verdict: no 'in date' badge claims the record's expiry for this pack.
    expect(screen.queryByText(/In date/)).toBeNull();
  });

  it('shows a lot alone with its status, and asks for the pack’s own code', async () => {
    const lot: Gs1LotBody = {
      Gtin: GTIN,
      Lot: 'L2026-0612',
      ProductCode: 'SB900G',
      ProductName: 'Sữa bột Đồng Xanh Gold 900g',
      ProductDate: '2026-06-12',
      ExpireDate: '2028-06-12',
      LotStatus: 'recalled',
      RecallReason: 'Nhiễm khuẩn',
    };
    server.use(http.get(`${TRACE_API_BASE}${gs1LotPath(GTIN, 'L2026-0612')}`, () => HttpResponse.json(lot)));
    await renderApp({ route: `/01/${GTIN}/10/L2026-0612` });
    expect(await screen.findByRole('heading', { name: 'Lô sản phẩm này đã bị thu hồi' })).toBeVisible();
    expect(screen.getByText('Lô L2026-0612')).toBeVisible();
    expect(screen.getByText(/Để kiểm tra bao bì bạn đang cầm, hãy quét hoặc nhập mã truy xuất/)).toBeVisible();
  });

  it('says when the service knows no product of that GTIN', async () => {
    server.use(http.get(`${TRACE_API_BASE}${gs1ProductPath(GTIN)}`, () => HttpResponse.json({}, { status: 404 })));
    await renderApp({ route: `/01/${GTIN}` });
    expect(await screen.findByText(`Chúng tôi không có sản phẩm nào mang mã GTIN ${GTIN}.`)).toBeVisible();
    expect(screen.getByText(/Mã này chỉ cho biết loại sản phẩm/)).toBeVisible();
  });

  it('is the not-found page at a path that is no Digital Link', async () => {
    await renderApp({ route: `/01/08930000000001/21/${EXAMPLE_CODE}` });
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy trang!' })).toBeVisible();
  });
});
