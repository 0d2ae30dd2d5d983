// @vitest-environment happy-dom
/**
 * 'Lista de Empleados' against a real gateway (spec 000 sections 2, 4, 5, 6, 8): order, counter,
 * search and selection in the URL, the toolbar that needs a selected row, delete with its
 * question and its error text, and non-admins sent home.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectLoggedError } from '../../../../testing/logged-errors';
import { gatewayForFile } from '../../../../sync-server/src/testing/per-file';
import type { CreatedUser } from '../../../../sync-server/src/testing/gateway';
import { setupIcons } from '../../lib/icons';
import EmpleadosListPage from './EmpleadosListPage';
import { STORED_EMPLEADO_KEY } from './data/stored';
import { gatewayTab, type GatewayTab } from '../../testing/gateway-tab';
import { openSignedIn, resetScreen, where } from '../../testing/screens';

const gw = gatewayForFile();
let admin: CreatedUser;
let agent: CreatedUser;
let adminTab: GatewayTab;
const ids: Record<string, string> = {};

const base = { apell_ma: 'Vega', fecha_na: '1990-01-15', telefono: '5523456789', fecha_ing: '2020-02-01', calle: 'Pino', nun_ex: '4', codigo: '06400' };

beforeAll(async () => {
  setupIcons();
  admin = await gw.createUser({ role: 'administrator' });
  agent = await gw.createUser({ role: 'user' });
  adminTab = gatewayTab(gw.url);
  await adminTab.signIn(admin.email, admin.password);
  for (const e of [
    { prim_nom: 'Carmen', apell_pa: 'Ruiz', pust: 'Recepcionista', salario: 11000, estado: 'Inactivo' },
    { prim_nom: 'Jorge', apell_pa: 'Hernández', pust: 'Auxiliar', salario: 14500, email: 'jorge@ejemplo.mx' },
    { prim_nom: 'Ana', apell_pa: 'López', pust: 'Asesora', salario: 18500.5 },
  ]) {
    const r = await adminTab.json('POST', '/api/empleados-api', { ...base, ...e });
    expect(r.status).toBe(201);
    ids[e.prim_nom] = r.body.empleado.id;
  }
}, 30_000);
afterEach(resetScreen);

async function open(who: CreatedUser, path = '/dashboard/empleados') {
  await openSignedIn(
    gw.url,
    who,
    path,
    <>
      <Route path="/dashboard/empleados" element={<EmpleadosListPage />} />
      <Route path="*" element={<p>Otra pantalla</p>} />
    </>,
    { withSearch: true },
  );
}

const names = () => screen.getAllByTestId('empleado-row').map((r) => r.querySelector('td')?.textContent);
const count = () => screen.getByTestId('empleados-count').textContent;
/** The toolbar's buttons (a closing question keeps its own 'Eliminar' a moment). */
const button = (name: string) => within(screen.getByRole('toolbar', { name: 'Empleados' })).getByRole<HTMLButtonElement>('button', { name });
const SLOW = { timeout: 5_000 };

