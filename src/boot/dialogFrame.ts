import { DIALOG_BUSY, DIALOG_CLOSE, DIALOG_COLOR, DIALOG_TITLE, HELD_FRAME_ATTRIBUTE, pageRoot } from './protocol';
import { sameElement } from './heldTap';

/**
 * The frame of the dialog a held tap asked for (the camera's), shown at once, saying that it is
 * starting, until the page's own dialog opens over it; closing it drops the tap.
 */
export interface DialogFrames {
  /** Shows the frame of `button`'s dialog (its texts in its attributes), unless one is shown. */
  show(button: HTMLButtonElement): void;
  /** The page is live and has made the tap again: the frame goes once the page's own dialog opens. */
  handOver(): void;
}

interface Frame {
  dialog: HTMLElement;
  /** Closed by the visitor: the page's dialog, once it opens, is closed too. */
  cancelled: boolean;
}

/** MUI's modal layer is 1300: the frame sits under the page's own dialog and over the header. */
const FRAME_STYLE = 'position:fixed;inset:0;z-index:1250;display:flex;flex-direction:column;background:#000;color:#fff';
const TITLE_STYLE = 'margin:0;padding:16px 112px 16px 24px;font-size:1.25rem;font-weight:500;line-height:1.6';
/** The brand's colour and the theme's white text on it, as the page's own dialog shows its Close button. */
const CLOSE_STYLE =
  'position:absolute;top:10px;right:8px;min-height:44px;padding:6px 16px;border:0;border-radius:10px;' +
  'font:inherit;font-size:.875rem;font-weight:600;color:#fff;background:';
/** Where the page's dialog shows the camera's picture and the hint under it. */
const STATUS_STYLE = 'margin:0;padding:48px 24px;text-align:center';
/** The page's dialog opens within this once the tap is made again, or never will. */
const HAND_OVER_MS = 5000;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, style: string, text: string | null) {
  const made = document.createElement(tag);
  made.style.cssText = style;
  made.textContent = text;
  return made;
}

/** `dismissed` hears of a frame the visitor closed, whose tap is then not to be made again. */
export function dialogFrames(dismissed: (button: HTMLButtonElement) => void): DialogFrames {
  let frame: Frame | null = null;
  let live = false;

  function remove() {
    if (!frame) return;
    frame.dialog.remove();
    frame = null;
    const root = pageRoot();
    if (root) root.inert = false;
  }

  function show(button: HTMLButtonElement) {
    if (frame) return;
    const text = (attribute: string) => button.getAttribute(attribute);
    const dialog = element('div', FRAME_STYLE, '');
    const title = element('h2', TITLE_STYLE, text(DIALOG_TITLE));
    const close = element('button', CLOSE_STYLE + text(DIALOG_COLOR), text(DIALOG_CLOSE));
    const status = element('p', STATUS_STYLE, text(DIALOG_BUSY));
    const shown: Frame = { dialog, cancelled: false };
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', 'held-dialog-title');
    dialog.setAttribute(HELD_FRAME_ATTRIBUTE, '');
    title.id = 'held-dialog-title';
    close.type = 'button';
    status.setAttribute('role', 'status');
    dialog.append(title, close, status);
    const dismiss = () => {
      shown.cancelled = true;
      dismissed(button);
      remove();
      sameElement(button)?.focus();
    };
    close.addEventListener('click', dismiss);
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') dismiss();
    });
    document.body.appendChild(dialog);
    frame = shown;
    // The page made inert and the focus moved once the frame is on screen: both restyle the whole page,
    // which on a slow phone busy starting its script put the frame's first paint past 200 ms
    // (bench:page, first tap: median 159 → 107 ms of 9). Not once the page is live: the tap has been
    // made again on the page's button, which has the focus for the page's dialog to give back.
    requestAnimationFrame(() =>
      setTimeout(() => {
        const root = pageRoot();
        if (frame !== shown || live || !root) return;
        root.inert = true;
        close.focus();
      }),
    );
  }

  // The page's dialog opens over the frame, in this task or once its chunk has come; the frame goes
  // then (or after a few seconds, if the page's dialog never opens). A frame closed meanwhile closes the
  // page's dialog as it opens, as Escape does.
  function handOver() {
    live = true;
    const shown = frame;
    if (!shown) return;
    const root = pageRoot();
    if (root) root.inert = false;
    const done = (opened?: Element) => {
      watch.disconnect();
      clearTimeout(timer);
      if (frame === shown) remove();
      if (opened && shown.cancelled)
        opened.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    };
    const watch = new MutationObserver(() => {
      const opened = document.querySelector(`[role="dialog"]:not([${HELD_FRAME_ATTRIBUTE}])`);
      if (opened) done(opened);
    });
    const timer = setTimeout(done, HAND_OVER_MS);
    watch.observe(document.body, { childList: true, subtree: true });
  }

  return { show, handOver };
}
