import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPORTS_PATH, reportClosePath, type StaffReport } from '@/contract/reports';
import { API_KEY_HEADER } from '@/contract/traceContract';
import { TRACE_API_BASE } from '@/config';
import { EXAMPLE_CODE, demoResponses } from '../../support/mocks/fixtures';
import { TRACE_URL } from '../../support/mocks/handlers';
import { server } from '../../support/mocks/node';
import { renderApp } from '../../support/page/render';

const STAFF_KEY = 'staff-key-for-tests';
const REPORTS_URL = `${TRACE_API_BASE}${REPORTS_PATH}`;

const REPORT: StaffReport = {
  reference: 'R-7K3M-9Q2P',
  code: EXAMPLE_CODE,
  reason: 'seal',
  province: 'daNang',
  shop: '<img src=x onerror=alert(1)>Tạp hoá Cô Ba',
  address: 'Chợ Cồn, quầy 12',
  boughtOn: '2026-11-20',
  phone: '0912 345 678',
  hasPhoto: false,
  createdHour: '2026-11-27T05:00:00.000Z',
  status: 'open',
  closedNote: null,
  pack: null,
  facts: {
    firstCheck: '2026-11-01',
    lookups: 42,
    networks: 9,
    caution: true,
    lot: {
      lotCode: 'L2605A',
      productCode: 'SP01',
      gtin: '08930000000002',
      productName: 'Sữa bột Đồng Xanh Gold 900g',
      productUnit: 'Lon',
      productDate: '2026-05-01',
      expireDate: '2028-05-01',
      lotStatus: 'active',
    },
  },
};

/** A service holding one open report, read with the staff key only; records each call. */
function reportsService(open: StaffReport[] = [REPORT]) {
  const calls: { url: URL; key: string | null; body?: unknown }[] = [];
  server.use(
    http.get(REPORTS_URL, ({ request }) => {
      const url = new URL(request.url);
      calls.push({ url, key: request.headers.get(API_KEY_HEADER) });
      if (request.headers.get(API_KEY_HEADER) !== STAFF_KEY) {
        return HttpResponse.json(
          { error: 'AUTHENTICATION_FAILURE', Message: 'Invalid key', status: 403, EndPoint: REPORTS_PATH },
          { status: 403 },
        );
      }
      const code = url.searchParams.get('code');
      const province = url.searchParams.get('province');
      const reports = open.filter(
        (report) => (!code || report.code === code) && (!province || report.province === province),
      );
      return HttpResponse.json({ reports });
    }),
    http.post(`${TRACE_API_BASE}${reportClosePath(REPORT.reference)}`, async ({ request }) => {
      const body = await request.json();
      calls.push({ url: new URL(request.url), key: request.headers.get(API_KEY_HEADER), body });
      const closed = open.splice(0, 1)[0];
      return HttpResponse.json({
        ...closed,
        status: 'closed',
        phone: null,
        closedNote: (body as { note: string }).note,
      });
    }),
  );
  return calls;
}

