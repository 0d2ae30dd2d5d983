import { OverlaysProvider } from '@blueprintjs/core';
import type { JSX } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from '../lib/session';
import { AppRoutes } from './routes';
import './app.css';

export function App(): JSX.Element {
  return (
    <OverlaysProvider>
      <BrowserRouter>
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </BrowserRouter>
    </OverlaysProvider>
  );
}
