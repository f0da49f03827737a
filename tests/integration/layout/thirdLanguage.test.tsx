import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

// Only the list's data is changed: everything that reads the list is the page's own code.
vi.mock('@/i18n/languageList', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/i18n/languageList')>();
  const { GERMAN } = await import('../../support/page/thirdLanguage');
  return { ...original, LANGUAGES: [...original.LANGUAGES, GERMAN] };
});

// The setup file loaded the page's modules with the real list: these are fresh ones that read the longer list.
vi.resetModules();
const { createI18n } = await import('@/i18n/i18n');
const { AppProviders } = await import('@/app/providers');
const { AppRoutes } = await import('@/app/router');
const { makeStore } = await import('@/store/store');
const { brand } = await import('../../../theme/brand');
const { EXAMPLE_CODE } = await import('../../support/mocks/fixtures');

describe('a third language in the browser', () => {
  it('turns the language button into a menu of every language, which switches the page, its title and its dates', async () => {
    const i18n = await createI18n();
    await i18n.changeLanguage('vi');
    const user = userEvent.setup();
    render(
      <AppProviders store={makeStore()}>
        <MemoryRouter initialEntries={[`/dt?qr=${EXAMPLE_CODE}`]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByRole('table', { name: 'Thông tin sản phẩm' });

    await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: 'Ngôn ngữ: VI' }));
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('lang')])).toEqual([
      ['Tiếng Việt', 'vi'],
      ['English', 'en'],
      ['Deutsch', 'de'],
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Deutsch' }));

    expect(await screen.findByRole('table', { name: 'Produktinformationen' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('QR-Code prüfen');
    expect(screen.getByRole('row', { name: /Herstellungsdatum/ })).toHaveTextContent('12.06.2026');
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe(`QR-Code prüfen – ${brand.name}`);
    expect(screen.getByRole('button', { name: 'Language: DE' })).toHaveTextContent('DE');
  });
});
