import { OverlaysProvider } from '@blueprintjs/core';
import type { JSX } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../lib/session';
import { DetailSections } from './detail-sections';
import { AppRoutes } from './routes';
import './app.css';
// In the first stylesheet, not with the shell's code: the start-up frame (still-frame.ts) is
// drawn with them before any of that code has arrived.
import './shell/shell.css';
import '../components/page/page.css';

/**
 * A data router (one splat route around the route table) so forms can use `useBlocker` to ask
 * before unsaved changes are left behind (docs/architecture.md section 5); the table itself stays in <Routes>.
 */
function makeRouter() {
  return createBrowserRouter([
    {
      path: '*',
      element: (
        <SessionProvider>
          <DetailSections>
            <AppRoutes />
          </DetailSections>
        </SessionProvider>
      ),
    },
  ]);
}

// One router per page, created on first render (not at import: tests import this module without a window).
let router: ReturnType<typeof makeRouter> | null = null;

export function App(): JSX.Element {
  router ??= makeRouter();
  return (
    <OverlaysProvider>
      <RouterProvider router={router} />
    </OverlaysProvider>
  );
}
