import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TRACE_URL } from '../../support/mocks/handlers';
import { demoResponses, errorBody } from '../../support/mocks/fixtures';
import { recordTracedCodes } from '../../support/mocks/traceCalls';
import { server } from '../../support/mocks/node';
import { renderApp } from '../../support/page/render';

const MESSAGE =
  'Shop ơi, em gửi mã: 1D24B3261X54A2320, TH26-A110-5C48-B000-1 và https://trace.example.vn/dt?qr=ZZ99Z9999Z99Z9999 ạ';

async function checkMessage(message: string, options: Parameters<typeof renderApp>[0] = {}) {
  const view = await renderApp({ route: '/support', ...options });
  const box = await screen.findByRole('textbox', { name: 'Tin nhắn hoặc danh sách mã' });
  await view.user.click(box);
  await view.user.paste(message);
  await view.user.click(screen.getByRole('button', { name: 'Kiểm tra' }));
  return view;
}

const finished = (count: number) => screen.findByText(`Đã kiểm tra xong ${count} mã.`, {}, { timeout: 15_000 });
const table = () => screen.getByRole('table', { name: 'Kết quả kiểm tra' });
const rowOf = (code: string) => within(table()).getByRole('row', { name: new RegExp(code) });

// Real lookups through MSW, four in flight, plus a one-second wait for the 429: slower than a unit test.
describe('the support page, against the trace service (MSW)', () => {
  it('checks every code of a pasted message and shows one row per code with its outcome', async () => {
    const traced = recordTracedCodes();
    await checkMessage(MESSAGE);
    await finished(3);
    expect(within(rowOf('1D24B3261X54A2320')).getByText('Sữa bột Đồng Xanh Gold 900g')).toBeInTheDocument();
    expect(within(rowOf('1D24B3261X54A2320')).getByText('Có trong hệ thống')).toBeInTheDocument();
    expect(within(rowOf('TH26A1105C48B0001')).getByText('Thùng')).toBeInTheDocument();
    expect(within(rowOf('ZZ99Z9999Z99Z9999')).getByText('Không tìm thấy')).toBeInTheDocument();
    expect(within(rowOf('1D24B3261X54A2320')).getByRole('link', { name: '1D24B3261X54A2320' })).toHaveAttribute(
      'href',
      '/dt?qr=1D24B3261X54A2320',
    );
    // The three codes, then the typo variants of the unknown one only (its Zs have twins: 2).
    await waitFor(() =>
      expect(traced).toEqual(
        expect.arrayContaining(['1D24B3261X54A2320', 'TH26A1105C48B0001', 'ZZ99Z9999Z99Z9999', '2Z99Z9999Z99Z9999']),
      ),
    );
    expect(traced.filter((code) => code.startsWith('1D24') || code.startsWith('TH26'))).toHaveLength(2);
  });

  it('waits when the service answers 429 and goes on; one failing call does not stop the others', async () => {
    let refused = 0;
    server.use(
      http.post(TRACE_URL, async ({ request }) => {
        const { QrCode } = (await request.clone().json()) as { QrCode: string };
        if (QrCode === 'TH26A1105C48B0001' && refused++ === 0) {
          return HttpResponse.json(errorBody(429, 'RATE_LIMIT', 'Too many lookups, try again later'), {
            status: 429,
            headers: { 'Retry-After': '1' },
          });
        }
        if (QrCode === 'HP26A1105C48B0001')
          return HttpResponse.json(errorBody(500, 'INTERNAL_SERVER_ERROR', 'Unexpected error'), { status: 500 });
        return undefined;
      }),
    );
    await checkMessage('1D24B3261X54A2320 TH26A1105C48B0001 HP26A1105C48B0001 EX24B0105Q90X00001');
    expect(await screen.findByText(/Hệ thống đang quá tải/, {}, { timeout: 15_000 })).toBeInTheDocument();
    await finished(4);
    expect(refused).toBe(2);
    expect(within(rowOf('TH26A1105C48B0001')).getByText('Có trong hệ thống')).toBeInTheDocument();
    expect(within(rowOf('HP26A1105C48B0001')).getByText('Lỗi hệ thống')).toBeInTheDocument();
    expect(within(rowOf('EX24B0105Q90X00001')).getByText('Đã hết hạn (HSD: 05/07/2025)')).toBeInTheDocument();
    // Expired reads in the colour the shopper's badge uses (theme/statusTones.ts), not a red of its own.
    expect(within(rowOf('EX24B0105Q90X00001')).getByText('Đã hết hạn (HSD: 05/07/2025)').parentElement).toHaveStyle({
      color: 'rgb(95, 33, 32)',
    });
    expect(screen.queryByText(/Hệ thống đang quá tải/)).not.toBeInTheDocument();
  });

  it('offers the typo variants that exist as "did you mean", and takes one only when chosen', async () => {
    const { user } = await checkMessage('mã 1D24B3261X54A232O');
    await finished(1);
    const row = rowOf('1D24B3261X54A232O');
    expect(within(row).getByText('Không tìm thấy')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Dùng mã 1D24B3261X54A2320' }));
    const taken = rowOf('1D24B3261X54A2320');
    expect(within(taken).getByText('Có trong hệ thống')).toBeInTheDocument();
    // The code the customer sent in the codes' font, whose slashed zero tells it from the letter O.
    const sent = within(taken).getByText('1D24B3261X54A232O');
    expect(sent.parentElement).toHaveTextContent('Khách gửi: 1D24B3261X54A232O');
  });

  it('marks a code one character short invalid without calling the service for it', async () => {
    const traced = recordTracedCodes();
    await checkMessage('TH26A1105C48B001');
    await finished(1);
    expect(within(rowOf('TH26A1105C48B001')).getByText('Mã không hợp lệ')).toBeInTheDocument();
    expect(traced).not.toContain('TH26A1105C48B001');
  });

  it('lists what could not be read, raw', async () => {
    await checkMessage('https://example.com/khuyen-mai 1D24B3261X54A2320');
    await finished(1);
    const unread = screen.getByRole('region', { name: 'Nội dung không đọc được' });
    expect(within(unread).getByText('https://example.com/khuyen-mai')).toBeInTheDocument();
  });

  it('keeps the first 100,000 characters of a longer paste and tells staff only those are read', async () => {
    const traced = recordTracedCodes();
    await checkMessage(`1D24B3261X54A2320 ${'x '.repeat(60_000)}TH26A1105C48B0001`);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Chỉ đọc 100.000 ký tự đầu tiên của nội dung; phần sau đó không được kiểm tra.',
    );
    const { value } = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Tin nhắn hoặc danh sách mã' });
    expect(value.length).toBe(100_000);
    await finished(1);
    expect(traced).not.toContain('TH26A1105C48B0001');
  });

  it('adds no code of a photo past the limit to a full box', async () => {
    const decodePhoto = async () => [{ text: 'TH26A1105C48B0001', symbology: 'qr' as const }];
    const { user } = await renderApp({ route: '/support', scannerDevices: { decodePhoto } });
    const box = await screen.findByRole('textbox', { name: 'Tin nhắn hoặc danh sách mã' });
    await user.click(box);
    await user.paste('x '.repeat(50_000));
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no photo input');
    await user.upload(input, new File(['x'], 'can.png', { type: 'image/png' }));
    expect(await screen.findByText('Ảnh can.png: đọc được 1 mã')).toBeInTheDocument();
    // Compared by length: a failure would otherwise print the whole box.
    const { value } = box as HTMLTextAreaElement;
    expect(value.length).toBe(100_000);
    expect(value.includes('TH26A1105C48B0001')).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent('Chỉ đọc 100.000 ký tự đầu tiên');
  });

  it('lists the first 100 unread items, then how many more there are', async () => {
    const links = Array.from({ length: 103 }, (_, index) => `https://example.com/khuyen-mai-${index}`);
    await checkMessage(`1D24B3261X54A2320 ${links.join(' ')}`);
    await finished(1);
    const unread = screen.getByRole('region', { name: 'Nội dung không đọc được' });
    expect(within(unread).getAllByRole('listitem')).toHaveLength(100);
    expect(within(unread).getByText('https://example.com/khuyen-mai-99')).toBeInTheDocument();
    expect(within(unread).queryByText('https://example.com/khuyen-mai-100')).not.toBeInTheDocument();
    expect(within(unread).getByText('… và 3 mục khác.')).toBeInTheDocument();
  });

  it('adds every code of each photo to the box', async () => {
    const decodePhoto = async (photo: Blob) =>
      (photo as File).name === 'cans.png'
        ? [
            { text: 'https://trace.example.vn/dt?qr=1D24B3261X54A2320', symbology: 'qr' as const },
            { text: 'TH26A1105C48B0001', symbology: 'qr' as const },
          ]
        : [];
    const { user } = await renderApp({ route: '/support', scannerDevices: { decodePhoto } });
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no photo input');
    await user.upload(input, [
      new File(['x'], 'cans.png', { type: 'image/png' }),
      new File(['y'], 'blank.png', { type: 'image/png' }),
    ]);
    expect(await screen.findByText('Ảnh cans.png: đọc được 2 mã')).toBeInTheDocument();
    expect(await screen.findByText('Ảnh blank.png: không tìm thấy mã nào')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kiểm tra' }));
    await finished(2);
    expect(rowOf('1D24B3261X54A2320')).toBeInTheDocument();
    expect(rowOf('TH26A1105C48B0001')).toBeInTheDocument();
  });

  it('copies a reply in the language chosen on the spot, and keeps recent checks until cleared', async () => {
    const { user } = await checkMessage('1D24B3261X54A2320');
    await finished(1);
    await user.click(screen.getByRole('button', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Sao chép câu trả lời cho tất cả mã' }));
    expect(await screen.findByText('Đã sao chép câu trả lời.')).toBeInTheDocument();
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain('Code 1D24B3261X54A2320: Sữa bột Đồng Xanh Gold 900g (can).');
    expect(copied).toContain('http://localhost:3000/dt?qr=1D24B3261X54A2320');

    const recent = screen.getByRole('region', { name: 'Mã đã kiểm tra gần đây' });
    expect(within(recent).getByRole('link', { name: '1D24B3261X54A2320' })).toBeInTheDocument();
    await user.click(within(recent).getByRole('button', { name: 'Xóa lịch sử' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Mã đã kiểm tra gần đây' })).not.toBeInTheDocument(),
    );
  });

  it("shows each code's first-lookup day, lookup count and caution, and looks codes up as staff (never counted)", async () => {
    const purposes: (string | null)[] = [];
    const checks: Record<string, object> = {
      '1D24B3261X54A2320': { FirstDay: '2026-06-20', Lookups: 30, Networks: 12, Caution: true },
      TH26A1105C48B0001: { FirstDay: '2026-07-02', Lookups: 2, Networks: 1, Caution: false },
    };
    server.use(
      http.post(TRACE_URL, async ({ request }) => {
        purposes.push(request.headers.get('X-Lookup-Purpose'));
        const { QrCode } = (await request.clone().json()) as { QrCode: string };
        const body = demoResponses.get(QrCode);
        return body
          ? HttpResponse.json({ ...body, Checks: checks[QrCode] ?? null })
          : new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await checkMessage(MESSAGE);
    await finished(3);
    expect(
      within(rowOf('1D24B3261X54A2320')).getByText(
        'Lần đầu: 20/06/2026 · 30 lượt · Cảnh báo: mã được tra cứu từ nhiều mạng gần đây',
      ),
    ).toBeInTheDocument();
    expect(within(rowOf('TH26A1105C48B0001')).getByText('Lần đầu: 02/07/2026 · 2 lượt')).toBeInTheDocument();
    expect(within(table()).getByRole('columnheader', { name: 'Lượt tra cứu' })).toBeInTheDocument();
    // The three codes and the unknown one's typo variants: every one of them staff's.
    expect(purposes.length).toBeGreaterThan(3);
    expect(new Set(purposes)).toEqual(new Set(['staff']));

    await user.click(
      within(rowOf('1D24B3261X54A2320')).getByRole('button', { name: 'Sao chép câu trả lời cho mã 1D24B3261X54A2320' }),
    );
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain(
      'Theo ghi nhận, mã này được tra cứu lần đầu ngày 20/06/2026, đến nay có 30 lượt tra cứu ạ.',
    );
    expect(copied).toContain('Có thể mã đã bị sao chép sang bao bì khác, cũng có thể chỉ là người nhà hoặc cửa hàng');
    expect(copied).not.toContain('thiết bị');
  });

  it('keeps every other unknown path the not-found page', async () => {
    await renderApp({ route: '/supports' });
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy trang!' })).toBeInTheDocument();
  });
});
