import { dialogFrames } from './dialogFrame';
import { heldControl, heldTap, sameElement, tapAgain, type HeldTap } from './heldTap';
import { languageCopies, swapIn } from './languageSwap';
import { DIALOG_TITLE, LANGUAGE_ATTRIBUTE, PAGE_LIVE, onAnnounced, pageRoot } from './protocol';

/** A tap on a button of the page's HTML, held until the page is live. */
interface Held {
  button: HTMLButtonElement;
  at: HeldTap;
  /** The language a language button asked for. */
  language: string | null;
}

/** The page has a handful of buttons: more taps than this before it is live are not a visitor's. */
const MAX_HELD = 8;

/**
 * The tapped button on the live page: itself, or where the page rendered afresh (over the static build's
 * shell, maybe in another language than the shell's) the button of the same id, or else of the same
 * name and place.
 */
const liveButton = ({ button, at }: Held, root: HTMLElement) => sameElement(button) ?? heldControl(root, at);

/**
 * Answers the taps a shopper makes on the page's buttons before the script has made them live: such a
 * button in the server's HTML has no handler yet. On a slow phone the script takes most of a second to
 * start (bench:page, first tap), so where the HTML allows it the tap is answered at once:
 * - the language button on a page the server rendered swaps in the server's copy of the page in that
 *   language (src/boot/languageSwap.ts);
 * - a button that opens a dialog (the camera's) shows that dialog's frame at once (src/boot/dialogFrame.ts).
 * Every other tap (and the language button's on the static build's shell, which comes with no copy, or
 * once the page's script has begun reading the HTML) is held and made again on the same button once the
 * page says it is live. Submit buttons and links are left alone: the form and links work without script.
 */
export function holdTaps(): void {
  let held: Held[] = [];
  const copyIn = languageCopies();
  const frames = dialogFrames((button) => (held = held.filter((tap) => tap.button !== button)));

  function hold(event: MouseEvent) {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const root = pageRoot();
    if (!button || !root || !root.contains(button) || button.type === 'submit') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const language = button.getAttribute(LANGUAGE_ATTRIBUTE);
    const copy = language && copyIn(language);
    if (copy) {
      const moved = swapIn(copy, root);
      for (const tap of held) {
        const button = moved(tap.button);
        if (!button) continue;
        tap.button = button;
        tap.at = heldTap(root, button);
      }
      return;
    }
    if (held.length < MAX_HELD) held.push({ button, at: heldTap(root, button), language });
    if (button.hasAttribute(DIALOG_TITLE)) frames.show(button);
  }

  window.addEventListener('click', hold, true);
  onAnnounced(PAGE_LIVE, () => {
    window.removeEventListener('click', hold, true);
    frames.handOver();
    const root = pageRoot();
    for (const tap of held) {
      const button = root && liveButton(tap, root);
      // A language tap is made again only where it still asks for the same language: the page may have
      // rendered in that one already.
      if (button && button.getAttribute(LANGUAGE_ATTRIBUTE) === tap.language) tapAgain(button);
    }
    held = [];
  });
}