const PANEL = { name: /Phản ánh của người mua|Shoppers' reports/ };
const panel = () => screen.getByRole('region', PANEL);
/** The desk is loaded on demand: its panel is there once its chunk is. */
const deskShown = () => screen.findByRole('region', PANEL, { timeout: 10_000 });

async function giveKey(user: Awaited<ReturnType<typeof renderApp>>['user'], key: string) {
  await deskShown();
  await user.type(within(panel()).getByLabelText(/Mã khóa nhân viên|Staff key/), key);
  await user.click(within(panel()).getByRole('button', { name: /Xem phản ánh|Show reports/ }));
}

// The staff key is kept in the tab's session: each test starts without one.
beforeEach(() => sessionStorage.clear());

describe("the desk's shopper reports", () => {
  it('shows nothing of any report without a staff key, and asks for it', async () => {
    const calls = reportsService();
    await renderApp({ route: '/support' });
    expect(
      await within(await deskShown()).findByText('Nhập mã khóa nhân viên để xem phản ánh của người mua.'),
    ).toBeVisible();
    expect(within(panel()).queryByRole('article')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("says a key the service refuses is not a staff key, and shows no shopper's data", async () => {
    const calls = reportsService();
    const { user } = await renderApp({ route: '/support', language: 'en' });
    await giveKey(user, 'demo-key-change-me');
    expect(
      await within(panel()).findByText("This key is not a staff key: shoppers' reports are not shown."),
    ).toBeVisible();
    expect(screen.queryByText(/Tạp hoá Cô Ba/)).not.toBeInTheDocument();
    expect(calls.every(({ key }) => key === 'demo-key-change-me')).toBe(true);
  });

  it("lists the open reports with the code's facts, the shopper's text as text, and closes one with a note", async () => {
    const calls = reportsService();
    const { user } = await renderApp({ route: '/support', language: 'en' });
    await giveKey(user, STAFF_KEY);
    const card = await within(panel()).findByRole('article', { name: 'R-7K3M-9Q2P' });
    expect(within(card).getByText('Seal broken')).toBeVisible();
    expect(within(card).getByText('Da Nang')).toBeVisible();
    // Markup a shopper typed is shown as the text it is, never as an element.
    expect(within(card).getByText('<img src=x onerror=alert(1)>Tạp hoá Cô Ba')).toBeVisible();
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).getByText('0912 345 678')).toBeVisible();
    expect(within(card).getByText('Sent 27 Nov 2026 12:00')).toBeVisible();
    expect(within(card).getByText('First check: 1 Nov 2026 · 42 lookups')).toBeVisible();
    expect(within(card).getByText('Caution: checked on many networks, may be copied')).toBeVisible();
    expect(
      within(card).getByText('Lot L2605A: Sữa bột Đồng Xanh Gold 900g, made 1 May 2026, expires 1 May 2028'),
    ).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Close the report' }));
    const note = within(card).getByRole('textbox', { name: 'Note: what was done' });
    expect(note).toHaveFocus();
    await user.click(within(card).getByRole('button', { name: 'Close the report' }));
    expect(note).toHaveAccessibleDescription('Write a note of up to 500 characters.');
    await user.type(note, 'Called the shop; pack sent to the lab.');
    await user.click(within(card).getByRole('button', { name: 'Close the report' }));

    expect(await within(panel()).findByText('Report R-7K3M-9Q2P closed.')).toBeVisible();
    expect(await within(panel()).findByText('No open reports.')).toBeVisible();
    const close = calls.find(({ body }) => body !== undefined);
    expect(close).toMatchObject({ key: STAFF_KEY, body: { note: 'Called the shop; pack sent to the lab.' } });
  });

  it("shows beside a report where the pack's Digital Link disagrees with the record, and nothing where it agrees", async () => {
    const printed = { gtin: '08930000000002', lot: 'L2605A', expiry: '2028-05-01' };
    reportsService([
      { ...REPORT, reference: 'R-2222-AAAA', pack: { ...printed, lot: 'L2512Z', expiry: '2027-12-31' } },
      { ...REPORT, reference: 'R-2222-BBBB', pack: printed },
      { ...REPORT, reference: 'R-2222-CCCC', pack: { ...printed, gtin: '08930000000019', lot: null, expiry: null } },
      // The code is not in the data: nothing to compare the pack with.
      {
        ...REPORT,
        reference: 'R-2222-DDDD',
        pack: { ...printed, lot: 'L2512Z' },
        facts: { ...REPORT.facts, lot: null },
      },
    ]);
    const { user } = await renderApp({ route: '/support', language: 'en' });
    await giveKey(user, STAFF_KEY);
    const facts = async (reference: string) =>
      within(await within(panel()).findByRole('article', { name: reference })).getByRole('list', {
        name: "The code's facts",
      });
    const lines = async (reference: string) =>
      within(await facts(reference))
        .getAllByRole('listitem')
        .map((item) => item.textContent);

    expect(await lines('R-2222-AAAA')).toEqual(
      expect.arrayContaining([
        "Pack mismatch: the pack's code says lot L2512Z, the record says lot L2605A",
        "Pack mismatch: the pack's code says expiry 31 Dec 2027, the record says expiry 1 May 2028",
      ]),
    );
    expect(await lines('R-2222-CCCC')).toEqual(
      expect.arrayContaining([
        "Pack mismatch: the pack's code says GTIN 08930000000019, the record says GTIN 08930000000002",
      ]),
    );
    for (const agreeing of ['R-2222-BBBB', 'R-2222-DDDD']) {
      expect(within(await facts(agreeing)).queryByText(/Pack mismatch/)).toBeNull();
    }
  });

  it('says the mismatch in Vietnamese, with the date as Vietnamese write it', async () => {
    reportsService([{ ...REPORT, pack: { gtin: '08930000000002', lot: 'L2512Z', expiry: '2027-12-31' } }]);
    const { user } = await renderApp({ route: '/support' });
    await giveKey(user, STAFF_KEY);
    const card = await within(panel()).findByRole('article', { name: REPORT.reference });
    expect(
      within(card).getByText('Bao bì không khớp: mã trên bao bì ghi số lô L2512Z, hồ sơ ghi số lô L2605A'),
    ).toBeVisible();
    expect(
      within(card).getByText(
        'Bao bì không khớp: mã trên bao bì ghi hạn sử dụng 31/12/2027, hồ sơ ghi hạn sử dụng 01/05/2028',
      ),
    ).toBeVisible();
  });

  it('filters the list by province (newest first is the service’s order)', async () => {
    const calls = reportsService();
    const { user } = await renderApp({ route: '/support', language: 'en' });
    await giveKey(user, STAFF_KEY);
    await within(panel()).findByRole('article', { name: 'R-7K3M-9Q2P' });
    await user.click(within(panel()).getByRole('combobox', { name: 'Province or city' }));
    await user.click(await screen.findByRole('option', { name: 'Hue' }));
    expect(await within(panel()).findByText('No open reports.')).toBeVisible();
    expect(calls.at(-1)?.url.searchParams.get('province')).toBe('hue');
    expect(calls.at(-1)?.url.searchParams.get('status')).toBe('open');
  });

  it("shows a looked-up code's open reports beside it, and lists them at a tap", async () => {
    reportsService();
    const { user } = await renderApp({ route: '/support', language: 'en' });
    await giveKey(user, STAFF_KEY);
    await within(panel()).findByRole('article');
    await user.click(screen.getByRole('textbox', { name: 'Message or list of codes' }));
    await user.paste(`${EXAMPLE_CODE} TH26A1105C48B0001`);
    await user.click(screen.getByRole('button', { name: 'Check codes' }));
    const table = await screen.findByRole('table', { name: 'Results' });
    const row = await within(table).findByRole('row', { name: new RegExp(EXAMPLE_CODE) });
    const badge = await within(row).findByRole('button', { name: '1 open report on this code' });
    expect(within(within(table).getByRole('row', { name: /TH26A1105C48B0001/ })).queryByText(/open report/)).toBeNull();
    await user.click(badge);
    expect(within(panel()).getByText(EXAMPLE_CODE, { selector: '.MuiChip-label' })).toBeVisible();
  });
});

describe("the desk's typo help", () => {
  it('reads a confusable character the same way throughout the code: QS26AO4O4K1OZOOO1 finds QS26A0404K10Z0001', async () => {
    const known = demoResponses.get(EXAMPLE_CODE)!;
    server.use(
      http.post(TRACE_URL, async ({ request }) => {
        const { QrCode } = (await request.json()) as { QrCode: string };
        return QrCode === 'QS26A0404K10Z0001' ? HttpResponse.json(known) : new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderApp({ route: '/support', language: 'en' });
    await deskShown();
    await user.click(screen.getByRole('textbox', { name: 'Message or list of codes' }));
    await user.paste('QS26AO4O4K1OZOOO1');
    await user.click(screen.getByRole('button', { name: 'Check codes' }));
    expect(
      await screen.findAllByRole('button', { name: 'Use QS26A0404K10Z0001' }, { timeout: 15_000 }),
    ).not.toHaveLength(0);
  });
});
