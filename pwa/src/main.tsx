// Only what the first screens draw blocks the first paint; the rest comes with the shell (lib/blueprint-styles).
import '@blueprintjs/core/lib/css/blueprint.css?critical';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setupIcons } from './lib/icons';
import { registerServiceWorker } from './lib/pwa';

// Before the first render, or Blueprint would start its default all-icons loader.
setupIcons();

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
