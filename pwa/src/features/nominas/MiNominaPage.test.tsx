// @vitest-environment happy-dom
import '../../testing/local-data';
import { OverlaysProvider } from '@blueprintjs/core';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { randomUUID } from 'node:crypto';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Nomina } from '../../../../couch-design/nomina';
import { getLocalDb } from '../../lib/db';
import { destroyLocalDbs, setActiveUser } from '../../lib/db/registry';
import { fakeFetch } from '../../lib/fake-fetch';
import { setupIcons } from '../../lib/icons';
import { SessionProvider } from '../../lib/session';
import { INITIAL_SYNC_STATE, syncStateStore } from '../../lib/sync/state';
import MiNominaPage from './MiNominaPage';

const people: string[] = [];

/** Signs a person in on this device (the session answer and the local databases). */
function signIn(empleado_id: string | null) {
  const id = randomUUID();
  people.push(id);
  setActiveUser(id);
  const user = { id, role: 'user', empleado_id, email: 'ana@inmo.mx', nombre: 'Ana Pérez' };
  vi.stubGlobal('fetch', fakeFetch({ 'GET /api/check-auth': { json: { success: true, authenticated: true, user } } }).fetch);
  return id;
}

function show() {
  render(
    <OverlaysProvider>
      <MemoryRouter>
        <SessionProvider>
          <MiNominaPage />
        </SessionProvider>
      </MemoryRouter>
    </OverlaysProvider>,
  );
}

const payslip = (id: string, fecha: string, salario: number, conceptoDePago?: string) =>
  ({ _id: id, type: 'nomina', empleadoId: 'e1', empleado: 'Ana Pérez', salario, fecha, ...(conceptoDePago === undefined ? {} : { conceptoDePago }) }) as Nomina;

/** What the sync engine's pull does: documents written straight into the device's database. */
const arrive = async (...docs: Nomina[]) => {
  await getLocalDb('nominas').bulkDocs(docs);
};

beforeAll(() => setupIcons());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  syncStateStore.set(INITIAL_SYNC_STATE);
  localStorage.clear();
  setActiveUser(null);
  for (const id of people.splice(0)) await destroyLocalDbs(id);
});

describe("'Mi Nómina' (the device's own payslips)", () => {
  it("lists them newest first in the 'Nóminas Table', 'Sin concepto' where missing, and follows what sync brings", async () => {
    signIn('e1');
    await arrive(payslip('n1', '2026-01-15', 9000, 'Primera quincena'), payslip('n2', '31/01/2026', 9250.5));
    show();
    await screen.findByRole('heading', { name: 'Nóminas Table' });
    await waitFor(() => expect(screen.getAllByTestId('nomina-row')).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Fecha', 'Concepto', 'Salario', 'Acciones']);
    const [first, second] = screen.getAllByTestId('nomina-row');
    expect(within(first).getByText('31/01/2026')).toBeTruthy();
    expect(within(first).getByText('Sin concepto')).toBeTruthy();
    expect(within(first).getByText('$9,250.50')).toBeTruthy();
    expect(within(second).getByText('Primera quincena')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();

    await act(() => arrive(payslip('n3', '2026-02-15', 9500, 'Febrero')));
    await waitFor(() => expect(screen.getAllByTestId('nomina-row')).toHaveLength(3));
  });

  it("says 'No se encontraron nóminas para este empleado' once synced with none", async () => {
    signIn('e1');
    syncStateStore.set({ status: 'up-to-date', lastSyncedAt: Date.now() });
    show();
    expect(await screen.findByText('No se encontraron nóminas para este empleado')).toBeTruthy();
  });

  it("says 'Error al conectar con el servidor' when the device never synced and has no network", async () => {
    signIn('e1');
    syncStateStore.set({ status: 'offline', lastSyncedAt: null });
    show();
    expect(await screen.findByText('Error al conectar con el servidor')).toBeTruthy();
  });

  it("says 'No se encontró ningún empleado asociado a tu cuenta' to a person without a linked employee", async () => {
    signIn(null);
    syncStateStore.set({ status: 'up-to-date', lastSyncedAt: Date.now() });
    show();
    expect(await screen.findByText('No se encontró ningún empleado asociado a tu cuenta')).toBeTruthy();
  });
});
