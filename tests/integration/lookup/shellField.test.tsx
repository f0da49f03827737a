// The static shell's field, typed into before the script ran, handed over to the page that renders over it.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EXAMPLE_CODE } from '../../support/mocks/fixtures';
import type { RenderAppOptions } from '../../support/page/render';

const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: /Mã QR|QR code/ });

/**
 * The shell's field in the document, focused, held as src/main.tsx's first boot step holds it; `typing`
 * done in it meanwhile; then the shell removed as Chromium removes a focused element (with a blur) and
 * the page rendered, as over a static host's shell, and the hand-over ended as main.tsx ends it once
 * React has committed.
 */
async function renderOverShell(
  typing: (shell: HTMLInputElement) => void,
  options?: RenderAppOptions,
  { held = true } = {},
) {
  document.body.innerHTML = '<input id="qr-code" />';
  const shell = document.querySelector('input')!;
  shell.focus();
  vi.resetModules();
  const { shellFields } = await import('@/boot/fieldHandOver');
  if (held) shellFields.hold(document);
  const { renderApp } = await import('../../support/page/render');
  typing(shell);
  // The page renders at least a task later.
  await new Promise((resolve) => setTimeout(resolve));
  const blurredAsRemoved = document.activeElement === shell;
  shell.dispatchEvent(new FocusEvent('blur'));
  shell.remove();
  // In the same task as the removal, as React's commit does it.
  const rendered = await renderApp(options);
  shellFields.endReplaced();
  return { ...rendered, blurredAsRemoved };
}

describe('the static shell’s field', () => {
  it('hands the typing over, with the focus and the caret, when the visitor is still in it', async () => {
    const { blurredAsRemoved } = await renderOverShell((shell) => {
      shell.value = EXAMPLE_CODE;
      shell.setSelectionRange(4, 4);
    });
    expect(blurredAsRemoved).toBe(true);
    expect(input()).toHaveValue(EXAMPLE_CODE);
    expect(input()).toHaveFocus();
    expect([input().selectionStart, input().selectionEnd]).toEqual([4, 4]);
  });

  it('hands the typing over but not the focus when the visitor has left the field', async () => {
    await renderOverShell((shell) => {
      shell.value = EXAMPLE_CODE;
      shell.blur();
    });
    expect(input()).toHaveValue(EXAMPLE_CODE);
    expect(input()).not.toHaveFocus();
  });

  it('keeps the focus for a visitor who switched to another app and back, which blurs the field in place', async () => {
    await renderOverShell((shell) => {
      shell.value = EXAMPLE_CODE;
      shell.dispatchEvent(new FocusEvent('blur'));
    });
    expect(input()).toHaveFocus();
  });

  it('keeps the draft a history entry restores when the visitor only focused the field', async () => {
    const draft = { text: 'abc', error: 'errors.invalidCode', notices: [] };
    await renderOverShell(() => undefined, { route: { pathname: '/', state: { draft } } });
    expect(input()).toHaveValue('abc');
    expect(input()).toHaveFocus();
  });

  it('takes nothing over that the boot did not hold: importing the page grabs no element', async () => {
    await renderOverShell((shell) => (shell.value = EXAMPLE_CODE), undefined, { held: false });
    expect(input()).toHaveValue('');
  });

  it('ends the hand-over with the first page, even one without the field', async () => {
    const { user } = await renderOverShell((shell) => (shell.value = EXAMPLE_CODE), { route: '/nope' });
    await user.click(screen.getByRole('link', { name: 'Quay lại trang tra cứu mã QR' }));
    expect(input()).toHaveValue('');
    expect(input()).not.toHaveFocus();
  });
});
