/**
 * The page's script, a chunk of a few kilobytes that imports nothing (pwa/build/boot-script.ts).
 * When the page arrived already knowing who is signed in, it draws the screen's frame at once
 * (app/still-frame.ts); otherwise it asks. Once that is painted, it fetches the code of the
 * screen at this address and the icons' paths, and runs the entry, whose download started with
 * the page: from inside the entry all of this could only start once React had been evaluated.
 */
import { afterFirstPaint, startEntry } from './app/entry-start';
import { preloadPath } from './app/preload-path';
import { drawStillFrame } from './app/still-frame';
import { startFirstSessionCheck } from './lib/session-check';
import { hasSessionCopy } from './lib/vault/vault-store';

const session = startFirstSessionCheck();
const root = document.getElementById('root');
// A person whose key only the password opens gets 'Desbloquear', not the frame of the screen.
if (root && session?.user && hasSessionCopy(session.user.id)) drawStillFrame(root, window.location.pathname.replace(/\/+$/, ''), session.user);

afterFirstPaint(() => {
  // First: the entry waits for the code this starts (app/preload-path.ts startupCode).
  preloadPath(window.location.pathname);
  // The same module lib/icons loads when the first icon is drawn (one fetch: the browser keeps
  // one copy per address); a failure is dropped here, that icon asks again and reports it.
  import('./lib/icon-paths').catch(() => {});
  startEntry(root);
});
