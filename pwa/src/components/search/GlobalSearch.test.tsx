// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '../../lib/data/errors';
import { GlobalSearch, type SearchSource } from './GlobalSearch';

afterEach(cleanup);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function searchWith(sources: SearchSource[]) {
  const load = vi.fn(async () => sources);
  render(
    <MemoryRouter initialEntries={['/inicio']}>
      <GlobalSearch loadSources={load} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  const box = screen.getByRole('combobox', { name: 'Buscar' });
  fireEvent.focus(box);
  return { box, load };
}

const CAPTACIONES: SearchSource = {
  group: 'Captaciones',
  search: async (q) =>
    [
      { key: 'c1', title: 'Ana Pérez', detail: 'Calle Roble 1', href: '/captaciones/c1' },
      { key: 'c2', title: 'Ana Ruiz', detail: 'Calle Pino 2', href: '/captaciones/c2' },
    ].filter((h) => h.title.toLowerCase().includes(q.toLowerCase())),
};

describe("the top bar's search", () => {
  it('asks nothing under two letters, then lists the hits by group; the arrows choose and Enter opens', async () => {
    const { box, load } = searchWith([CAPTACIONES]);
    fireEvent.change(box, { target: { value: 'a' } });
    expect(screen.getByText('Escriba al menos 2 letras para buscar.')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: 'ana' } });
    expect(screen.getByText('Buscando...')).toBeTruthy();
    const group = await screen.findByRole('group', { name: 'Captaciones' });
    expect(within(group).getAllByRole('option').map((o) => o.textContent)).toEqual(['Ana PérezCalle Roble 1', 'Ana RuizCalle Pino 2']);
    expect(box.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toContain('Ana Ruiz');
    expect(box.getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Ana Pérez');

    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/captaciones/c1');
    expect((box as HTMLInputElement).value).toBe('');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a click opens a hit; no hit says so in Spanish', async () => {
    const { box } = searchWith([CAPTACIONES]);
    fireEvent.change(box, { target: { value: 'ruiz' } });
    fireEvent.click(await screen.findByRole('option', { name: /Ana Ruiz/ }));
    expect(screen.getByTestId('where').textContent).toBe('/captaciones/c2');

    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect((await screen.findByText('Sin resultados para «zzz».')).getAttribute('role')).toBe('status');
  });

  it('a source that needs the network says so offline; the others still answer', async () => {
    const usuarios: SearchSource = { group: 'Usuarios', search: () => Promise.reject(new DataError('Sin conexión', 0, { offline: true })) };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { box } = searchWith([CAPTACIONES, usuarios]);
    fireEvent.change(box, { target: { value: 'ana' } });
    await screen.findByText('Usuarios: se necesita conexión para buscar.');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});
