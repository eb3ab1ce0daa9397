import type { AnalyticsWindow } from './track';

/** The single message a failed load logs; nothing else reacts to the failure. */
export const LOAD_FAILED_MESSAGE = 'Web analytics script failed to load; page views are not recorded.';

/**
 * Queues calls made before the script arrives (the insights script drains `vaq`), then appends the
 * script deferred so it never competes with the page's own first paint.
 */
export function loadAnalytics(
  doc: Pick<Document, 'createElement' | 'head'>,
  win: AnalyticsWindow,
  src: string,
  log: (message: string) => void = console.warn,
): HTMLScriptElement {
  win.va ??= (...args: unknown[]) => {
    (win.vaq ??= []).push(args);
  };
  const script = doc.createElement('script');
  script.src = src;
  script.defer = true;
  script.dataset.analytics = 'insights';
  script.onerror = () => log(`${LOAD_FAILED_MESSAGE} (${src})`);
  doc.head.appendChild(script);
  return script;
}
