import { render, screen } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { makeStore } from '@/store/store';
import { AppLayout } from '@/layout/AppLayout';
import { i18n } from '../../support/page/i18nInstance';
import { EXAMPLE_CODE } from '../../support/mocks/fixtures';
import { renderApp } from '../../support/page/render';

describe('routes', () => {
  it.each(['/', '/dt'])('%s shows the lookup page', async (route) => {
    await renderApp({ route });
    expect(screen.getByRole('heading', { level: 1, name: 'Kiểm tra mã QR' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Mã QR' })).toBeVisible();
  });

  it.each(['/', '/dt'])('%s?qr= prefills the code and searches at once', async (route) => {
    await renderApp({ route: `${route}?qr=${EXAMPLE_CODE}`, language: 'en' });
    expect(screen.getByRole('textbox', { name: 'QR code' })).toHaveValue(EXAMPLE_CODE);
    expect(await screen.findByRole('table', { name: 'Product information' })).toHaveTextContent(EXAMPLE_CODE);
  });

  it('checks a deep-linked code like a typed one', async () => {
    await renderApp({ route: '/dt?qr=TOO-SHORT', language: 'en' });
    expect(screen.getByText('Invalid QR code')).toBeVisible();
    expect(screen.getByText('No information to display')).toBeVisible();
  });

  it.each([
    ['vi', 'Không tìm thấy trang!', 'Quay lại trang tra cứu mã QR'],
    ['en', 'Page not found!', 'Back to the QR search page'],
  ] as const)('any other path says %s, with a link back to the search page', async (language, title, back) => {
    const { user, location } = await renderApp({ route: '/no/such/page', language });
    expect(screen.getByRole('heading', { name: title })).toBeVisible();
    await user.click(screen.getByRole('link', { name: back }));
    expect(location.current?.location.pathname).toBe('/');
    expect(screen.getByRole('textbox')).toBeVisible();
  });
});

function Broken(): never {
  throw new Error('render failed');
}

function BrokenRoutes() {
  return useRoutes([{ element: <AppLayout />, children: [{ path: '*', element: <Broken /> }] }]);
}

describe('a route that fails to render', () => {
  it.each([
    ['vi', 'Đã xảy ra lỗi không mong muốn!'],
    ['en', 'Unexpected Application Error!'],
  ] as const)('shows the translated error screen inside the layout (%s)', async (language, title) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.changeLanguage(language);
    render(
      <AppProviders store={makeStore()}>
        <MemoryRouter initialEntries={['/dt']}>
          <BrokenRoutes />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(title);
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('link', { name: /Quay lại|Back to/ })).toHaveAttribute('href', '/');
  });
});
