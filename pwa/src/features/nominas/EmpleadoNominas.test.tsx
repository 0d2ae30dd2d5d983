// @vitest-environment happy-dom
import { OverlaysProvider } from '@blueprintjs/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Nomina } from '../../../../couch-design/nomina';
import { fakeFetch, type FakeRequest } from '../../lib/fake-fetch';
import { setupIcons } from '../../lib/icons';
import { EmpleadoNominas } from './EmpleadoNominas';

const nomina = (id: string, fecha: string, salario: number, conceptoDePago = `Quincena ${fecha}`): Nomina => ({
  _id: id, _rev: `1-${id}`, type: 'nomina', empleadoId: 'e1', empleado: 'Ana Pérez', conceptoDePago, salario, fecha,
});
const STORED = [nomina('n3', '2026-03-15', 15250.5), nomina('n2', '28/02/2026', 15000), nomina('n1', '2026-01-15', 14000, '')];

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function show(opts: { admin: boolean; url?: string; total?: number; list?: Nomina[] }) {
  let list = opts.list ?? STORED;
  const fake = fakeFetch({
    // The server already filtered; it answers one payslip outside the period anyway, which the browser leaves out.
    'GET /api/nominas-api/empleado/e1': () => ({ json: { success: true, nominas: list, totalRegistros: opts.total ?? list.length } }),
    'DELETE /api/nominas-api/n2': (req: FakeRequest) => {
      list = list.filter((n) => n._id !== 'n2');
      return { json: { success: true, message: 'Nómina eliminada correctamente.', rev: new URL(req.url, 'http://x').searchParams.get('rev') } };
    },
  });
  vi.stubGlobal('fetch', fake.fetch);
  render(
    <OverlaysProvider>
      <MemoryRouter initialEntries={[opts.url ?? '/dashboard/empleado-profile/e1']}>
        <EmpleadoNominas empleado={{ _id: 'e1' }} isAdmin={opts.admin} />
        <Where />
      </MemoryRouter>
    </OverlaysProvider>,
  );
  const listCalls = () => fake.calls.filter((c) => c.method === 'GET').map((c) => new URL(c.url, 'http://x').searchParams.toString());
  return { fake, listCalls };
}

const rows = () => screen.queryAllByTestId('nomina-row');

beforeAll(() => setupIcons());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("employee profile payroll ('Información Laboral')", () => {
  it("says 'Cargando nóminas...', asks for limite=20 without a filter, and lists newest first", async () => {
    const { listCalls } = show({ admin: true, total: 45 });
    expect(screen.getByText('Cargando nóminas...')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(listCalls()).toEqual(['limite=20']);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Fecha', 'Concepto', 'Salario', 'Acciones']);
    expect(rows().map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['15/03/2026', '28/02/2026', '15/01/2026']);
    expect(within(rows()[0]).getByText('$15,250.50')).toBeTruthy();
    expect(within(rows()[2]).getByText('Sin concepto')).toBeTruthy();
    // Only the newest 20 came: the screen says how to reach the others.
    expect(screen.getByText("Se muestran las 3 nóminas más recientes de 45. Use 'Desde' y 'Hasta' para ver las anteriores.")).toBeTruthy();
  });

  it('keeps Desde and Hasta in the URL, asks for every match of the period and shows only the period', async () => {
    const { listCalls } = show({ admin: true, url: '/dashboard/empleado-profile/e1?tab=laboral&desde=2026-02-01' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(listCalls()).toEqual(['desde=2026-02-01']);
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-02-28' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/empleado-profile/e1?tab=laboral&desde=2026-02-01&hasta=2026-02-28');
    expect(listCalls()).toEqual(['desde=2026-02-01', 'desde=2026-02-01&hasta=2026-02-28']);
    expect(within(rows()[0]).getByText('28/02/2026')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-03-01' } });
    await screen.findByText('No hay nóminas registradas');
    expect(screen.getByText("La fecha 'Desde' es posterior a 'Hasta': no puede haber nóminas en ese periodo.")).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Limpiar fechas' })[0]);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/empleado-profile/e1?tab=laboral');
    expect(listCalls().at(-1)).toBe('limite=20');
  });

  it('deletes a payslip after its question, sending the revision shown, and lists again', async () => {
    const { fake } = show({ admin: true });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[1]).getByRole('button', { name: 'Eliminar nómina' }));
    expect(await screen.findByText('¿Estás seguro de que deseas eliminar esta nómina?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const del = fake.calls.find((c) => c.method === 'DELETE');
    expect(del?.url).toBe('/api/nominas-api/n2?rev=1-n2');
    expect(screen.queryByText('28/02/2026')).toBeNull();
  });

  it("opens 'Ver nómina' in a new tab from the gateway", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    show({ admin: false });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Ver nómina' }));
    expect(open).toHaveBeenCalledWith('/api/nominas-api/descargar/n3', '_blank', 'noopener');
  });

  it('offers create, edit and delete to admins only', async () => {
    show({ admin: false });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Crear Nueva Nómina' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Eliminar nómina' })).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: 'Editar nómina' })).toHaveLength(0);
    expect(within(rows()[0]).getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
  });

  it("says 'No hay nóminas registradas' with the create button for admins", async () => {
    show({ admin: true, list: [] });
    await screen.findByText('No hay nóminas registradas');
    fireEvent.click(screen.getByRole('button', { name: 'Crear Nueva Nómina' }));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/nomina/crear/e1');
  });
});
