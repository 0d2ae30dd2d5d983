// @vitest-environment happy-dom
/**
 * Issue 18 item 5 on both user screens, against a real gateway: the employee list marks who each
 * employee is linked to; choosing one another user has asks first, naming that person and their
 * payslips; Cancelar leaves the choice as it was; confirming and saving moves the link.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { empleadoBody, usuarioBody } from '../../../../sync-server/src/testing/personas';
import { gatewayWithAdmin, openRoutes, pageCall as call, signInPage, where } from '../../testing/screens';
import CrearUsuarioPage from './CrearUsuarioPage';
import EditarUsuarioPage from './EditarUsuarioPage';

const site = gatewayWithAdmin();
const SLOW = { timeout: 8_000 };

function open(path: string) {
  openRoutes(
    [
      { path: 'dashboard/users/crear', element: <CrearUsuarioPage /> },
      { path: 'dashboard/users/edit/:userId', element: <EditarUsuarioPage /> },
      { path: '*', element: <p>Otra pantalla</p> },
    ],
    path,
  );
}

/** An employee and the user who has it: the person a careless choice would leave without payslips. */
async function linkedPair(nombre: string): Promise<{ empleado: string; owner: string }> {
  const empleado = (await call('POST', '/api/empleados-api', empleadoBody({ prim_nom: 'Ramiro', apell_pa: nombre, apell_ma: 'Soto' }))).body.empleado._id;
  const owner = (await call('POST', '/api/signup', usuarioBody({ prim_nom: 'Dora', apell_pa: nombre, apell_ma: 'Díaz', empleado_id: empleado }))).body.user._id;
  return { empleado, owner };
}

const selector = () => screen.getByLabelText<HTMLSelectElement>('Seleccionar Empleado', { exact: false });
const optionOf = (id: string) => within(selector()).getByRole<HTMLOptionElement>('option', { name: (_n, el) => (el as HTMLOptionElement).value === id });
const question = () => screen.findByTestId('pick-question', undefined, SLOW);

describe("'Editar Usuario' ('Vincular con empleado existente')", () => {
  it('marks the employee with its user, asks naming her, Cancelar keeps the choice, confirming saves the move', async () => {
    await signInPage(site.admin);
    const { empleado, owner } = await linkedPair('Mármol');
    const user = (await call('POST', '/api/signup', usuarioBody())).body.user;
    open(`/dashboard/users/edit/${user._id}`);
    await screen.findByRole('button', { name: 'Guardar Cambios' }, SLOW);
    fireEvent.click(within(screen.getByTestId('seccion-vinculo')).getByRole('switch'));
    await waitFor(() => expect(optionOf(empleado).textContent).toContain('(vinculado con Dora Mármol Díaz)'), SLOW);

    fireEvent.change(selector(), { target: { value: empleado } });
    const asked = await question();
    expect(asked.textContent).toContain('Ramiro Mármol Soto ya está vinculado con Dora Mármol Díaz.');
    expect(asked.textContent).toContain("Si continúa, Dora Mármol Díaz perderá ese vínculo y dejará de ver sus recibos de nómina en 'Mi Nómina'.");
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByTestId('pick-question')).toBeNull());
    expect(selector().value).toBe('');

    fireEvent.change(selector(), { target: { value: empleado } });
    await question();
    fireEvent.click(screen.getByRole('button', { name: 'Reasignar empleado' }));
    await waitFor(() => expect(selector().value).toBe(empleado));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await screen.findByTestId('save-success', undefined, SLOW);
    expect((await call('GET', `/api/users/${user._id}`)).body.user.empleado_id).toBe(empleado);
    expect((await call('GET', `/api/users/${owner}`)).body.user.empleado_id).toBeNull();
  });

  it("the user's own employee is not marked, and a free one is taken without a question", async () => {
    await signInPage(site.admin);
    const { empleado, owner } = await linkedPair('Propio');
    const free = (await call('POST', '/api/empleados-api', empleadoBody({ prim_nom: 'Libre' }))).body.empleado._id;
    open(`/dashboard/users/edit/${owner}`);
    await waitFor(() => expect(optionOf(free)).toBeTruthy(), SLOW);
    expect(selector().value).toBe(empleado);
    expect(optionOf(empleado).textContent).not.toContain('vinculado con');
    fireEvent.change(selector(), { target: { value: free } });
    await waitFor(() => expect(selector().value).toBe(free));
    expect(screen.queryByTestId('pick-question')).toBeNull();
  });
});

describe("'Crear Nuevo Usuario' ('Usar empleado existente')", () => {
  it('asks before taking the employee; confirmed, the new user has it and the other user is unlinked', async () => {
    await signInPage(site.admin);
    const { empleado, owner } = await linkedPair('Nuevo');
    open('/dashboard/users/crear');
    fireEvent.click(await screen.findByText('Usar empleado existente', undefined, SLOW));
    await waitFor(() => expect(optionOf(empleado).textContent).toContain('(vinculado con Dora Nuevo Díaz)'), SLOW);

    fireEvent.change(selector(), { target: { value: empleado } });
    expect((await question()).textContent).toContain('Dora Nuevo Díaz perderá ese vínculo');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('pick-question')).toBeNull());
    expect(selector().value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Primer nombre', { exact: false }).value).toBe('');

    fireEvent.change(selector(), { target: { value: empleado } });
    await question();
    fireEvent.click(screen.getByRole('button', { name: 'Reasignar empleado' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Primer nombre', { exact: false }).value).toBe('Ramiro'));
    fireEvent.change(screen.getByLabelText('Correo Electrónico', { exact: false }), { target: { value: 'ramiro.nuevo@ejemplo.mx' } });
    fireEvent.change(screen.getByLabelText('Contraseña', { exact: false }), { target: { value: 'Clave-segura-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar Nuevo Usuario' }));
    await screen.findByTestId('save-success', undefined, SLOW);
    const made = (await call('GET', '/api/users?search=ramiro.nuevo')).body.users[0];
    expect(made.empleado_id).toBe(empleado);
    expect((await call('GET', `/api/users/${owner}`)).body.user.empleado_id).toBeNull();
    await waitFor(() => expect(where()).toBe('/dashboard/users'), SLOW);
  });
});
