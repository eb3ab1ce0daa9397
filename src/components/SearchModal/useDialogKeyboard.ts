import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { trappedFocusIndex } from './utils';

const FOCUSABLE = 'input, button, a[href]';

/**
 * A modal dialog's keyboard and focus: focus starts on `initialFocus`, the page behind does not scroll,
 * Escape calls `onEscape` wherever focus is, and the returned key handler keeps Tab inside `dialog`.
 */
export function useDialogKeyboard(
  dialog: RefObject<HTMLElement | null>,
  initialFocus: RefObject<HTMLElement | null>,
  onEscape: () => void,
): (event: KeyboardEvent) => void {
  useEffect(() => {
    initialFocus.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [initialFocus]);

  // The only Escape handler: one capturing listener for the dialog's life, so no other handler (the
  // page's, the browser's clearing of a search field) sees the key; it calls the current `onEscape`.
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      escape.current();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  return useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !dialog.current) return;
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const target = trappedFocusIndex(
        focusable.indexOf(document.activeElement as HTMLElement),
        focusable.length,
        event.shiftKey,
      );
      if (target === undefined) return;
      event.preventDefault();
      focusable[target].focus();
    },
    [dialog],
  );
}
