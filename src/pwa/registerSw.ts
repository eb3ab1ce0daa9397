/**
 * Registers the PWA plugin's service worker. Same flow as the plugin's own register script, with one
 * more way to turn offline mode on: the reader's "Make available offline" choice (kept in local
 * storage), which the plugin's built-in strategies cannot express.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { isOfflineRequested, OFFLINE_FLAG } from './offline';

const SERVICE_WORKER_URL = process.env.PWA_SERVICE_WORKER_URL as string;

function isStandalone(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches;
}

async function register(): Promise<void> {
  const offlineMode = isOfflineRequested() || isStandalone();
  const { Workbox } = await import('workbox-window');
  const params = encodeURIComponent(JSON.stringify({ offlineMode, debug: false }));
  const workbox = new Workbox(`${SERVICE_WORKER_URL}?params=${params}`);
  const skipWaiting = () => workbox.messageSW({ type: 'SKIP_WAITING' });
  // A new version while reading offline is announced, never applied mid-read.
  const onWaiting = async () => {
    if (!offlineMode) {
      await skipWaiting();
      return;
    }
    const { renderReloadPopup } = await import('@docusaurus/plugin-pwa/lib/renderReloadPopup.js');
    await renderReloadPopup({
      onReload() {
        workbox.addEventListener('controlling', () => window.location.reload());
        void skipWaiting();
      },
    });
  };
  workbox.addEventListener('waiting', () => void onWaiting());
  const registration = await workbox.register();
  if (registration?.waiting) await onWaiting();
}

if (ExecutionEnvironment.canUseDOM && 'serviceWorker' in navigator) {
  // Installing the site as an app also keeps it offline.
  window.addEventListener('appinstalled', () => {
    try {
      localStorage.setItem(OFFLINE_FLAG, 'true');
    } catch {
      // Nothing to remember it in: the standalone display mode still turns offline mode on.
    }
  });
  void register().catch((error: unknown) => console.warn('Service worker registration failed:', error));
}
