import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARTON_CODE, EXAMPLE_CODE } from '../../support/mocks/fixtures';
import { recordTracedCodes } from '../../support/mocks/traceCalls';
import { renderApp } from '../../support/page/render';

const shareButton = () => screen.findByRole('button', { name: 'Chia sẻ' });

/**
 * This browser's share sheet, clipboard and languages (jsdom has neither of the first two). Called after
 * renderApp: user-event's setup puts a clipboard of its own on navigator.
 */
function stubBrowser({
  share,
  writeText,
}: {
  share?: (data: ShareData) => Promise<void>;
  writeText?: (text: string) => Promise<void>;
}) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  Object.defineProperty(navigator, 'clipboard', { value: writeText && { writeText }, configurable: true });
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['vi-VN']);
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('sharing a result', () => {
  it("opens the phone's share sheet with the code's link where there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const { user } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    stubBrowser({ share });
    await user.click(await shareButton());
    expect(share).toHaveBeenCalledWith({
      title: 'Sữa bột Đồng Xanh Gold 900g – thông tin truy xuất nguồn gốc',
      url: `http://localhost:3000/dt?qr=${EXAMPLE_CODE}`,
    });
  });

  it('copies the link, with the language the visitor chose, and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const { user } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}`, language: 'en' });
    stubBrowser({ writeText });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`http://localhost:3000/dt?qr=${EXAMPLE_CODE}&lng=en`);
    expect(await screen.findByText('Link copied')).toBeVisible();
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    const writeText = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const { user } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    stubBrowser({ writeText });
    await user.click(await shareButton());
    expect(await screen.findByRole('textbox', { name: /Không sao chép được/ })).toHaveValue(
      `http://localhost:3000/dt?qr=${EXAMPLE_CODE}`,
    );
  });
});

describe('recent lookups', () => {
  const recent = () => screen.findByRole('region', { name: 'Tra cứu gần đây' });
  const input = () => screen.getByRole('textbox', { name: 'Mã QR' });

  it(
    'lists what this device looked up, newest first, with product names, but not the one on screen; one tap looks again',
    { timeout: 20_000 },
    async () => {
      const codes = recordTracedCodes();
      const { user, location } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
      await screen.findByRole('table');
      expect(screen.queryByRole('region', { name: 'Tra cứu gần đây' })).not.toBeInTheDocument();
      await user.clear(input());
      await user.type(input(), `${CARTON_CODE}{Enter}`);
      await screen.findByRole('row', { name: /Số sản phẩm trên mỗi thùng/ });
      const links = within(await recent()).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual([`Sữa bột Đồng Xanh Gold 900g${EXAMPLE_CODE}`]);
      await user.click(links[0]);
      expect(await screen.findByRole('row', { name: /Định lượng/ })).toHaveTextContent('900 gam');
      // The page's own link: a re-check, which the service does not count.
      expect(location.current?.location.search).toBe(`?qr=${EXAMPLE_CODE}&again=1`);
      expect(
        within(await recent())
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([`Sữa tươi tiệt trùng ít đường 180ml${CARTON_CODE}`]);
      expect(codes).toEqual([EXAMPLE_CODE, CARTON_CODE, EXAMPLE_CODE]);
      expect(JSON.parse(localStorage.getItem('recentLookups') ?? '[]')).toEqual([
        // With the lot's status the answer gave, which the recall watch compares its re-checks with.
        { code: EXAMPLE_CODE, name: 'Sữa bột Đồng Xanh Gold 900g', lot: 'active' },
        { code: CARTON_CODE, name: 'Sữa tươi tiệt trùng ít đường 180ml', lot: 'active' },
      ]);
    },
  );

  it('clears the list from this device, focus going back to the field', async () => {
    localStorage.setItem('recentLookups', JSON.stringify([{ code: CARTON_CODE, name: 'Sữa tươi' }]));
    const { user } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    // The result first: its code joins the list when it shows, and a lookup made after a clear is kept (rightly).
    await screen.findByRole('row', { name: /Định lượng/ });
    await user.click(within(await recent()).getByRole('button', { name: 'Xóa lịch sử' }));
    expect(screen.queryByRole('region', { name: 'Tra cứu gần đây' })).not.toBeInTheDocument();
    expect(localStorage.getItem('recentLookups')).toBeNull();
    expect(input()).toHaveFocus();
  });

  it('works when storage is blocked', { timeout: 20_000 }, async () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const app = renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    // From the page's first render on (the test's i18n setup writes its language to storage before it).
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(blocked);
    const { user } = await app;
    await screen.findByRole('table');
    await user.clear(input());
    await user.type(input(), `${CARTON_CODE}{Enter}`);
    expect(within(await recent()).getByRole('link', { name: /Sữa bột Đồng Xanh Gold 900g/ })).toBeVisible();
  });
});
