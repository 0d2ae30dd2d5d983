// @vitest-environment happy-dom
/** The own profile against a real gateway (the page served from its origin, as in a browser). */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedUser, TestGateway } from '../../../../sync-server/src/testing/gateway';
import type { UsuarioPublico } from '../../../../couch-design/usuario';
import { openRoutes, servePageFromGateway, signInPage } from '../../testing/screens';
import PerfilPage from './PerfilPage';

let gw: TestGateway;
let ana: CreatedUser;
const SLOW = { timeout: 8_000 };

beforeAll(async () => {
  gw = await servePageFromGateway();
  ana = await gw.createUser({ role: 'user', prim_nom: 'Ana', apell_pa: 'López' });
});
afterAll(() => gw.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

const payslipsFor: string[] = [];
const renderPayslips = (user: UsuarioPublico) => {
  payslipsFor.push(user._id);
  return <p>Nóminas de {user.email}</p>;
};

function open(path: string) {
  openRoutes(
    [
      { path: 'dashboard/profile', element: <PerfilPage renderPayslips={renderPayslips} /> },
      { path: 'dashboard/profile/:userId', element: <PerfilPage renderPayslips={renderPayslips} /> },
    ],
    path,
  );
}

describe('own profile (spec 000 sections 2 and 8)', () => {
  it("shows the header and the 'Perfil' cards, 'No especificado' and 'No disponible' for what is missing, and the payroll tab app/ gives", async () => {
    await signInPage(ana);
    open('/dashboard/profile');
    expect(await screen.findByRole('heading', { level: 1, name: /Ana López/ }, SLOW)).toBeTruthy();
    const header = screen.getByTestId('perfil-header');
    expect(within(header).getByText('Usuario')).toBeTruthy();
    expect(within(header).getByText(ana.email)).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Cambiar foto de perfil' })).toBeTruthy();
    const personal = screen.getByTestId('perfil-personal');
    expect(within(personal).getByText('Información Personal')).toBeTruthy();
    expect(within(personal).getByText('No disponible')).toBeTruthy();
    expect(within(personal).getAllByText('No especificado').length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('perfil-direccion')).getAllByText('No especificado')).toHaveLength(4);
    fireEvent.click(screen.getByRole('tab', { name: 'Nóminas' }));
    expect(await screen.findByText(`Nóminas de ${ana.email}`)).toBeTruthy();
    expect(payslipsFor).toContain(ana.id);
  });

  it('offline shows the person this device remembers, without the photo pencil', async () => {
    await signInPage(ana);
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    open('/dashboard/profile');
    expect(await screen.findByText('Sin conexión: se muestran los datos guardados en este dispositivo.', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Ana López/);
    expect(within(screen.getByTestId('perfil-header')).getByText(ana.email)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cambiar foto de perfil' })).toBeNull();
  });

  it("another person's id sends a non-admin to their own profile", async () => {
    const other = await gw.createUser({ role: 'user' });
    await signInPage(ana);
    open(`/dashboard/profile/${other.id}`);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard/profile'), SLOW);
    expect(await screen.findByRole('heading', { level: 1, name: /Ana López/ }, SLOW)).toBeTruthy();
  });

  it('changes the own password: the current one is checked first', async () => {
    const beto = await gw.createUser({ role: 'user', prim_nom: 'Beto' });
    await signInPage(beto);
    open('/dashboard/profile');
    await screen.findByTestId('perfil-password', undefined, SLOW);
    const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    type('Contraseña actual', 'no-es-la-mia');
    type('Nueva contraseña', 'Otra-clave-2026');
    type('Confirmar nueva contraseña', 'Otra-clave-2027');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
    type('Confirmar nueva contraseña', 'Otra-clave-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect((await screen.findByTestId('password-error', undefined, SLOW)).textContent).toContain('La contraseña actual no es correcta.');
    type('Contraseña actual', beto.password);
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect((await screen.findByTestId('password-success', undefined, SLOW)).textContent).toBe('Contraseña actualizada correctamente.');
    expect((await gw.client().json('POST', '/api/signin', { email: beto.email, password: 'Otra-clave-2026' })).status).toBe(200);
  });
});
