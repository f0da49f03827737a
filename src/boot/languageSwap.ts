import {
  ALTERNATE_DESCRIPTION,
  ALTERNATE_PAGE_ID,
  ALTERNATE_TITLE,
  PAGE_READING,
  languageCookie,
  onAnnounced,
} from './protocol';

/**
 * The server's copy of the page in `language` (an inert <template> beside the root), to swap in at a tap
 * on the language button: the page in that language at once and without a request. Loading the page
 * again in that language instead took 370 ms at 4x CPU (bench:page, first tap), and a round trip more on
 * a phone's network. Null once the page's script starts reading the HTML ('page:reading'), which may
 * come before the end of a long page has arrived: a copy is never swapped in after that.
 */
export type LanguageCopy = (language: string) => HTMLTemplateElement | null;

export function languageCopies(): LanguageCopy {
  let reading = false;
  const template = () => document.getElementById(ALTERNATE_PAGE_ID) as HTMLTemplateElement | null;
  onAnnounced(PAGE_READING, () => {
    reading = true;
    template()?.remove();
  });
  return (language) => {
    const copy = reading ? null : template();
    return copy?.getAttribute('lang') === language ? copy : null;
  };
}

/** Each of the head's texts changes places with the copy's attribute of it. */
function trade<T extends object, K extends keyof T & string>(
  copy: HTMLTemplateElement,
  holder: T | null,
  property: K,
  attribute: string,
) {
  if (!holder) return;
  const value = copy.getAttribute(attribute);
  copy.setAttribute(attribute, holder[property] as string);
  holder[property] = value as T[K];
}

/**
 * The root's content and the head's texts change places with the copy's, so that a second tap swaps
 * them back. What was typed and the focus go over to the same fields of the other copy, which has the
 * same elements in the same order; the choice is kept in the cookie the page's own switch writes, which
 * the server renders by. Returns where each button of the page went.
 */
export function swapIn(
  copy: HTMLTemplateElement,
  root: HTMLElement,
): (button: Element) => HTMLButtonElement | undefined {
  const active = document.activeElement;
  const focused = active !== root && active && root.contains(active) ? active.id : '';
  const fields = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')];
  const buttons: Element[] = [...root.querySelectorAll('button')];
  const shown = [...root.childNodes];
  root.replaceChildren(copy.content);
  copy.content.replaceChildren(...shown);
  const html = document.documentElement;
  trade(copy, html, 'lang', 'lang');
  trade(copy, document.querySelector<HTMLMetaElement>('meta[name="description"]'), 'content', ALTERNATE_DESCRIPTION);
  trade(copy, document, 'title', ALTERNATE_TITLE);
  for (const field of fields) {
    const same = document.getElementById(field.id) as HTMLInputElement | null;
    if (same) same.value = field.value;
  }
  const again = focused && document.getElementById(focused);
  if (again) again.focus();
  document.cookie = languageCookie(html.lang);
  // An address that names a language names this one, for a reload or a shared link.
  const address = new URL(location.href);
  if (address.searchParams.has('lng')) {
    address.searchParams.set('lng', html.lang);
    history.replaceState(history.state, '', address.href);
  }
  const swapped = root.querySelectorAll('button');
  return (button) => swapped[buttons.indexOf(button)];
}
