/**
 * What the page's HTML, its loader (inline in the head, src/boot/afterFirstPaint.ts) and the page's
 * script say to each other before the page is live: two events on the document, the attributes the
 * loader reads off its own tag and off the page's buttons, the elements it finds by id, and the cookie
 * that keeps the visitor's language. Every side writes and reads them through this module, so a name
 * changed here changes everywhere. Plain constants: the loader's build inlines them, so they cost the
 * page's head no more than the bare strings did.
 */
import {
  ALTERNATE_DESCRIPTION,
  ALTERNATE_PAGE_ID,
  ALTERNATE_TITLE,
  SERVER_STATE_ID,
} from '../contract/traceContract.ts';

/** The page's root element, into which the server rendered the page (or the build its shell). */
export const ROOT_ID = 'root';
/** The root, found when asked: the loader runs in the head, before the body exists. */
export const pageRoot = (): HTMLElement | null => document.getElementById(ROOT_ID);
/**
 * The server's copy of the page in the other language (a <template>, its title and description in two of
 * its attributes), and its store's state: the service writes them, so they are the contract's.
 */
export { ALTERNATE_DESCRIPTION, ALTERNATE_PAGE_ID, ALTERNATE_TITLE, SERVER_STATE_ID };

/** Said by the page's script once it starts reading the HTML: the loader no longer swaps the page for its copy. */
export const PAGE_READING = 'page:reading';
/** Said by the page's script once its buttons have their own handlers: the loader makes the taps it held again. */
export const PAGE_LIVE = 'page:live';
export type PageEvent = typeof PAGE_READING | typeof PAGE_LIVE;

/** Said by the page's script (src/main.tsx). */
export function announce(event: PageEvent): void {
  document.dispatchEvent(new Event(event));
}

/** Heard by the loader, once. */
export function onAnnounced(event: PageEvent, listener: () => void): void {
  document.addEventListener(event, listener, { once: true });
}

/** On the loader's own tag: the page's modules (run in order), space-separated. */
export const LOADER_MODULES = 'data-modules';
/** On the loader's own tag: the chunks those modules start with, space-separated. */
export const LOADER_PRELOADS = 'data-preloads';

/** On the language button: the language it switches to, whose copy of the page the loader may swap in. */
export const LANGUAGE_ATTRIBUTE = 'data-language';

/** The language button's attribute, as the page renders it (src/layout/LanguageToggle.tsx). */
export const languageSwitch = (language: string) => ({ [LANGUAGE_ATTRIBUTE]: language });

/** The texts and colour of the dialog a button opens, for the frame the loader shows at a tap on it. */
export interface DialogFrameTexts {
  title: string;
  close: string;
  /** What the frame says while the page's own dialog is on its way ("starting the camera"). */
  busy: string;
  /** The brand's colour, behind the frame's Close button as behind the page's own. */
  color: string;
}

export const DIALOG_TITLE = 'data-dialog-title';
export const DIALOG_CLOSE = 'data-dialog-close';
export const DIALOG_BUSY = 'data-dialog-busy';
export const DIALOG_COLOR = 'data-dialog-color';

/** A dialog's button's attributes, as the page renders them (src/features/lookup/QrCodeField.tsx). */
export const dialogFrameAttributes = ({ title, close, busy, color }: DialogFrameTexts) => ({
  [DIALOG_TITLE]: title,
  [DIALOG_CLOSE]: close,
  [DIALOG_BUSY]: busy,
  [DIALOG_COLOR]: color,
});

/** On the frame the loader shows: the page's own dialog is any other. */
export const HELD_FRAME_ATTRIBUTE = 'data-held-tap';

/**
 * The visitor's language, kept in a cookie as well as in localStorage so that the server renders by it:
 * written by the page's language detector (src/i18n/i18n.ts) and by the loader's swap.
 */
export const LANGUAGE_COOKIE = 'i18nextLng';
/** How long the choice is kept: a year. */
export const LANGUAGE_COOKIE_SECONDS = 31_536_000;

/** The cookie as the loader writes it, with the options the page's detector writes it with. */
export const languageCookie = (language: string) =>
  `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_SECONDS}; samesite=lax`;
