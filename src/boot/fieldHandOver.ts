/**
 * A text field of the HTML the page arrived in (server render or static shell) takes typing and pasting
 * before the script runs. Hydration keeps the element but not that text in the state, so the next render
 * would wipe it; a fresh render over the static shell replaces the element, and with it the visitor's
 * focus and caret. Held from before either (src/main.tsx, once its chunks are in), with the value the HTML gave
 * it, so that what the visitor changed, and only that, is carried over when the page's own field of the
 * same id first mounts: a draft the history entry restores is not overwritten by the HTML's own value.
 */
type TextField = HTMLInputElement | HTMLTextAreaElement;

interface HeldField {
  element: TextField;
  /** The value the HTML gave the field (a deep link's code), which the visitor did not type. */
  initial: string;
  /** Whether the visitor is in the field. */
  focused: boolean;
  listening: AbortController;
}

/** The fields that take typing: the lookup page's code field, the support desk's message box. */
const TEXT_FIELDS = 'input[id]:not([type]), input[id][type="text"], input[id][type="search"], textarea[id]';
/** The page has two such fields; an HTML with many more is not this page's, and holding them would be waste. */
const MAX_HELD = 4;

export function createShellFields() {
  const held = new Map<string, HeldField>();

  function release(id: string): HeldField | undefined {
    const field = held.get(id);
    field?.listening.abort();
    held.delete(id);
    return field;
  }

  return {
    /** Boot step 1, before the page's first render: the text fields the HTML holds now, by id. */
    hold(root: ParentNode): void {
      for (const element of Array.from(root.querySelectorAll<TextField>(TEXT_FIELDS)).slice(0, MAX_HELD)) {
        release(element.id);
        const listening = new AbortController();
        const field: HeldField = {
          element,
          initial: element.defaultValue,
          focused: element === document.activeElement,
          listening,
        };
        held.set(element.id, field);
        const { signal } = listening;
        element.addEventListener('focus', () => (field.focused = true), { signal });
        // Chromium blurs the element as the render removes it, while the visitor is still typing; the new field
        // mounts in that same synchronous commit, before this microtask. Otherwise a blur is the visitor leaving
        // the field, unless the whole window lost the focus (another tab or app), where the field keeps it.
        element.addEventListener(
          'blur',
          () =>
            queueMicrotask(() => element.isConnected && document.activeElement !== element && (field.focused = false)),
          { signal },
        );
      }
    },

    /**
     * Boot step 2, as the page's own field of that id first mounts: what the visitor typed goes to
     * `onTyped`; where the render replaced the element under the visitor's fingers, the new field takes
     * the focus and, in the same text, the caret.
     */
    handOver(id: string, input: TextField | null, value: string, onTyped: (text: string) => void): void {
      const field = release(id);
      if (!field) return;
      const { element, initial, focused } = field;
      const typed = element.value !== initial ? element.value : null;
      if (typed !== null && typed !== value) onTyped(typed);
      if (!input || input === element || !focused) return;
      // Written here too, so the caret holds when the state takes the text as it is (the page trims spaces off
      // its ends: then it moves to the end). A draft the history entry restored, which they did not type into, stays.
      if (typed !== null) input.value = typed;
      input.focus();
      // The caret's offsets point into the shell's text: they mean nothing in another one.
      if (input.value === element.value)
        input.setSelectionRange(element.selectionStart, element.selectionEnd, element.selectionDirection ?? undefined);
    },

    /**
     * Boot step 3, once React has committed the first page: the fields it replaced without showing the
     * field again (a first page without it) are let go, so that a later visit to that page does not take
     * over stale text or the focus. A field still in the document belongs to a part of the page not yet
     * rendered (the support desk's chunk, still loading), which hands it over when it mounts.
     */
    endReplaced(): void {
      for (const [id, { element }] of held) if (!element.isConnected) release(id);
    },
  };
}

/** The page's one set: held by src/main.tsx, taken over by the fields (QrCodeField, the support desk's CodeInput). */
export const shellFields = createShellFields();
