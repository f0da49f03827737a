import { describe, expect, it, vi } from 'vitest';
import { heldControl, heldTap, sameElement, tapAgain } from '@/boot/heldTap';

/** A result as the server sent it: two Share buttons (a visitor tells them apart by place) and a link. */
const RESULT = `
  <button aria-label="Chia sẻ">⤴</button>
  <button>Hiện tất cả</button>
  <button aria-label="Chia sẻ">⤴</button>
  <a href="/dt?qr=TH26A1105C48B0001">TH26A1105C48B0001</a>`;

function container(html: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

describe('a tap held on the HTML before it is live, made again on the live page', () => {
  it('finds the same control again by its name and place once the HTML is rendered afresh', () => {
    const served = container(RESULT);
    const taps = [...served.querySelectorAll('button, a')].map((control) => heldTap(served, control));
    expect(taps[2]).toEqual({ selector: 'button', name: 'Chia sẻ', nth: 1 });
    expect(taps[3]).toEqual({ selector: 'a[href]', name: 'TH26A1105C48B0001', nth: 0 });
    // The live view: the same controls, new elements.
    const live = container(RESULT);
    const found = taps.map((tap) => heldControl(live, tap));
    expect(found).toEqual([...live.querySelectorAll('button, a')]);
    // A control the live page no longer shows is not guessed at.
    expect(heldControl(container('<button>Khác</button>'), taps[1])).toBeUndefined();
  });

  it('takes the control itself while in the page, else the element of its id', () => {
    const button = container('<button id="language-button">EN</button>').querySelector('button')!;
    expect(sameElement(button)).toBe(button);
    button.remove();
    const again = container('<button id="language-button">EN</button>').querySelector('button')!;
    expect(sameElement(button)).toBe(again);
    const nameless = document.createElement('button');
    expect(sameElement(nameless)).toBeNull();
  });

  it('makes the tap focused, so that a dialog it opens gives the focus back to it', () => {
    const button = container('<button>Quét</button>').querySelector('button')!;
    const focusedAtClick = vi.fn(() => document.activeElement);
    button.addEventListener('click', focusedAtClick);
    tapAgain(button);
    expect(focusedAtClick).toHaveReturnedWith(button);
  });
});
