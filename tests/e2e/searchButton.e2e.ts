import { describe, expect, it } from 'vitest';
import { e2eSuite } from '../support/browser/e2eSuite';
import { lookupPage } from '../support/browser/lookupPage';
import { DESKTOP_EN, PHONE_VI } from '../support/browser/profiles';

const suite = e2eSuite();

// MUI's sm breakpoint is 600 px: below it the Search button shows only its icon, keeping its name.
describe('the Search button', () => {
  it('is icon-only on a phone', async () => {
    const { page, t } = await suite.open(PHONE_VI.language, PHONE_VI.context);
    const { searchButton } = lookupPage(page, t);
    await searchButton.waitFor();
    expect(await searchButton.getByText(t.lookup.search).isVisible()).toBe(false);
    expect(await searchButton.locator('svg').isVisible()).toBe(true);
  });

  it('shows its text on a desktop', async () => {
    const { page, t } = await suite.open(DESKTOP_EN.language, DESKTOP_EN.context);
    const { searchButton } = lookupPage(page, t);
    await searchButton.waitFor();
    expect(await searchButton.getByText(t.lookup.search).isVisible()).toBe(true);
  });
});
