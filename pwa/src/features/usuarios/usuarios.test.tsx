// @vitest-environment happy-dom
/**
 * The user screens against a real gateway on a fresh store: the page is served from the
 * gateway's origin, so the screens' own requests carry the session cookie as in a browser.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLoggedError } from '../../../../testing/logged-errors';
import { empleadoBody, usuarioBody } from '../../../../sync-server/src/testing/personas';
import { gatewayWithAdmin, openRoutes, pageCall as call, signInPage, where } from '../../testing/screens';
import DetalleUsuarioPage from './DetalleUsuarioPage';
import EditarUsuarioPage from './EditarUsuarioPage';
import UsuariosListPage from './UsuariosListPage';

const site = gatewayWithAdmin();
const SLOW = { timeout: 8_000 };

function open(path: string) {
  openRoutes(
    [
      { path: 'dashboard/users', element: <UsuariosListPage /> },
      { path: 'dashboard/users/edit/:userId', element: <EditarUsuarioPage /> },
      { path: 'dashboard/user-profile/:userId', element: <DetalleUsuarioPage /> },
      { path: '*', element: <p>Otra pantalla</p> },
    ],
    path,
    { withSearch: true },
  );
}

async function newUser(overrides: Record<string, unknown> = {}): Promise<{ _id: string; email: string }> {
  const r = await call<{ user: { _id: string; email: string } }>('POST', '/api/signup', usuarioBody(overrides));
  expect(r.status).toBe(201);
  return r.body.user;
}

async function newEmpleado(overrides: Record<string, unknown> = {}): Promise<{ _id: string }> {
  const r = await call<{ empleado: { _id: string } }>('POST', '/api/empleados-api', empleadoBody(overrides));
  expect(r.status).toBe(201);
  return r.body.empleado;
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: false });
const vinculo = () => within(screen.getByTestId('seccion-vinculo')).getByRole<HTMLInputElement>('switch');

describe("'Editar Usuario' detects the link direction on load (spec 000 section 2)", () => {
  it('user-to-employee: the switch is on, the employee chosen, contact and address hidden', async () => {
    await signInPage(site.admin);
    const emp = await newEmpleado({ prim_nom: 'Jorge' });
    const user = await newUser({ empleado_id: emp._id, role: 'user' });
    open(`/dashboard/users/edit/${user._id}`);
    await screen.findByRole('button', { name: 'Guardar Cambios' }, SLOW);
    expect(vinculo().checked).toBe(true);
    expect(vinculo().disabled).toBe(false);
    await waitFor(() => expect((input('Seleccionar Empleado') as unknown as HTMLSelectElement).value).toBe(emp._id), SLOW);
    expect(screen.queryByLabelText('Teléfono', { exact: false })).toBeNull();
    expect(screen.queryByLabelText('Calle', { exact: false })).toBeNull();
  });

  it("employee-to-user: the link is read-only and the employee's personal data fills the form", async () => {
    await signInPage(site.admin);
    const user = await newUser({ prim_nom: 'Ana' });
    // Older data: the link kept on the employee's side only.
    const emp = await newEmpleado({ prim_nom: 'Josefina', apell_pa: 'Ruiz' });
    const db = await site.gw.store.db('empleados');
    await db.put({ ...(await db.get(emp._id)), userId: user._id });
    open(`/dashboard/users/edit/${user._id}`);
    await screen.findByRole('button', { name: 'Guardar Cambios' }, SLOW);
    expect(vinculo().checked).toBe(true);
    expect(vinculo().disabled).toBe(true);
    expect(input('Primer nombre').value).toBe('Josefina');
    expect(input('Apellido paterno').value).toBe('Ruiz');
    expect(screen.getByTestId('empleado-vinculado').textContent).toContain('Josefina Ruiz');
  });

  it("no employee: the switch is off and contact and address are edited here; saving says so and returns to the list after 1.5 s", async () => {
    await signInPage(site.admin);
    const user = await newUser({ telefono: '3312345678' });
    open(`/dashboard/users/edit/${user._id}`);
    await screen.findByRole('button', { name: 'Guardar Cambios' }, SLOW);
    expect(vinculo().checked).toBe(false);
    fireEvent.change(input('Teléfono'), { target: { value: '5598765432' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect((await screen.findByTestId('save-success', undefined, SLOW)).textContent).toBe('¡Usuario actualizado correctamente! Redirigiendo...');
    const savedAt = Date.now();
    await waitFor(() => expect(where()).toBe('/dashboard/users'), SLOW);
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1_200);
    expect((await call('GET', `/api/users/${user._id}`)).body.user.telefono).toBe('5598765432');
  });

  it("refuses a picked file that is not an image: 'Por favor selecciona una imagen válida'", async () => {
    await signInPage(site.admin);
    const user = await newUser();
    open(`/dashboard/users/edit/${user._id}`);
    await screen.findByRole('button', { name: 'Guardar Cambios' }, SLOW);
    const file = screen.getByLabelText<HTMLInputElement>('Foto de Perfil');
    fireEvent.change(file, { target: { files: [new File(['hola'], 'notas.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Por favor selecciona una imagen válida');
    expect(screen.queryByTestId('photo-preview')).toBeNull();
  });

  it("says 'No se pudo cargar la información del usuario' for a user that does not exist", async () => {
    await signInPage(site.admin);
    open('/dashboard/users/edit/no-existe');
    expect(await screen.findByText('No se pudo cargar la información del usuario', undefined, SLOW)).toBeTruthy();
  });
});

describe("'Lista de Usuarios' (spec 000 sections 2, 4, 5, 8)", () => {
  it('asks for a selection first, selects a row into the URL and session storage, and opens its detail', async () => {
    await signInPage(site.admin);
    const ana = await newUser({ prim_nom: 'Anabel', apell_pa: 'Quintero' });
    open('/dashboard/users');
    const rows = await screen.findAllByTestId('usuario-row', undefined, SLOW);
    const total = (await call<{ users: unknown[] }>('GET', '/api/users')).body.users.length;
    expect(screen.getByTestId('usuarios-count').textContent).toContain(`Mostrando ${rows.length} de ${total} usuarios`);

    fireEvent.click(screen.getByRole('button', { name: 'Ver usuario' }));
    expect(await screen.findByText('Por favor, selecciona un usuario primero.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar usuario' }));
    expect(await screen.findByText('Por favor, selecciona un usuario primero.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));

    fireEvent.change(screen.getByPlaceholderText('Buscar usuarios...'), { target: { value: 'quintero' } });
    await waitFor(() => expect(screen.getAllByTestId('usuario-row')).toHaveLength(1));
    await waitFor(() => expect(where()).toContain('q=quintero'));
    expect(screen.getByTestId('usuarios-count').textContent).toContain(`Mostrando 1 de ${total} usuarios`);
    fireEvent.click(screen.getByTestId('usuario-row'));
    await waitFor(() => expect(where()).toContain(`sel=${ana._id}`));
    expect(screen.getByTestId('usuario-row').getAttribute('aria-selected')).toBe('true');
    expect(JSON.parse(sessionStorage.getItem('usuarios.seleccionado') ?? '{}')._id).toBe(ana._id);

    fireEvent.click(screen.getByRole('button', { name: 'Ver usuario' }));
    await waitFor(() => expect(where()).toBe(`/dashboard/user-profile/${ana._id}`));
    expect(await screen.findByTestId('usuario-detalle', undefined, SLOW)).toBeTruthy();
    expect(await screen.findByText('No vinculado a empleado', undefined, SLOW)).toBeTruthy();
  });

  it("search with no match: 'No se encontraron usuarios con los criterios de búsqueda.'", async () => {
    await signInPage(site.admin);
    open('/dashboard/users?q=nadie-se-llama-asi');
    expect(await screen.findByText('No se encontraron usuarios con los criterios de búsqueda.', undefined, SLOW)).toBeTruthy();
  });

  it("deletes after 'Estás seguro de que deseas eliminar este usuario?', and reports a refusal with the server's reason", async () => {
    await signInPage(site.admin);
    const bye = await newUser({ prim_nom: 'Baltasar', apell_pa: 'Borrable' });
    open(`/dashboard/users?sel=${bye._id}`);
    await screen.findAllByTestId('usuario-row', undefined, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar usuario' }));
    expect(await screen.findByText('Estás seguro de que deseas eliminar este usuario?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect((await screen.findByTestId('list-notice', undefined, SLOW)).textContent).toBe('Usuario eliminado correctamente');
    await waitFor(() => expect(screen.queryByText(/Baltasar/)).toBeNull());
    expect(where()).not.toContain('sel=');
    expect((await call('GET', `/api/users/${bye._id}`)).status).toBe(404);

    // The only admin cannot be deleted: the gateway's reason follows 'Error al eliminar usuario: '.
    expectLoggedError('No se pudo eliminar el usuario.');
    cleanup();
    open(`/dashboard/users?sel=${site.admin.id}`);
    await screen.findAllByTestId('usuario-row', undefined, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar usuario' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const notice = await screen.findByTestId('list-notice', undefined, SLOW);
    expect(notice.textContent).toMatch(/^Error al eliminar usuario: \S/);
  });

  it('sends a non-admin to /dashboard/home', async () => {
    const someone = await site.gw.createUser({ role: 'user' });
    await signInPage(someone);
    open('/dashboard/users');
    await waitFor(() => expect(where()).toBe('/dashboard/home'), SLOW);
    await act(async () => undefined);
  });
});
