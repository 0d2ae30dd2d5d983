// @vitest-environment happy-dom
/**
 * A screen whose code arrives after the person has already clicked elsewhere draws once more for
 * the place it was opened at; its redirect must not undo the click (the adviser who clicked
 * 'Nueva Captación' in the first second after signing in and landed on 'Mi Perfil').
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense, type ComponentType, type JSX } from 'react';
import { createMemoryRouter, Link, Route, RouterProvider, Routes } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { Redirect } from './redirect';

afterEach(cleanup);

/** A lazily loaded screen whose code arrives when the test says so. */
function lateScreen(Screen: ComponentType): { Late: ComponentType; arrive: () => Promise<void> } {
  let arrive!: () => void;
  const code = new Promise<{ default: ComponentType }>((resolve) => (arrive = () => resolve({ default: Screen })));
  return { Late: lazy(() => code), arrive: async () => act(async () => arrive()) };
}

function Home(): JSX.Element {
  return <Redirect to="/profile" />;
}

/**
 * As the app: the clicked screen suspends where content is on view, so the router keeps the old
 * screen (a transition), and the old screen's own code can arrive before the new one's.
 */
function mount(Home: ComponentType, Nueva: ComponentType) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Suspense fallback={<p>Cargando la aplicación…</p>}>
            <Link to="/nueva">Nueva</Link>
            <Routes>
              <Route path="/home" element={<Suspense fallback={<p>Cargando…</p>}><Home /></Suspense>} />
              <Route path="/nueva" element={<Nueva />} />
              <Route path="/profile" element={<p>Mi Perfil</p>} />
            </Routes>
          </Suspense>
        ),
      },
    ],
    { initialEntries: ['/home'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

it('sends the person on from the place it was drawn for', async () => {
  const router = mount(Home, () => <p>Nueva Captación</p>);
  expect(await screen.findByText('Mi Perfil')).toBeTruthy();
  expect(router.state.location.pathname).toBe('/profile');
  expect(router.state.historyAction).toBe('REPLACE');
});

it('does not undo a click made while its own code was still on its way', async () => {
  const home = lateScreen(Home);
  const nueva = lateScreen(() => <p>Nueva Captación</p>);
  const router = mount(home.Late, nueva.Late);
  await act(async () => screen.getByText('Nueva').click());
  expect(router.state.location.pathname).toBe('/nueva');
  await home.arrive();
  await nueva.arrive();
  expect(await screen.findByText('Nueva Captación')).toBeTruthy();
  expect(router.state.location.pathname).toBe('/nueva');
});
