/**
 * The page's first script, a chunk of a few kilobytes that imports nothing and runs before the
 * entry (pwa/build/boot-script.ts): it asks who is signed in and fetches the code of the screen
 * at this address, and the icons' paths, while the browser is still downloading React; from
 * inside the entry it could only start once React had arrived and been evaluated.
 */
import { preloadPath } from './app/preload-path';
import { startFirstSessionCheck } from './lib/session-check';

startFirstSessionCheck();
preloadPath(window.location.pathname);
// The same module lib/icons loads when the first icon is drawn (one fetch: the browser keeps one
// copy per address); a failure is dropped here, that icon asks again and reports it.
import('./lib/icon-paths').catch(() => {});
if (window.location.pathname === '/dashboard/captaciones') {
  const root = document.getElementById('root');
  if (root) root.innerHTML = '<div class="app-shell"><div class="app-shell__main"><main class="app-shell__content"><div class="app-page page"><header class="page-header page-header--spread"><h1 class="bp6-heading page-header__title">Mis Proyectos de Captación</h1></header></div></main></div></div>';
}
