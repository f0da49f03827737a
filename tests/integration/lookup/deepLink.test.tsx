import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_CODE } from '../../support/mocks/fixtures';
import { renderApp } from '../../support/page/render';

describe('a deep link', () => {
  it('prefills the code and shows its product at once', async () => {
    const { location } = await renderApp({ route: `/dt?qr=${EXAMPLE_CODE}` });
    expect(screen.getByRole('textbox', { name: 'Mã QR' })).toHaveValue(EXAMPLE_CODE);
    const table = await screen.findByRole('table', { name: 'Thông tin sản phẩm' });
    expect(within(table).getByRole('row', { name: /Mã QR/ })).toHaveTextContent(EXAMPLE_CODE);
    expect(location.current?.location.search).toBe(`?qr=${EXAMPLE_CODE}`);
  });
});
