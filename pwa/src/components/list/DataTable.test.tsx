// @vitest-environment happy-dom
import { OverlaysProvider } from '@blueprintjs/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLUMNS, PEOPLE as EVERYONE, type Person } from '../../testing/people';
import type { Column } from './table-parts';
import { DataTable, type RowDelete } from './DataTable';

const PEOPLE = EVERYONE.slice(0, 2);

afterEach(cleanup);

function table(props: { onDelete?: RowDelete<Person>; failed?: boolean; view?: (p: Person) => void }) {
  return render(
    <OverlaysProvider>
      <DataTable
        columns={COLUMNS}
        rows={PEOPLE}
        rowKey={(p) => p.id}
        rowTestId="person-row"
        actions={props.view ? [{ label: 'Ver detalle', icon: 'eye-open', run: props.view }] : []}
        onDelete={props.onDelete}
        failed={props.failed}
      />
    </OverlaysProvider>,
  );
}

describe('list table', () => {
  it('shows a row per record, its columns and an Acciones column with the row buttons', () => {
    const view = vi.fn();
    table({ view });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Clave', 'Acciones']);
    const rows = screen.getAllByTestId('person-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['p1', 'p2']);
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Ver detalle' }));
    expect(view).toHaveBeenCalledWith(PEOPLE[1]);
  });

  it('has no Acciones column when a row has nothing to do', () => {
    table({});
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Clave']);
  });

  it('a failed load is one row of each column’s failure text', () => {
    table({ failed: true });
    expect(screen.queryAllByTestId('person-row')).toHaveLength(0);
    expect(screen.getByTestId('error-row').textContent).toBe('Error de conexión');
  });

  it('deletes only after the question is confirmed', async () => {
    const remove = vi.fn(async () => undefined);
    table({ onDelete: { question: '¿Eliminar a esta persona?', remove, onError: vi.fn() } });
    fireEvent.click(within(screen.getAllByTestId('person-row')[0]).getByRole('button', { name: 'Eliminar' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('¿Eliminar a esta persona?');
    fireEvent.click(within(alert).getByRole('button', { name: 'Cancelar' }));
    expect(remove).not.toHaveBeenCalled();

    fireEvent.click(within(screen.getAllByTestId('person-row')[1]).getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(PEOPLE[1]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('a failed delete closes the question and hands the error to the screen', async () => {
    const failure = new Error('sin red');
    const onError = vi.fn();
    table({ onDelete: { question: '¿Eliminar?', remove: () => Promise.reject(failure), onError } });
    fireEvent.click(within(screen.getAllByTestId('person-row')[0]).getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('redraws only the rows whose record changed (a live sync that changed none draws none)', () => {
    const drawn: string[] = [];
    const columns: Column<Person>[] = [{ header: 'Nombre', cell: (p) => (drawn.push(p.id), p.name) }];
    const actions = [{ label: 'Ver detalle', icon: 'eye-open' as const, run: vi.fn() }];
    const view = (rows: Person[]) => (
      <OverlaysProvider>
        <DataTable columns={columns} rows={rows} rowKey={(p) => p.id} rowTestId="person-row" actions={actions} />
      </OverlaysProvider>
    );
    const { rerender } = render(view(PEOPLE));
    expect(drawn).toEqual(['p1', 'p2']);
    drawn.length = 0;
    rerender(view([...PEOPLE]));
    expect(drawn).toEqual([]);
    rerender(view([PEOPLE[0], { ...PEOPLE[1], name: 'Beto Ruiz' }]));
    expect(drawn).toEqual(['p2']);
    expect(screen.getAllByTestId('person-row').map((r) => r.textContent)).toEqual(['Ana', 'Beto Ruiz']);
  });
});
