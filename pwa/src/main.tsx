// Only what the first screens draw blocks the first paint; the rest comes with the shell (lib/blueprint-styles).
import '@blueprintjs/core/lib/css/blueprint.css?critical';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startupCode } from './app/preload-path';
import { stillFrameDrawn } from './app/still-frame';
import { setupIcons } from './lib/icons';
import { registerServiceWorker } from './lib/pwa';

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
// longest render (app/routes.tsx).
if (stillFrameDrawn()) void startupCode().then(() => startTransition(mount));
else mount();

registerServiceWorker();
