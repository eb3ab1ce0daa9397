import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { SEARCH_CANCEL_EVENT } from '@site/plugins/early-input/searchInput';
import styles from './styles.module.css';

// The modal, the providers and the engine load only when a reader reaches for search.
const loadModal = () => import('@site/src/components/SearchModal');
const SearchModal = lazy(loadModal);

/**
 * The navbar's search button: opens the search dialog on click. Ctrl/⌘+K and "/" click it: the page's
 * early-input script (plugins/early-input) handles them, before and after hydration, and first focuses
 * the stand-in that keeps what the reader types until the dialog takes it, or Escape cancels.
 */
export default function SearchBar(): ReactNode {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  // Escape pressed before the dialog has mounted (its code still loading): it is not opened after all.
  // Once mounted, the dialog has taken the stand-in, so nothing sends the event.
  useEffect(() => {
    if (!open) return undefined;
    const cancel = () => setOpen(false);
    window.addEventListener(SEARCH_CANCEL_EVENT, cancel);
    return () => window.removeEventListener(SEARCH_CANCEL_EVENT, cancel);
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-keyshortcuts="Control+K"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onMouseEnter={() => void loadModal()}
        onFocus={() => void loadModal()}
        onTouchStart={() => void loadModal()}
      >
        <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z"
            stroke="currentColor"
            fill="none"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <span className={styles.label}>Search</span>
        <kbd className={styles.key} aria-hidden="true">
          Ctrl K
        </kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchModal onClose={close} />
        </Suspense>
      )}
    </>
  );
}
