// Only what the first screens draw blocks the first paint; the rest comes with the shell (lib/blueprint-styles).
import '@blueprintjs/core/lib/css/blueprint.css?critical';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startupCode } from './app/preload-path';
import { stillFrameDrawn } from './app/still-frame';
import { setupIcons } from './lib/icons';
import { whenIdle } from './lib/idle';
import { registerServiceWorker } from './lib/pwa';
import { resumeFromPage } from './lib/vault/resume';

const SERVICE_WORKER_DELAY_MS = 1_000;

// Before the first render, or Blueprint would start its default all-icons loader.
setupIcons();

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');
const mount = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// The start-up frame stays until the screen can be drawn in its place: mounted sooner, React
// would cover it with its loading screen meanwhile. A transition, as the first screen is React's
// longest render (app/routes.tsx), and one a phone's main thread gets back from every few
// milliseconds (the page's still loading screen stays meanwhile, signed in or not).
// The person's key opens first (lib/vault/resume.ts): a few milliseconds of WebCrypto.
const keyReady = resumeFromPage();
if (stillFrameDrawn()) void Promise.all([startupCode(), keyReady]).then(() => startTransition(mount));
else void keyReady.then(() => startTransition(mount));

// The service worker (and its workbox-window) is not what the first screen needs: registered
// once the page has drawn it and has a moment.
whenIdle(() => void registerServiceWorker(), { delayMs: SERVICE_WORKER_DELAY_MS, maxWaitMs: 5_000 });
