import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { LOOKUP_PURPOSE_HEADER } from '@/contract/traceContract';
import { UnitCodeList } from '@/features/lookup/result/UnitCodeList';
import { makeStore } from '@/store/store';
import { TRACE_URL } from '../../support/mocks/handlers';
import { server } from '../../support/mocks/node';
import { i18n } from '../../support/page/i18nInstance';

// A carton past the page's inline bound: its server-rendered state holds the listed codes and their number
// (unitsForPage), and "Show all" looks the whole list up.
const CARTON = 'TH26A1105C60B0001';
const UNITS = Array.from({ length: 600 }, (_, i) => `HP26A1105C60U${String(i + 1).padStart(4, '0')}`);

async function renderList() {
  await i18n.changeLanguage('vi');
  const user = userEvent.setup();
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter>
        <UnitCodeList carton={CARTON} codes={UNITS.slice(0, 10)} total={UNITS.length} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user, list: screen.getByRole('region', { name: 'Mã sản phẩm lẻ trong hệ thống' }) };
}

describe("a big carton's Show all", () => {
  it('is busy while the list loads, says so when it fails, and shows all codes on retry, the focus on the first revealed', async () => {
    const purposes: (string | null)[] = [];
    let release: () => void = () => undefined;
    let calls = 0;
    server.use(
      http.post(TRACE_URL, async ({ request }) => {
        purposes.push(request.headers.get(LOOKUP_PURPOSE_HEADER));
        calls += 1;
        if (calls === 1) {
          await new Promise<void>((resolve) => (release = resolve));
          return HttpResponse.json({ Code: 500, Message: 'System error!', Data: null, Status: false }, { status: 500 });
        }
        return HttpResponse.json({ Data: { Box: [{ Code: CARTON, UnitCodes: UNITS }], Products: [] } });
      }),
    );
    const { user, list } = await renderList();
    expect(within(list).getAllByRole('link')).toHaveLength(10);

    await user.click(within(list).getByRole('button', { name: 'Xem tất cả 600 mã' }));
    const busy = await within(list).findByRole('button', { name: 'Đang tải các mã…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveFocus();
    release();

    expect(await within(list).findByRole('alert')).toHaveTextContent('Không tải được danh sách mã. Vui lòng thử lại.');
    expect(within(list).getAllByRole('link')).toHaveLength(10);
    await user.click(within(list).getByRole('button', { name: 'Thử lại' }));

    await within(list).findByRole('link', { name: UNITS[599] });
    expect(within(list).getAllByRole('link')).toHaveLength(600);
    expect(within(list).getAllByRole('link')[10]).toHaveFocus();
    expect(within(list).queryByRole('alert')).toBeNull();
    expect(purposes).toEqual(['recheck', 'recheck']);
  });
});
