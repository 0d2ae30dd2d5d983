// Only what the first screens draw blocks the first paint; the rest comes with the shell (lib/blueprint-styles).
import '@blueprintjs/core/lib/css/blueprint.css?critical';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadBlueprintStyles } from './lib/blueprint-styles';
import { setupIcons } from './lib/icons';
import { registerServiceWorker } from './lib/pwa';
import { readStoredUser } from './lib/session-storage';

// Before the first render, or Blueprint would start its default all-icons loader.
setupIcons();

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// While the first session check runs, fetch what most likely follows it: the shell for a person
// signed in on this device, the sign-in screen for anyone else. The route table loads the same
// chunks (and reports a failure itself), so a failure here needs nothing.
const next = readStoredUser() ? Promise.all([import('./app/shell/Shell'), loadBlueprintStyles()]) : import('./features/auth/SignInPage');
next.catch(() => undefined);

registerServiceWorker();
