import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EXAMPLE_CODE } from '../../support/mocks/fixtures';
import { renderApp } from '../../support/page/render';

// As if the network dropped right after the page opened: the result's view (a chunk of its own) never arrives.
vi.mock('@/features/lookup/result/TraceResultView', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe("when the result's view cannot be loaded", () => {
  it('says so where the result would be, and the field stays usable', async () => {
    const { user } = await renderApp({ language: 'en' });
    const field = screen.getByRole('textbox', { name: 'QR code' });
    await user.type(field, `${EXAMPLE_CODE}{Enter}`);
    const message = await screen.findByText(
      'The result could not be shown. Check your connection and reload the page.',
    );
    expect(message.closest('[role="alert"]')).toBeVisible();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'ABC');
    expect(field).toHaveValue('ABC');
  });
});
