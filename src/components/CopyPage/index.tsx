import { useEffect, useState, type ReactNode } from 'react';
import { markdownPath } from '@services-manager-docs/core/content/build';
import OfflineToggle from '@site/src/components/OfflineToggle';
import PageActions from '@site/src/components/PageActions';
import styles from './styles.module.css';

type State = 'idle' | 'copied' | 'failed';

/** "Copy page" (the page as Markdown, to the clipboard), "View as Markdown" and "Use with AI". */
export default function CopyPage({ permalink }: { permalink: string }): ReactNode {
  const [state, setState] = useState<State>('idle');
  const href = markdownPath(permalink);

  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      const response = await fetch(href);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className={styles.bar}>
      <button type="button" className={styles.button} onClick={() => void copy()} aria-live="polite">
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : 'Copy page'}
      </button>
      <a
        className={styles.button}
        href={href}
        target="_blank"
        rel="noopener"
        title="Opens this page as Markdown in a new tab"
      >
        View as Markdown
      </a>
      <PageActions permalink={permalink} className={styles.button} />
      <OfflineToggle className={styles.button} />
    </div>
  );
}
