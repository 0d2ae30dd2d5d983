/**
 * Installability and updates (docs/architecture.md section 5): the service worker built by vite-plugin-pwa
 * (`registerType: 'prompt'`) waits until the person accepts the update, so a form being
 * filled is never reloaded from under them.
 */
import type { Workbox } from 'workbox-window';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

async function promptUpdate(wb: Workbox): Promise<void> {
  // The toaster is needed only when a deployment happened: keep it out of the entry chunk.
  const { showUpdateToast } = await import('./update-toast');
  await showUpdateToast(() => {
    wb.addEventListener('controlling', () => window.location.reload());
    wb.messageSkipWaiting();
  });
}

/**
 * Registers /sw.js in production builds only; the dev server has no service worker. The page
 * calls it once the first screen is up (main.tsx): workbox-window is fetched and evaluated then,
 * not before the first paint.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  let Workbox: typeof import('workbox-window').Workbox;
  try {
    ({ Workbox } = await import('workbox-window'));
  } catch (err) {
    console.error('No se pudo registrar el service worker.', err);
    return;
  }
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => void promptUpdate(wb));
  wb.register()
    .then((registration) => {
      if (!registration) return;
      // A tab left open for days still learns about new deployments.
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
    })
    .catch((err: unknown) => console.error('No se pudo registrar el service worker.', err));
}

let persistAsked = false;

/**
 * Browsers evict script-written storage of sites that are not installed; asking once per page
 * load after sign-in keeps offline captaciones safe where the browser agrees.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (persistAsked) return false;
  persistAsked = true;
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist) return false;
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
