import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARTON_CODE, EXAMPLE_CODE, RECALLED_CODE, answerWithExtras, errorBody } from '../../support/mocks/fixtures';
import { TRACE_URL } from '../../support/mocks/handlers';
import { server } from '../../support/mocks/node';
import { renderApp } from '../../support/page/render';

// Only Date is faked (23 Nov 2026, 10:00 in Vietnam): the page's idle wait and MSW run on real timers.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T10:00:00+07:00'));
});
afterEach(() => vi.useRealTimers());

const TODAY = '2026-11-23';
/** The watch starts once the page is idle (jsdom has no requestIdleCallback: 1.5 s after the page is ready). */
const AFTER_IDLE = { timeout: 15_000 };

interface Sent {
  code: string;
  purpose: string | null;
  body: unknown;
}

/** Every trace call from now on: its code, its purpose header and its whole body, in the order sent. */
function recordSent(): Sent[] {
  const sent: Sent[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url !== TRACE_URL) return;
    const purpose = request.headers.get('X-Lookup-Purpose');
    void request
      .clone()
      .json()
      .then((body: { QrCode: string }) => sent.push({ code: body.QrCode, purpose, body }));
  });
  return sent;
}

function keep(...entries: object[]) {
  localStorage.setItem('recentLookups', JSON.stringify(entries));
}

const noBanner = () => screen.queryByRole('alert', { name: /bị thu hồi|recalled/ });
const banner = (name: RegExp | string = /bị thu hồi|recalled/) => screen.findByRole('alert', { name }, AFTER_IDLE);

