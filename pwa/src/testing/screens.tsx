/**
 * Mounting a screen in a component test as the app does: Blueprint's overlays, the router, the
 * session, and an `output` that shows where the screen navigated to.
 */
// The screens keep drafts in the person's local database, as in the browser.
import 'fake-indexeddb/auto';
import { OverlaysProvider } from '@blueprintjs/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { JSX, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, Outlet, RouterProvider, Routes, useLocation, type RouteObject } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { startGateway, type CreatedUser, type TestGateway } from '../../../sync-server/src/testing/gateway';
import { setupIcons } from '../lib/icons';
import { SessionProvider, useSession } from '../lib/session';
import { gatewayTab } from './gateway-tab';
import './test-keys';

/** The current path, with its query when `withSearch`. */
export function Where({ withSearch = false }: { withSearch?: boolean }): JSX.Element {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{withSearch ? pathname + search : pathname}</output>;
}

export const where = (): string => screen.getByTestId('where').textContent ?? '';

/** A fresh gateway whose origin is the page's: the screens' own requests carry its session cookie. */
export async function servePageFromGateway(): Promise<TestGateway> {
  setupIcons();
  const gw = await startGateway();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${gw.url}/`);
  return gw;
}

/** The page's own fetch (a page served by `servePageFromGateway`), with the session cookie of whoever signed in last. */
export async function pageCall<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(path, { method, credentials: 'include', headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: (await res.json()) as T };
}

/** Signs in with the page's own fetch (a page served by `servePageFromGateway`). */
export async function signInPage(u: { email: string; password: string }): Promise<void> {
  const res = await fetch('/api/signin', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: u.email, password: u.password }) });
  expect(res.status).toBe(200);
}

/** As the app's route table does: nothing renders before the first auth check answers. */
function AfterAuthCheck(): JSX.Element | null {
  return useSession().status === 'unknown' ? null : <Outlet />;
}

/** The screens of `routes` below the session, at `path`, as the app's route table mounts them. */
export function openRoutes(routes: RouteObject[], path: string, opts: { withSearch?: boolean } = {}): void {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SessionProvider>
            <Where withSearch={opts.withSearch} />
            <AfterAuthCheck />
          </SessionProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <OverlaysProvider>
      <RouterProvider router={router} />
    </OverlaysProvider>,
  );
}

/** `who` signed in on a gateway tab that is the page's fetch, and `routes` (`Route` elements) at `path`. */
export async function openSignedIn(gatewayUrl: string, who: { email: string; password: string }, path: string, routes: ReactNode, opts: { withSearch?: boolean } = {}): Promise<void> {
  const tab = gatewayTab(gatewayUrl);
  await tab.signIn(who.email, who.password);
  vi.stubGlobal('fetch', tab.fetch);
  render(
    <OverlaysProvider>
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider>
          <Routes>{routes}</Routes>
          <Where withSearch={opts.withSearch} />
        </SessionProvider>
      </MemoryRouter>
    </OverlaysProvider>,
  );
}

/** After each screen test: unmounted, the real fetch back, and nothing kept in the browser's storage. */
export function resetScreen(): void {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
}

/**
 * For a file of administrators' screens: a gateway serving the page (servePageFromGateway) and its
 * administrator, there from the first test on and closed after the last; the screen reset after each.
 */
export function gatewayWithAdmin(): { gw: TestGateway; admin: CreatedUser } {
  const site = {} as { gw: TestGateway; admin: CreatedUser };
  beforeAll(async () => {
    site.gw = await servePageFromGateway();
    site.admin = await site.gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  });
  afterAll(() => site.gw.close());
  afterEach(resetScreen);
  return site;
}
