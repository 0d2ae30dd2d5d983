/**
 * The page's first script, a few kilobytes ahead of React (index.html runs it before main.tsx):
 * it asks who is signed in and fetches the code of the screen at this address while the browser
 * is still evaluating React, where main.tsx could only start both after it.
 */
import { preloadPath } from './app/preload-path';
import { startFirstSessionCheck } from './lib/session-check';

startFirstSessionCheck();
preloadPath(window.location.pathname);
