import { useEffect, useState, type ReactNode } from 'react';
import { isOfflineRequested, offlineReady, requestOfflineReading } from '@site/src/pwa/offline';

type State = 'hidden' | 'off' | 'preparing' | 'ready';

/** "Make available offline": asks the service worker to keep the whole site, and says when it has. */
export default function OfflineToggle({ className }: { className: string }): ReactNode {
  // The server renders the button, so the bar keeps its size when the page comes alive (no layout shift);
  // the few browsers without service workers lose it then.
  const [state, setState] = useState<State>('off');

  useEffect(() => {
    // The service worker exists only in production builds.
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) {
      setState('hidden');
      return;
    }
    if (!isOfflineRequested()) return;
    setState('preparing');
    let cancelled = false;
    void offlineReady().then((ready) => !cancelled && setState(ready ? 'ready' : 'preparing'));
    return () => {
      cancelled = true;
    };
  }, []);

  if (state === 'hidden') return null;
  if (state !== 'off') {
    return (
      <span className={className} role="status">
        {state === 'ready' ? 'Available offline' : 'Saving for offline reading…'}
      </span>
    );
  }
  return (
    <button type="button" className={className} onClick={() => void requestOfflineReading()}>
      Make available offline
    </button>
  );
}
