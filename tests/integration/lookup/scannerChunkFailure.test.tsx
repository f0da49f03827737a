import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EXAMPLE_CODE } from '../../support/mocks/fixtures';
import { renderApp } from '../../support/page/render';

// As if the network dropped right after the page opened: the scanner's chunk never arrives.
vi.mock('@/features/scanner/scannerUi', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('when the scanner cannot be loaded', () => {
  it('keeps the page working for typed codes, with the photo button disabled', async () => {
    const { user } = await renderApp({ language: 'en' });
    await user.type(screen.getByRole('textbox', { name: 'QR code' }), `${EXAMPLE_CODE}{Enter}`);
    expect(await screen.findByRole('table', { name: 'Product information' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Scan a code from a photo' })).toBeDisabled();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
  });

  it('says the camera could not be opened instead of showing the error screen', async () => {
    const { user } = await renderApp({ language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    expect(await screen.findByText('The camera could not be opened. Please try again.')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'QR code' })).toBeVisible();
  });
});
