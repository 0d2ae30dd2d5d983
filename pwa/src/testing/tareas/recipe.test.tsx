// @vitest-environment happy-dom
/**
 * The recipe 'Una pantalla REST nueva' (docs/architecture.md) followed once end to end: a resource
 * and a list screen declared from the recipe alone (resource.ts, TareasListPage.tsx), drawn against
 * a fake gateway, show every state the shell owns without a line of their own: loading, empty, a
 * failed load with its retry, offline, and the rows with the search in the URL.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeAnswer } from '../../lib/fake-fetch';
import { setupIcons } from '../../lib/icons';
import { NEEDS_NETWORK } from '../../lib/data';
import TareasListPage, { TEXTOS } from './TareasListPage';

const TAREAS = [
  { _id: 't1', titulo: 'Llamar al propietario', responsable: 'Ana' },
  { _id: 't2', titulo: 'Visitar la casa', responsable: 'Jorge' },
];

/** Draws the screen with the gateway's answers to GET /api/tareas, one per request. */
function show(...answers: Array<FakeAnswer | Promise<FakeAnswer>>) {
  vi.stubGlobal('fetch', fakeFetch({ 'GET /api/tareas': () => answers.shift() ?? { json: { tareas: TAREAS } } }).fetch);
  render(
    <MemoryRouter>
      <TareasListPage />
    </MemoryRouter>,
  );
}

beforeAll(() => setupIcons());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("recipe 'Una pantalla REST nueva'", () => {
  it('says it is loading until the gateway answers, then shows the rows and searches them', async () => {
    let answer: (a: FakeAnswer) => void = () => undefined;
    show(new Promise<FakeAnswer>((resolve) => (answer = resolve)));
    expect(screen.getByRole('status').textContent).toContain('Cargando');
    answer({ json: { tareas: TAREAS } });
    await waitFor(() => expect(screen.getAllByTestId('tarea-row')).toHaveLength(2));
    expect(screen.getByTestId('tareas-count').textContent).toBe('Mostrando 2 de 2 tareas');
    fireEvent.change(screen.getByPlaceholderText(TEXTOS.buscar), { target: { value: 'casa' } });
    await waitFor(() => expect(screen.getAllByTestId('tarea-row')).toHaveLength(1));
    fireEvent.change(screen.getByPlaceholderText(TEXTOS.buscar), { target: { value: 'ninguna' } });
    expect(await screen.findByText(TEXTOS.sinResultados)).toBeTruthy();
  });

  it('shows the empty state when there are none', async () => {
    show({ json: { tareas: [] } });
    expect(await screen.findByText(TEXTOS.vacio)).toBeTruthy();
  });

  it("says why the load failed, with the server's reason, and loads again on 'Reintentar'", async () => {
    show({ status: 500, json: { success: false, message: 'La base no responde.' } });
    expect(await screen.findByText(`${TEXTOS.errorCargar}: La base no responde.`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getAllByTestId('tarea-row')).toHaveLength(2));
  });

  it('says it needs the network when the gateway cannot be reached', async () => {
    show({ networkError: true });
    expect(await screen.findByText(NEEDS_NETWORK)).toBeTruthy();
  });
});
