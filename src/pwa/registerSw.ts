/**
 * Registers the PWA plugin's service worker when the reader wants the site offline: after "Make
 * available offline" (kept in local storage, which the plugin's built-in strategies cannot express) or
 * when the site runs as an installed app. Other readers never download the service worker or its
 * client library, so a first visit loads nothing for it.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { isOfflineRequested, OFFLINE_FLAG } from './offline';

const SERVICE_WORKER_URL = process.env.PWA_SERVICE_WORKER_URL as string;

function isStandalone(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches;
}

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const params = encodeURIComponent(JSON.stringify({ offlineMode: true, debug: false }));
  const workbox = new Workbox(`${SERVICE_WORKER_URL}?params=${params}`);
  const skipWaiting = () => workbox.messageSW({ type: 'SKIP_WAITING' });
  // A new version while reading offline is announced, never applied mid-read.
  const onWaiting = async () => {
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
  const start = () =>
    void register().catch((error: unknown) => console.warn('Service worker registration failed:', error));
  // Installing the site as an app also keeps it offline.
  window.addEventListener('appinstalled', () => {
    try {
      localStorage.setItem(OFFLINE_FLAG, 'true');
    } catch {
      // Nothing to remember it in: the standalone display mode still turns offline mode on.
    }
    start();
  });
  if (isOfflineRequested() || isStandalone()) start();
}
