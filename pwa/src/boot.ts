/**
 * The page's script, a chunk of a few kilobytes that imports nothing (pwa/build/boot-script.ts):
 * it asks who is signed in and fetches the code of the screen at this address, and the icons'
 * paths, while the browser is still downloading React; from inside the entry it could only start
 * once React had arrived and been evaluated. When the page arrived already knowing who is signed
 * in, it draws the screen's frame at once (app/still-frame.ts). Then it runs the entry.
 */
import { startEntryAfterPaint } from './app/entry-start';
import { preloadPath } from './app/preload-path';
import { drawStillFrame } from './app/still-frame';
import { startFirstSessionCheck } from './lib/session-check';

const session = startFirstSessionCheck();
preloadPath(window.location.pathname);
// The same module lib/icons loads when the first icon is drawn (one fetch: the browser keeps one
// copy per address); a failure is dropped here, that icon asks again and reports it.
import('./lib/icon-paths').catch(() => {});

const root = document.getElementById('root');
if (root && session?.user) drawStillFrame(root, window.location.pathname.replace(/\/+$/, ''), session.user);

startEntryAfterPaint(root);
