/**
 * A text field of the HTML the page arrived in (server render or static shell) takes typing and pasting
 * before the script runs. Hydration keeps the element but not that text in the state, so the next render
 * would wipe it; a fresh render over the static shell replaces the element, and with it the visitor's
 * focus and caret. Held from before either, with the value the HTML gave it, so that what the visitor
 * changed, and only that, is carried over when the field first mounts: a draft the history entry
 * restores is not overwritten by the HTML's own value.
 */
type TextField = HTMLInputElement | HTMLTextAreaElement;

interface HeldField {
  element: TextField;
  /** The value the HTML gave the field (a deep link's code), which the visitor did not type. */
  initial: string;
  /** Whether the visitor is in the field. */
  focused: boolean;
}

/** One field's hand-over: the lookup page's code field and the support desk's message box each have one. */
export function createShellFieldHandOver() {
  const listening = new AbortController();
  let held: HeldField | null = null;

  /** The end of the hand-over: a field mounted later must not take over stale text or the focus. */
  function end(): void {
    held = null;
    listening.abort();
  }

  return {
    /** Called once, before the page renders the field, with the field the HTML arrived with (none in tests). */
    hold(element: TextField | null): void {
      if (!element) return;
      const field: HeldField = { element, initial: element.defaultValue, focused: element === document.activeElement };
      held = field;
      const { signal } = listening;
      element.addEventListener('focus', () => (field.focused = true), { signal });
      // Chromium blurs the element as the render removes it, while the visitor is still typing; the new field
      // mounts in that same synchronous commit, before this microtask. Otherwise a blur is the visitor leaving
      // the field, unless the whole window lost the focus (another tab or app), where the field keeps it.
      element.addEventListener(
        'blur',
        () => queueMicrotask(() => element.isConnected && document.activeElement !== element && (field.focused = false)),
        { signal },
      );
    },

    end,

    /**
     * Hands the shell's field over to the page's own field as it first mounts: what the visitor typed goes
     * to `onTyped`; where the render replaced the element under the visitor's fingers, the new field takes
     * the focus and, in the same text, the caret.
     */
    handOver(input: TextField | null, value: string, onTyped: (text: string) => void): void {
      const field = held;
      end();
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
      if (input.value === element.value) input.setSelectionRange(element.selectionStart, element.selectionEnd, element.selectionDirection ?? undefined);
    },
  };
}
