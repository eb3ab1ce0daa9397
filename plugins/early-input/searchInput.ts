/**
 * The search box's stand-in: a real input that the early-input script (./index.ts) focuses the moment a
 * reader asks for search (Ctrl/⌘+K, `/`, the search button), before the search dialog exists, so what
 * they type next lands in a text field whether the page has hydrated or not and whether the dialog's
 * code has arrived or not. The dialog takes its text when it mounts. Browser code; no dependencies.
 */
export const SEARCH_INPUT_ID = 'search-early-input';

/**
 * Sent on `window` when the reader presses Escape in the stand-in, before the dialog has taken it: search
 * is no longer wanted, so a dialog still loading must not open.
 */
export const SEARCH_CANCEL_EVENT = 'search-early-cancel';

/**
 * Moves what the stand-in holds to `target`: focus, text and caret, in one task so no keystroke can
 * land in between, and removes the stand-in so nothing is typed twice (the script makes a new one when
 * search is asked for again). Returns the text moved.
 */
export function takeEarlyInput(target: HTMLInputElement): string {
  const early = document.getElementById(SEARCH_INPUT_ID) as HTMLInputElement | null;
  const text = early
    ? { value: early.value, start: early.selectionStart ?? 0, end: early.selectionEnd ?? 0 }
    : { value: '', start: 0, end: 0 };
  target.focus();
  early?.remove();
  if (text.value) {
    target.value = text.value;
    target.setSelectionRange(text.start, text.end);
  }
  return text.value;
}
