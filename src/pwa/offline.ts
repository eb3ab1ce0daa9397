/** Whether the reader asked to keep the whole site available offline (or installed it as an app). */
export const OFFLINE_FLAG = 'sm-offline-reading';

export function isOfflineRequested(): boolean {
  try {
    return localStorage.getItem(OFFLINE_FLAG) === 'true';
  } catch {
    return false;
  }
}

/**
 * Turns offline reading on: the service worker is registered again in offline mode on the next load,
 * and then downloads every page, asset and the search index.
 */
export async function requestOfflineReading(): Promise<void> {
  try {
    localStorage.setItem(OFFLINE_FLAG, 'true');
  } catch {
    return;
  }
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  window.location.reload();
}

/** Resolves when an offline-mode service worker is active for this site. */
export async function offlineReady(): Promise<boolean> {
  if (!isOfflineRequested() || !('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.ready;
  return Boolean(registration.active?.scriptURL.includes('%22offlineMode%22%3Atrue'));
}
