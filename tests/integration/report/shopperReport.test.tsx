import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { REPORTS_PATH, type ReportSubmission } from '@/contract/reports';
import { API_KEY_HEADER } from '@/contract/traceContract';
import { TRACE_API_BASE, TRACE_API_KEY } from '@/config';
import { EXAMPLE_CODE, UNKNOWN_CODE } from '../../support/mocks/fixtures';
import { server } from '../../support/mocks/node';
import { renderApp } from '../../support/page/render';

const REPORTS_URL = `${TRACE_API_BASE}${REPORTS_PATH}`;

/** The service's report route: records each report sent and answers as told. */
function reportRoute(answer: () => Response = () => HttpResponse.json({ reference: 'R-7K3M-9Q2P' }, { status: 201 })) {
  const sent: { body: ReportSubmission; key: string | null }[] = [];
  server.use(
    http.post(REPORTS_URL, async ({ request }) => {
      sent.push({ body: (await request.json()) as ReportSubmission, key: request.headers.get(API_KEY_HEADER) });
      return answer();
    }),
  );
  return sent;
}

const dialog = () => screen.findByRole('dialog', { name: /Phản ánh vấn đề|Report a problem/ });

describe("a shopper's report", () => {
  it('takes three taps from a result: the action, what is wrong, the province; then gives the reference', async () => {
    const sent = reportRoute();
    const { user } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    const action = await screen.findByRole('button', { name: 'Phản ánh vấn đề về sản phẩm này' });

    await user.click(action);
    await user.click(within(await dialog()).getByRole('button', { name: 'Niêm phong bị rách hoặc hở' }));
    const provinces = within(await dialog()).getByRole('list', { name: /Chạm vào tỉnh, thành phố/ });
    await user.click(within(provinces).getByRole('button', { name: 'Đà Nẵng' }));

    expect(await within(await dialog()).findByText('R-7K3M-9Q2P')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Đã gửi phản ánh' })).toHaveFocus();
    expect(screen.getByText(/Phản ánh không phải là kết luận/)).toBeVisible();
    // Exactly what was chosen, with the page's key; nothing else about the shopper.
    expect(sent).toEqual([{ body: { code: EXAMPLE_CODE, reason: 'seal', province: 'daNang' }, key: TRACE_API_KEY }]);

    // The button under the reference (the title's cross closes too).
    await user.click(
      within(await dialog())
        .getAllByRole('button', { name: 'Đóng' })
        .at(-1)!,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(action).toHaveFocus();
  });

  it('offers the province of the last report first, so the next report is three taps again', async () => {
    reportRoute();
    const { user } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}`, language: 'en' });
    const action = await screen.findByRole('button', { name: 'Report a problem with this pack' });
    await user.click(action);
    await user.click(within(await dialog()).getByRole('button', { name: 'Looks or tastes wrong' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Can Tho' }));
    await within(await dialog()).findByText('R-7K3M-9Q2P');
    await user.click(
      within(await dialog())
        .getAllByRole('button', { name: 'Close' })
        .at(-1)!,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(action);
    await user.click(within(await dialog()).getByRole('button', { name: 'Other' }));
    const first = within(within(await dialog()).getByRole('list', { name: /Tap the province/ })).getAllByRole(
      'button',
    )[0];
    expect(first).toHaveAccessibleName(/Can Tho/);
    expect(first).toHaveTextContent('Last time');
  });

  it('is offered on "No products found", carrying the code typed', async () => {
    const sent = reportRoute();
    const { user } = await renderApp({ route: `/dt?qr=${UNKNOWN_CODE}`, language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Report a problem with this pack' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Code not found' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Hanoi' }));
    await within(await dialog()).findByText('R-7K3M-9Q2P');
    expect(sent.map(({ body }) => body)).toEqual([{ code: UNKNOWN_CODE, reason: 'notFound', province: 'haNoi' }]);
  });

  it("carries what the pack's Digital Link printed, from a page opened at one, for the desk to compare", async () => {
    const sent = reportRoute();
    // The pack says lot L2025-0101 and expiry 31 Jan 2029 (AI 17's 290131); the report says what it printed.
    const { user } = await renderApp({
      route: `/01/08930000000002/10/L2025-0101/21/${EXAMPLE_CODE}?17=290131`,
      language: 'en',
    });
    await user.click(await screen.findByRole('button', { name: 'Report a problem with this pack' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Details do not match the pack' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Hanoi' }));
    await within(await dialog()).findByText('R-7K3M-9Q2P');
    expect(sent.map(({ body }) => body)).toEqual([
      {
        code: EXAMPLE_CODE,
        reason: 'mismatch',
        province: 'haNoi',
        pack: { gtin: '08930000000002', lot: 'L2025-0101', expiry: '2029-01-31' },
      },
    ]);
  });

  it('sends the optional details as typed, and says the phone number is deleted when the case is closed', async () => {
    const sent = reportRoute();
    const { user } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}`, language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Report a problem with this pack' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Details do not match the pack' }));
    const toggle = within(await dialog()).getByRole('button', { name: /Add shop, date, photo or phone/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Shop information' })).toBeVisible();
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.paste('<script>alert(1)</script> Tạp hoá Cô Ba');
    await user.click(screen.getByRole('textbox', { name: 'Address' }));
    await user.paste('Chợ Bến Thành, quầy 12');
    const phone = screen.getByRole('textbox', { name: 'Phone number, only if you want a call back' });
    expect(phone).toHaveAccessibleDescription(
      'Used only to call you about this report, and deleted when the case is closed.',
    );
    await user.click(phone);
    await user.paste('0912 345 678');
    expect(screen.getByText(/its location and camera details are removed/)).toBeVisible();
    await user.click(within(await dialog()).getByRole('button', { name: 'Ho Chi Minh City' }));
    await within(await dialog()).findByText('R-7K3M-9Q2P');
    expect(sent.map(({ body }) => body)).toEqual([
      {
        code: EXAMPLE_CODE,
        reason: 'mismatch',
        province: 'hoChiMinh',
        shop: '<script>alert(1)</script> Tạp hoá Cô Ba',
        address: 'Chợ Bến Thành, quầy 12',
        phone: '0912 345 678',
      },
    ]);
  });

  it('tells a bad phone number and a shop name too long before sending, at the fields, and sends nothing', async () => {
    const sent = reportRoute();
    const { user } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}`, language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Report a problem with this pack' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Other' }));
    await user.click(within(await dialog()).getByRole('button', { name: /Add shop, date, photo or phone/ }));
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.paste('x'.repeat(101));
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '12345');
    await user.click(within(await dialog()).getByRole('button', { name: 'Hanoi' }));

    const shop = screen.getByRole('textbox', { name: 'Name' });
    expect(shop).toHaveAccessibleDescription("The shop's name can be up to 100 characters, on one line.");
    expect(shop).toBeInvalid();
    await waitFor(() => expect(shop).toHaveFocus());
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveAccessibleDescription(
      'Enter a Vietnamese phone number, such as 0912 345 678.',
    );
    expect(sent).toEqual([]);
    expect(screen.queryByText('R-7K3M-9Q2P')).not.toBeInTheDocument();
  });

  it("shows the service's refusal of a field at that field, and a flood's refusal for the whole report", async () => {
    let answer = () =>
      HttpResponse.json(
        {
          error: 'VALIDATION',
          Message: 'report.errors.address',
          status: 400,
          EndPoint: REPORTS_PATH,
          field: 'address',
        },
        { status: 400 },
      );
    reportRoute(() => answer());
    const { user } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    await user.click(await screen.findByRole('button', { name: 'Phản ánh vấn đề về sản phẩm này' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Vấn đề khác' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Huế' }));
    const address = await screen.findByRole('textbox', { name: 'Địa chỉ' });
    expect(address).toHaveAccessibleDescription('Địa chỉ tối đa 200 ký tự, trên một dòng.');

    answer = () =>
      HttpResponse.json(
        { error: 'RATE_LIMIT', Message: 'report.errors.tooMany', status: 429, EndPoint: REPORTS_PATH },
        { status: 429, headers: { 'Retry-After': '3600' } },
      );
    await user.click(within(await dialog()).getByRole('button', { name: 'Huế' }));
    expect(await within(await dialog()).findByRole('alert')).toHaveTextContent(
      'Hôm nay đã có quá nhiều phản ánh được gửi từ đây. Vui lòng thử lại vào ngày mai.',
    );
    expect(screen.queryByText('R-7K3M-9Q2P')).not.toBeInTheDocument();
  });

  it('tells a shopper why a report was refused as the service said it, and never about staff keys', async () => {
    const refusal = (status: number, Message: string, retryAfter?: string) => () =>
      HttpResponse.json(
        { error: status === 429 ? 'RATE_LIMIT' : 'AUTHENTICATION_FAILURE', Message, status, EndPoint: REPORTS_PATH },
        { status, ...(retryAfter === undefined ? {} : { headers: { 'Retry-After': retryAfter } }) },
      );
    let answer = refusal(403, 'Reports are for staff keys (STAFF_API_KEYS) only');
    reportRoute(() => answer());
    const { user } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    await user.click(await screen.findByRole('button', { name: 'Phản ánh vấn đề về sản phẩm này' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Vấn đề khác' }));
    /** Sends the report again and waits for the refusal the shopper reads. */
    const refusedWith = async (text: string) => {
      await user.click(within(await dialog()).getByRole('button', { name: 'Huế' }));
      await waitFor(async () => expect(within(await dialog()).getByRole('alert')).toHaveTextContent(text));
      return within(await dialog()).getByRole('alert');
    };
    const alert = await refusedWith('Không gửi được phản ánh. Vui lòng thử lại sau giây lát.');
    expect(alert).not.toHaveTextContent('nhân viên');

    // The lookups' per-minute budget: a busy minute, not a day.
    answer = refusal(429, 'Rate limit exceeded, retry in 30 seconds', '30');
    await refusedWith('Hệ thống đang bận. Vui lòng thử lại sau một phút.');

    // The code's day is full from everyone: the shopper did not send too many.
    answer = refusal(429, 'report.errors.codeReported', '36000');
    await refusedWith('Hôm nay mã này đã được phản ánh nhiều lần và nhãn hàng đã được thông báo. Cảm ơn bạn.');
    answer = refusal(429, 'report.errors.alreadyReported', '36000');
    await refusedWith('Hôm nay đã có phản ánh về mã này được gửi từ đây. Cảm ơn bạn, chúng tôi đã nhận được.');
    expect(screen.queryByText('R-7K3M-9Q2P')).not.toBeInTheDocument();
  });
});
