import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brand } from '../../../theme/brand';
import { EXAMPLE_CODE } from '../../support/mocks/fixtures';
import { renderApp } from '../../support/page/render';

describe('the shared layout', () => {
  it('has a header with the company logo linking to its website', async () => {
    await renderApp();
    const header = screen.getByRole('banner');
    const home = within(header).getByRole('link', { name: `Trang web ${brand.name}` });
    expect(home).toHaveAttribute('href', brand.website);
    expect(within(home).getByRole('img', { name: `Logo ${brand.name}` })).toHaveAttribute('src', brand.logo);
  });

  it.each([
    ['vi', 'VI: chuyển sang English'],
    ['en', 'EN: switch to Tiếng Việt'],
  ] as const)('has the language button in the header (%s)', async (language, name) => {
    await renderApp({ language });
    expect(within(screen.getByRole('banner')).getByRole('button', { name })).toHaveTextContent(language.toUpperCase());
  });

  it('has a footer with the current year and the company name', async () => {
    await renderApp();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} ${brand.name}`);
  });
});

describe('the language button', () => {
  it('switches every visible text at once, updates <html lang>, the title and the description, and remembers the choice', async () => {
    // As index.html has it.
    document.head.insertAdjacentHTML('beforeend', '<meta name="description" content="" />');
    const { user } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    await screen.findByRole('table', { name: 'Thông tin sản phẩm' });
    expect(document.documentElement.lang).toBe('vi');

    await user.click(screen.getByRole('button', { name: 'VI: chuyển sang English' }));

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('QR code check');
    expect(screen.getByRole('table', { name: 'Product information' })).toBeVisible();
    expect(screen.getByRole('row', { name: /Packaging unit/ })).toHaveTextContent('can');
    expect(screen.getByRole('textbox', { name: 'QR code' })).toHaveAttribute(
      'placeholder',
      'Enter the QR code to look up. E.g.: 1D24B3261X54A2320',
    );
    expect(screen.getByRole('button', { name: 'EN: switch to Tiếng Việt' })).toHaveTextContent('EN');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe(`QR code check – ${brand.name}`);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Look up the trace information of a milk product by its QR code.',
    );
    expect(localStorage.getItem('i18nextLng')).toBe('en');

    await user.click(screen.getByRole('button', { name: 'EN: switch to Tiếng Việt' }));
    expect(screen.getByRole('row', { name: /Đơn vị đóng gói/ })).toHaveTextContent('lon');
    expect(document.documentElement.lang).toBe('vi');
    expect(document.title).toBe(`Kiểm tra mã QR – ${brand.name}`);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Tra cứu thông tin truy xuất nguồn gốc sản phẩm sữa bằng mã QR.',
    );
    expect(localStorage.getItem('i18nextLng')).toBe('vi');
  });
});