describe('Lista de Empleados', () => {
  it("lists 'Activo' first then by first name, with the columns, Estado colours and $ salaries", async () => {
    await open(admin);
    await waitFor(() => expect(names()).toEqual(['Ana López Vega', 'Jorge Hernández Vega', 'Carmen Ruiz Vega']), SLOW);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre Completo', 'Correo', 'Puesto', 'Teléfono', 'Estado', 'Salario']);
    expect(count()).toBe('Mostrando 3 de 3 empleados');
    const [ana, , carmen] = screen.getAllByTestId('empleado-row');
    expect(within(ana).getByText('Activo').closest('[data-color]')?.getAttribute('data-color')).toBe('green');
    expect(within(carmen).getByText('Inactivo').closest('[data-color]')?.getAttribute('data-color')).toBe('red');
    expect(within(ana).getByText('$18,500.50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuevo Empleado' })).toBeTruthy();
  });

  it('searches by estado and salary, keeps the search and the selected row in the URL', async () => {
    await open(admin);
    await waitFor(() => expect(names()).toHaveLength(3), SLOW);
    expect(button('Ver perfil').disabled).toBe(true);
    expect(button('Ver documentos').disabled).toBe(true);
    expect(button('Eliminar').disabled).toBe(true);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar empleados...' }), { target: { value: 'inactivo' } });
    expect(names()).toEqual(['Carmen Ruiz Vega']);
    expect(count()).toBe('Mostrando 1 de 3 empleados');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '14,500' } });
    expect(names()).toEqual(['Jorge Hernández Vega']);
    fireEvent.click(screen.getByTestId('empleado-row'));
    expect(where()).toBe(`/dashboard/empleados?q=14%2C500&sel=${ids.Jorge}`);
    expect(button('Ver perfil').disabled).toBe(false);

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(screen.getByText('No se encontraron empleados con los criterios de búsqueda.')).toBeTruthy();
    // The selected row is not shown: nothing to act on.
    expect(button('Ver perfil').disabled).toBe(true);
  });

  it('opens the selected row: profile (keeping its details for it) and documents', async () => {
    await open(admin, `/dashboard/empleados?sel=${ids.Jorge}`);
    await waitFor(() => expect(button('Ver perfil').disabled).toBe(false), SLOW);
    fireEvent.click(button('Ver perfil'));
    expect(where()).toBe(`/dashboard/empleado-profile/${ids.Jorge}`);
    expect(JSON.parse(sessionStorage.getItem(STORED_EMPLEADO_KEY) ?? '{}')).toMatchObject({ id: ids.Jorge, prim_nom: 'Jorge', email: 'jorge@ejemplo.mx' });
    cleanup();
    await open(admin, `/dashboard/empleados?sel=${ids.Jorge}`);
    await waitFor(() => expect(button('Ver documentos').disabled).toBe(false), SLOW);
    fireEvent.click(button('Ver documentos'));
    expect(where()).toBe(`/dashboard/empleado-documents/${ids.Jorge}`);
  });

  it('deletes the selected employee only after the question, then clears the selection', async () => {
    const extra = await adminTab.json('POST', '/api/empleados-api', { ...base, prim_nom: 'Zoe', apell_pa: 'Paz', pust: 'Temporal', salario: 9000 });
    const id = extra.body.empleado.id as string;
    await open(admin, `/dashboard/empleados?sel=${id}`);
    await waitFor(() => expect(button('Eliminar').disabled).toBe(false), SLOW);

    fireEvent.click(button('Eliminar'));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('¿Está seguro de que desea eliminar este empleado? Esta acción no se puede deshacer.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect((await adminTab.json('GET', `/api/empleados-api/${id}`)).status).toBe(200);

    fireEvent.click(button('Eliminar'));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(count()).toBe('Mostrando 3 de 3 empleados'), SLOW);
    expect((await adminTab.json('GET', `/api/empleados-api/${id}`)).status).toBe(404);
    expect(where()).toBe('/dashboard/empleados');
    expect(button('Eliminar').disabled).toBe(true);
  });

  it("says 'Error al eliminar empleado: ' with the server's reason, or alone when the server cannot be reached", async () => {
    expectLoggedError('No se pudo eliminar el empleado.');
    await open(admin, `/dashboard/empleados?sel=${ids.Carmen}`);
    await waitFor(() => expect(button('Eliminar').disabled).toBe(false), SLOW);
    // Someone else deleted it meanwhile: the server answers why.
    expect((await adminTab.json('DELETE', `/api/empleados-api/${ids.Carmen}`)).status).toBe(200);
    fireEvent.click(button('Eliminar'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    const notice = await screen.findByTestId('list-notice', undefined, SLOW);
    expect(notice.textContent).toMatch(/^Error al eliminar empleado: \S/);

    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(screen.getAllByTestId('empleado-row')[0]);
    vi.stubGlobal('fetch', offline);
    fireEvent.click(button('Eliminar'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByTestId('list-notice').textContent).toBe('Error al eliminar empleado'), SLOW);
  });

  it('sends non-admins to /dashboard/home without asking for the list', async () => {
    await open(agent);
    await waitFor(() => expect(where()).toBe('/dashboard/home'), SLOW);
  });
});
