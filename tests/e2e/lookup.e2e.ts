import { describe, expect, it } from 'vitest';
import { BLANK_FIELDS_CODE, CARTON_CODE, UNIT_CODE, UNKNOWN_CODE, e2eSuite } from '../support/browser/e2eSuite';
import { cartonRows, lookupPage, qrParam, unitRows } from '../support/browser/lookupPage';
import { PROFILES } from '../support/browser/profiles';

const suite = e2eSuite();

describe.each(PROFILES)('typed lookup in Chromium ($name)', ({ language, context }) => {
  it('a typed unit code and the Search button show the product, and the address carries ?qr=', async () => {
    const { page, t, problems, traceCalls } = await suite.open(language, context);
    const ui = lookupPage(page, t);
    await ui.noInformation.waitFor();

    await ui.input.fill(`  ${UNIT_CODE} `); // trimmed on every change
    expect(await ui.input.inputValue()).toBe(UNIT_CODE);
    await ui.searchButton.click();

    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(unitRows(t, language));
    expect(await ui.noInformation.count()).toBe(0);
    expect(qrParam(page)).toBe(UNIT_CODE);
    expect(traceCalls.map((call) => call.postDataJSON())).toEqual([{ QrCode: UNIT_CODE }]);
    expect(problems).toEqual([]);
  });

  it('a typed carton code and Enter show the box with its number of products per carton', async () => {
    const { page, t, problems } = await suite.open(language, context);
    const ui = lookupPage(page, t);

    await ui.input.fill(CARTON_CODE);
    await ui.input.press('Enter');

    await expect.poll(() => ui.rows(), { timeout: 10_000 }).toEqual(cartonRows(t, language));
    expect(qrParam(page)).toBe(CARTON_CODE);
    expect(problems).toEqual([]);
  });

  it("blank values show 'Updating' in grey italic", async () => {
    const { page, t } = await suite.open(language, context);
    const ui = lookupPage(page, t);

    await ui.input.fill(BLANK_FIELDS_CODE);
    await ui.input.press('Enter');

    const rows = await ui.rows();
    expect(rows.find(([label]) => label === t.result.productName)?.[1]).toBe(t.result.updating);
    expect(rows.find(([label]) => label === t.result.expDate)?.[1]).toBe(t.result.updating);
    const updating = ui.resultTable.getByText(t.result.updating).first();
    const style = await updating.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { fontStyle: computed.fontStyle, color: computed.color };
    });
    expect(style.fontStyle).toBe('italic');
    // The theme's secondary text (theme/tokens.ts), which the static styles read as var(--text-secondary).
    expect(style.color).toBe('rgba(0, 0, 0, 0.6)');
    expect(style.color).not.toBe(
      await ui.resultTable
        .getByRole('cell')
        .first()
        .evaluate((cell) => getComputedStyle(cell).color),
    );
  });

  it('the clear button appears only with text, empties the input and keeps the focus there', async () => {
    const { page, t } = await suite.open(language, context);
    const ui = lookupPage(page, t);
    expect(await ui.clearButton.count()).toBe(0);

    await ui.input.fill(UNIT_CODE);
    await ui.clearButton.click();

    expect(await ui.input.inputValue()).toBe('');
    await ui.clearButton.waitFor({ state: 'detached' });
    expect(await ui.input.evaluate((input) => input === document.activeElement)).toBe(true);
  });

  it('leaving the input empty shows the empty-code error, disables Search, and typing clears it', async () => {
    const { page, t, traceCalls } = await suite.open(language, context);
    const ui = lookupPage(page, t);

    await ui.input.focus();
    await ui.input.blur();

    await ui.alert(t.errors.emptyCode).waitFor();
    expect(await ui.searchButton.isDisabled()).toBe(true);
    await ui.input.pressSequentially('1D');
    await ui.alert(t.errors.emptyCode).waitFor({ state: 'detached' });
    expect(await ui.searchButton.isEnabled()).toBe(true);
    expect(traceCalls).toEqual([]);
  });

  it.each(['1D24B3261X54A232', '1D24B3261X54A2320XY'])(
    'a code of invalid length (%s) shows the error and sends no request',
    async (code) => {
      const { page, t, traceCalls } = await suite.open(language, context);
      const ui = lookupPage(page, t);

      await ui.input.fill(code);
      await ui.input.press('Enter');

      await ui.alert(t.errors.invalidCode).waitFor();
      expect(await ui.searchButton.isDisabled()).toBe(true);
      expect(await ui.noInformation.isVisible()).toBe(true);
      expect(qrParam(page)).toBeNull();
      expect(traceCalls).toEqual([]);
    },
  );

  it("an unknown code (HTTP 204) shows 'No products found'", async () => {
    const { page, t, traceCalls } = await suite.open(language, context);
    const ui = lookupPage(page, t);

    await ui.input.fill(UNKNOWN_CODE);
    const answered = page.waitForResponse((response) => response.request() === traceCalls[0]);
    await ui.input.press('Enter');

    expect((await answered).status()).toBe(204);
    await ui.alert(t.errors.noProducts).waitFor();
    expect(await ui.resultTable.count()).toBe(0);
  });
});
