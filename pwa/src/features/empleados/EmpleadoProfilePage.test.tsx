// @vitest-environment happy-dom
/**
 * The employee profile against a real gateway (spec 000 sections 2, 4, 6): the copy kept by the
 * list first, then the server's; the payroll part mounted only when 'Información Laboral' is
 * first opened; 'Editar' for admins; 'Usuario Asociado' for the linked person; anyone else home.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmpleadoPublico } from '../../../../couch-design/empleado';
import { gatewayForFile } from '../../../../sync-server/src/testing/per-file';
import type { CreatedUser } from '../../../../sync-server/src/testing/gateway';
import { setupIcons } from '../../lib/icons';
import EmpleadoProfilePage from './EmpleadoProfilePage';
import { keepEmpleado } from './data/stored';
import { gatewayTab } from '../../testing/gateway-tab';
import { openSignedIn, resetScreen, where } from '../../testing/screens';

const gw = gatewayForFile();
let admin: CreatedUser;
let linked: CreatedUser;
let stranger: CreatedUser;
let empleado: EmpleadoPublico;

beforeAll(async () => {
  setupIcons();
  admin = await gw.createUser({ role: 'administrator' });
  linked = await gw.createUser({ role: 'user' });
  stranger = await gw.createUser({ role: 'user' });
  const tab = gatewayTab(gw.url);
  await tab.signIn(admin.email, admin.password);
  const r = await tab.json('POST', '/api/empleados-api', {
    prim_nom: 'Jorge', segun_nom: 'Luis', apell_pa: 'Hernández', apell_ma: 'Vega', fecha_na: '1994-09-30', telefono: '5523456789',
    pust: 'Auxiliar de oficina', salario: 14500, fecha_ing: '2021-06-01', calle: 'Calle Pino', nun_ex: '45', num_in: '2', codigo: '06400',
    email: 'jorge@ejemplo.mx', userId: linked.id,
  });
  expect(r.status).toBe(201);
  empleado = r.body.empleado;
}, 30_000);
afterEach(resetScreen);

const payroll = vi.fn((e: EmpleadoPublico, isAdmin: boolean) => <p>Nóminas de {e.prim_nom} {isAdmin ? '(admin)' : ''}</p>);

async function open(who: CreatedUser, path: string) {
  await openSignedIn(
    gw.url,
    who,
    path,
    <>
      <Route path="/dashboard/empleado-profile/:empleadoId" element={<EmpleadoProfilePage renderPayroll={payroll} />} />
      <Route path="/dashboard/empleados/profile/:empleadoId" element={<EmpleadoProfilePage renderPayroll={payroll} />} />
      <Route path="*" element={<p>Otra pantalla</p>} />
    </>,
  );
}

const SLOW = { timeout: 5_000 };

describe('employee profile', () => {
  it('shows the copy kept by the list at once, then the server’s', async () => {
    keepEmpleado({ ...empleado, pust: 'Puesto de la copia' });
    await open(admin, `/dashboard/empleado-profile/${empleado.id}`);
    expect(await screen.findByText('Puesto de la copia', undefined, SLOW)).toBeTruthy();
    expect(await screen.findByText('Auxiliar de oficina', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByText('Puesto de la copia')).toBeNull();
  });

  it("admins: photo placeholder, name, position, 'Perfil Personal' facts, 'Editar' and 'Volver'; payroll only once 'Información Laboral' opens", async () => {
    payroll.mockClear();
    await open(admin, `/dashboard/empleados/profile/${empleado.id}`);
    expect(await screen.findByTestId('empleado-nombre', undefined, SLOW)).toHaveProperty('textContent', 'Jorge Luis Hernández Vega');
    expect(screen.getByRole('img', { name: 'Sin foto' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Perfil del Empleado' })).toBeTruthy();
    expect(screen.getByText('Calle Pino 45 Int. 2, CP 06400')).toBeTruthy();
    expect(screen.getByText('30/09/1994')).toBeTruthy();
    expect(screen.getByText('jorge@ejemplo.mx')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeTruthy();

    expect(payroll).not.toHaveBeenCalled();
    const laboral = screen.getByRole('button', { name: 'Información Laboral' });
    expect(laboral.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(laboral);
    expect(screen.getByText('Nóminas de Jorge (admin)')).toBeTruthy();
    expect(screen.getByText('$14,500.00')).toBeTruthy();
    expect(payroll).toHaveBeenLastCalledWith(expect.objectContaining({ id: empleado.id }), true);

    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    expect(where()).toBe(`/dashboard/empleados/editar/${empleado.id}`);
  });

  it("a link carrying the payroll's date filter opens 'Información Laboral' with its payroll at once", async () => {
    payroll.mockClear();
    await open(admin, `/dashboard/empleado-profile/${empleado.id}?desde=2026-01-01`);
    expect(await screen.findByText('Nóminas de Jorge (admin)', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Información Laboral' }).getAttribute('aria-expanded')).toBe('true');
  });

  it("the linked person: 'Usuario Asociado' with their e-mail, no 'Editar'", async () => {
    await open(linked, `/dashboard/empleado-profile/${empleado.id}`);
    expect(await screen.findByText('Usuario Asociado', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText(linked.email)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Información Laboral' }));
    expect(screen.getByText('Nóminas de Jorge')).toBeTruthy();
  });

  it('anyone else goes to /dashboard/home', async () => {
    await open(stranger, `/dashboard/empleado-profile/${empleado.id}`);
    await waitFor(() => expect(where()).toBe('/dashboard/home'), SLOW);
  });
});
