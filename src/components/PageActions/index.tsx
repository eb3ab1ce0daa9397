import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { markdownPath } from '@services-manager-docs/core/content/build';
import { chatGptUrl, claudeUrl } from './chatLinks';
import styles from './styles.module.css';

// The MCP settings dialog loads when a reader first opens it, not with every page.
const ConnectDialog = lazy(() => import('./ConnectDialog'));

const menuItems = (root: HTMLElement | null) => [
  ...(root?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/** Focuses the item at `index`, counting from the end when negative and wrapping around. */
function focusMenuItem(root: HTMLElement | null, index: number) {
  const list = menuItems(root);
  list[((index % list.length) + list.length) % list.length]?.focus();
}

/**
 * "Use with AI": a menu button (WAI-ARIA menu pattern) that opens the page in ChatGPT or Claude, by link
 * only, or shows how to connect an assistant to the documentation's MCP server.
 */
export default function PageActions({
  permalink,
  className,
}: {
  permalink: string;
  className: string;
}): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const markdownUrl = `${siteConfig.url.replace(/\/$/, '')}${markdownPath(permalink)}`;
  const [open, setOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const focusItem = (index: number) => focusMenuItem(root.current, index);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  // Which item takes focus once the menu is rendered: first, last, or none (opened by mouse).
  const pendingFocus = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!open) return undefined;
    if (pendingFocus.current !== undefined) focusMenuItem(root.current, pendingFocus.current);
    pendingFocus.current = undefined;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const openWith = (index: number | undefined) => {
    pendingFocus.current = index;
    setOpen(true);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') openWith(0);
    else if (event.key === 'ArrowUp') openWith(-1);
    else return;
    event.preventDefault();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const index = menuItems(root.current).indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') focusItem(index + 1);
    else if (event.key === 'ArrowUp') focusItem(index - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(-1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  };

  return (
    <div className={styles.wrapper} ref={root}>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openWith(undefined))}
        onKeyDown={onButtonKey}
      >
        Use with AI <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label="Use with AI" className={styles.menu} onKeyDown={onMenuKey}>
          {[
            ['Open in ChatGPT', chatGptUrl(markdownUrl)],
            ['Open in Claude', claudeUrl(markdownUrl)],
          ].map(([name, href]) => (
            <li key={name} role="none">
              <a
                role="menuitem"
                tabIndex={-1}
                className={styles.item}
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => close(false)}
              >
                {name} <span className={styles.hint}>Opens a new tab</span>
              </a>
            </li>
          ))}
          <li role="none">
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              className={styles.item}
              onClick={() => {
                setOpen(false);
                setDialogOpen(true);
              }}
            >
              Connect to your AI assistant <span className={styles.hint}>MCP server settings</span>
            </button>
          </li>
        </ul>
      )}
      {dialogOpen && (
        <Suspense fallback={null}>
          <ConnectDialog
            buttonClassName={className}
            onClose={() => {
              setDialogOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
