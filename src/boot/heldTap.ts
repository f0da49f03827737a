/**
 * A tap made on a control of the server's HTML before the page has made that control live, to be made
 * again on the same control once it is. One mechanism for the two places that hold taps: the loader
 * (every button of the page, until the page is live: src/boot/tapHolder.ts) and the result the page
 * keeps as the server's HTML until it is acted on (src/features/lookup/ResultIsland.tsx).
 *
 * The control is found again by what a visitor sees of it, its name and its place among the controls
 * of that name, because the live control may be another element: the page rendered afresh (over the
 * static build's shell, maybe in another language than the shell's), or the result made live.
 */
export type ControlSelector = 'button' | 'a[href]';

export interface HeldTap {
  selector: ControlSelector;
  /** Its accessible name: the aria-label, or else its text. */
  name: string | null;
  /** Its place among the controls of that name. */
  nth: number;
}

const nameOf = (control: Element) => control.getAttribute('aria-label') || control.textContent;

const named = (container: ParentNode, selector: ControlSelector, name: string | null): HTMLElement[] =>
  [...container.querySelectorAll<HTMLElement>(selector)].filter((control) => nameOf(control) === name);

/** The tap on `control`, a button or a link inside `container`. */
export function heldTap(container: ParentNode, control: Element): HeldTap {
  const selector: ControlSelector = control.matches('button') ? 'button' : 'a[href]';
  const name = nameOf(control);
  return { selector, name, nth: named(container, selector, name).indexOf(control as HTMLElement) };
}

/** The control the tap was made on, as `container` holds it now; undefined when it holds none. */
export const heldControl = (container: ParentNode, { selector, name, nth }: HeldTap): HTMLElement | undefined =>
  named(container, selector, name)[nth];

/** The control itself while in the page, or else the page's element of its id (rendered afresh). */
export const sameElement = (control: HTMLElement): HTMLElement | null =>
  control.isConnected ? control : control.id ? document.getElementById(control.id) : null;

/** The tap made again, as a visitor makes it: focused first, so that a dialog it opens gives the focus back to it. */
export function tapAgain(control: HTMLElement): void {
  control.focus();
  control.click();
}
