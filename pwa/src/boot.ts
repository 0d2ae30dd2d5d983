/**
 * The page's first script, a few kilobytes ahead of React (index.html runs it before main.tsx):
 * it asks who is signed in and fetches the code of the screen at this address, and the icons'
 * paths, while the browser is still evaluating React, where main.tsx could only start them after it.
 */
import { preloadPath } from './app/preload-path';
import { preloadIconPaths } from './lib/icons';
import { startFirstSessionCheck } from './lib/session-check';

startFirstSessionCheck();
preloadPath(window.location.pathname);
// Dropped here: the first icon drawn asks again and reports a failure.
preloadIconPaths().catch(() => {});