// Each test waits for the page to be idle, then for real lookups through MSW: slower than a unit test.
describe('the recall watch', () => {
  it('re-checks the lookups kept on the phone and announces a lot recalled since, with a link to its result', async () => {
    keep(
      { code: RECALLED_CODE, name: 'Sữa chua uống men sống 85ml', lot: 'active' },
      { code: EXAMPLE_CODE, name: 'Sữa bột Đồng Xanh Gold 900g', lot: 'active' },
    );
    const sent = recordSent();
    const { user, location } = await renderApp({ route: '/' });
    const alert = await banner('Có 1 sản phẩm bạn từng tra cứu đã bị thu hồi');
    expect(alert).toHaveTextContent(
      'Vui lòng không sử dụng sản phẩm đã bị thu hồi. Bấm vào sản phẩm bên dưới để xem lý do thu hồi và cách xử lý.',
    );
    const link = within(alert).getByRole('link', { name: `Sữa chua uống men sống 85ml · ${RECALLED_CODE}` });
    expect(link).toHaveAttribute('href', `/dt?qr=${RECALLED_CODE}&again=1`);
    expect(within(alert).queryByText(new RegExp(EXAMPLE_CODE))).toBeNull();

    // Only the codes left the device, each marked as a re-check (never counted as a shopper's check).
    expect(sent).toEqual([
      { code: RECALLED_CODE, purpose: 'recheck', body: { QrCode: RECALLED_CODE } },
      { code: EXAMPLE_CODE, purpose: 'recheck', body: { QrCode: EXAMPLE_CODE } },
    ]);
    expect(localStorage.getItem('recallWatchDay')).toBe(TODAY);
    expect(JSON.parse(localStorage.getItem('recentLookups') ?? '[]')[0]).toMatchObject({
      code: RECALLED_CODE,
      lot: 'recalled',
    });

    await user.click(link);
    // The page's own link: a re-check (its lookup says so), never counted.
    expect(location.current?.location.search).toBe(`?qr=${RECALLED_CODE}&again=1`);
    expect(sent.at(-1)).toMatchObject({ code: RECALLED_CODE, purpose: 'recheck' });
    expect(await screen.findByRole('region', { name: 'Lô sản phẩm này đã bị thu hồi' })).toBeVisible();
    // The result says it now: the banner does not repeat it above.
    expect(screen.queryByRole('alert', { name: /bạn từng tra cứu/ })).toBeNull();
  });

  it('says nothing of a lot the phone already knew recalled, or of one still active', async () => {
    keep({ code: RECALLED_CODE, name: null, lot: 'recalled' }, { code: EXAMPLE_CODE, name: null, lot: 'active' });
    const sent = recordSent();
    await renderApp({ route: '/' });
    await waitFor(() => expect(sent).toHaveLength(2), AFTER_IDLE);
    await waitFor(() => expect(localStorage.getItem('recentLookups')).toContain('recalled'));
    expect(noBanner()).toBeNull();
  });

  it('re-checks at most once a day', async () => {
    keep({ code: RECALLED_CODE, name: null, lot: 'active' });
    localStorage.setItem('recallWatchDay', TODAY);
    const sent = recordSent();
    const first = await renderApp({ route: '/' });
    // The page is idle and its recent list is on screen; no request went out after a longer wait.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(sent).toEqual([]);
    first.unmount();

    localStorage.setItem('recallWatchDay', '2026-11-22');
    await renderApp({ route: '/' });
    expect(await banner()).toBeVisible();
    expect(sent.map(({ code }) => code)).toEqual([RECALLED_CODE]);
  });

  it("waits for the shopper's own result, and leaves the code on screen out", async () => {
    keep({ code: RECALLED_CODE, name: null, lot: 'active' }, { code: EXAMPLE_CODE, name: null, lot: 'active' });
    const sent = recordSent();
    await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    await banner();
    expect(sent).toEqual([
      { code: EXAMPLE_CODE, purpose: null, body: { QrCode: EXAMPLE_CODE } },
      { code: RECALLED_CODE, purpose: 'recheck', body: { QrCode: RECALLED_CODE } },
    ]);
  });

  it('is dismissed for good, and reads in English', async () => {
    keep({ code: CARTON_CODE, name: 'Sữa tươi tiệt trùng ít đường 180ml', lot: 'active' });
    server.use(http.post(TRACE_URL, () => HttpResponse.json(answerWithExtras(CARTON_CODE, { LotStatus: 'recalled' }))));
    const { user, unmount } = await renderApp({ route: '/', language: 'en' });
    const alert = await banner('1 product you looked up has been recalled');
    expect(alert).toHaveTextContent(
      'Please do not use it. Tap the product below to see why it was recalled and what to do.',
    );
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(noBanner()).toBeNull();
    expect(localStorage.getItem('recallAlerts')).toBeNull();
    // Dismissed, the recall is still marked on the product in the recent lookups, until the history is cleared.
    const recent = screen.getByRole('region', { name: 'Recent lookups' });
    expect(within(recent).getByRole('link', { name: /Sữa tươi tiệt trùng ít đường 180ml/ })).toHaveTextContent(
      `Sữa tươi tiệt trùng ít đường 180mlRecalled${CARTON_CODE}`,
    );
    unmount();

    // Tomorrow: the lot is known recalled now, so it is not announced again.
    localStorage.setItem('recallWatchDay', '2026-11-22');
    const sent = recordSent();
    await renderApp({ route: '/', language: 'en' });
    await waitFor(() => expect(sent).toHaveLength(1), AFTER_IDLE);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(noBanner()).toBeNull();
  });

  it('keeps an alert found earlier until it is dismissed, and clears it with the history', async () => {
    keep({ code: RECALLED_CODE, name: null, lot: 'recalled' });
    localStorage.setItem('recallWatchDay', TODAY);
    localStorage.setItem('recallAlerts', JSON.stringify([{ code: RECALLED_CODE, name: null }]));
    const { user } = await renderApp({ route: '/' });
    expect(await banner()).toHaveTextContent(RECALLED_CODE);
    await user.click(screen.getByRole('button', { name: 'Xóa lịch sử' }));
    await waitFor(() => expect(noBanner()).toBeNull());
    expect(localStorage.getItem('recallAlerts')).toBeNull();
  });

  it('stops its pass when the service asks to slow down', async () => {
    keep({ code: RECALLED_CODE, name: null, lot: 'active' }, { code: EXAMPLE_CODE, name: null, lot: 'active' });
    server.use(
      http.post(TRACE_URL, () =>
        HttpResponse.json(errorBody(429, 'RATE_LIMIT', 'Too many'), { status: 429, headers: { 'Retry-After': '30' } }),
      ),
    );
    const sent = recordSent();
    await renderApp({ route: '/' });
    await waitFor(() => expect(sent).toHaveLength(1), AFTER_IDLE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toHaveLength(1);
    expect(noBanner()).toBeNull();
  });
});
