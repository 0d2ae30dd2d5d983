/**
 * Users in a real browser (issue 9): an admin creates a user in both modes of 'Crear Nuevo
 * Usuario' (linked to an Activo employee seeded through the API, with a photo; and without an
 * employee, where the toggle keeps e-mail, password and role), edits one from the list, selects,
 * views and deletes another after its question; the new person signs in and changes their
 * own profile photo. One gateway for the file; every wait is on something visible or stored.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { CreatedUser, HttpClient, TestGateway } from '../sync-server/src/testing/gateway';
import { empleadoBody, PNG, usuarioBody } from '../sync-server/src/testing/personas';
import { openBrowser, signInThroughUi, gatewayForFile, startE2EGateway, withBrowser } from './harness';

let admin: CreatedUser;
let api: HttpClient;

/** Set SCREENSHOTS=<folder> to keep a picture of each screen at tablet and phone sizes. */
const SHOTS = process.env.SCREENSHOTS;

const gw: TestGateway = gatewayForFile({}, async () => {
  admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  api = await gw.client().signIn(admin.email, admin.password);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const size = page.viewportSize();
  await page.screenshot({ path: `${SHOTS}/${name}-${size?.width}x${size?.height}.png`, fullPage: true });
}

const field = (page: Page, name: string) => page.locator(`#f-${name}`);

async function usersByEmail(email: string): Promise<Record<string, any> | undefined> {
  const r = await api.json('GET', `/api/users?search=${encodeURIComponent(email)}`);
  return (r.body.users as Array<Record<string, any>>).find((u) => u.email === email);
}

async function fillPersonal(page: Page, p: { nombre: string; paterno: string; telefono: string }): Promise<void> {
  await field(page, 'prim_nom').fill(p.nombre);
  await field(page, 'apell_pa').fill(p.paterno);
  await field(page, 'apell_ma').fill('Salinas');
  await field(page, 'fecha_na').fill('1991-04-12');
  await field(page, 'telefono').fill(p.telefono);
  await field(page, 'pust').fill('Asesor inmobiliario');
  await field(page, 'calle').fill('Av. Vallarta');
  await field(page, 'nun_ex').fill('1500');
  await field(page, 'codigo').fill('44100');
}

describe("'Crear Nuevo Usuario' (both modes of the registration screen)", () => {
  it("'Usar empleado existente': only Activo employees, the employee's data fills the form, the photo goes up after the user exists", async () => {
    const activo = (await api.json('POST', '/api/empleados-api', empleadoBody({ prim_nom: 'Esteban', apell_pa: 'Activo', email: 'esteban.activo@ejemplo.mx' }))).body.empleado;
    const inactivo = (await api.json('POST', '/api/empleados-api', empleadoBody({ prim_nom: 'Ignacio', apell_pa: 'Inactivo', estado: 'Inactivo' }))).body.empleado;
    await withBrowser(async (b) => {
      const { page } = b;
      await signInThroughUi(page, gw.url, admin.email, admin.password);
      await page.goto(`${gw.url}/dashboard/users/crear`);
      await page.getByRole('heading', { level: 1, name: 'Crear Nuevo Usuario' }).waitFor();
      await page.getByText('Usar empleado existente').click();
      const select = field(page, 'empleado_id');
      await select.locator(`option[value="${activo._id}"]`).waitFor({ state: 'attached' });
      assert.equal(await select.locator(`option[value="${inactivo._id}"]`).count(), 0, 'un empleado Inactivo no se ofrece');
      await select.selectOption(activo._id);
      assert.equal(await field(page, 'prim_nom').inputValue(), 'Esteban');
      assert.equal(await field(page, 'email').inputValue(), 'esteban.activo@ejemplo.mx');
      await field(page, 'password').fill('Clave-segura-1');
      await field(page, 'role').selectOption('supervisor de obra');
      await field(page, 'foto').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('photo-preview').waitFor();
      await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
      assert.equal(await page.getByTestId('photo-preview').count(), 0, "'Eliminar' quita la foto elegida");
      await field(page, 'foto').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('photo-preview').waitFor();
      await shot(page, 'crear-usuario-empleado');
      await page.getByRole('button', { name: 'Registrar Nuevo Usuario' }).click();
      await page.getByTestId('save-success').waitFor();
      await page.waitForURL(`${gw.url}/dashboard/users`);

      const user = await usersByEmail('esteban.activo@ejemplo.mx');
      assert.ok(user, 'el usuario existe');
      assert.equal(user.empleado_id, activo._id);
      assert.equal(user.role, 'supervisor de obra');
      assert.match(String(user.foto_perfil), /^\/api\/users\/.+\/foto\?v=/);
      assert.equal((await api.json('GET', `/api/empleados-api/${activo._id}`)).body.empleado.userId, user._id);
    });
  });

  it("'Crear usuario sin empleado': switching modes clears the personal fields but keeps e-mail, password and role", async () => {
    await withBrowser(async (b) => {
      const { page } = b;
      await signInThroughUi(page, gw.url, admin.email, admin.password);
      await page.goto(`${gw.url}/dashboard/users/crear`);
      await page.getByRole('button', { name: 'Registrar Nuevo Usuario' }).waitFor();
      await fillPersonal(page, { nombre: 'Sofía', paterno: 'Sinempleo', telefono: '3311223344' });
      await field(page, 'email').fill('sofia.sinempleo@ejemplo.mx');
      await field(page, 'password').fill('Clave-segura-2');
      await field(page, 'role').selectOption('ayudante de administrador');

      await page.getByText('Usar empleado existente').click();
      await page.getByText('Crear usuario sin empleado').click();
      assert.equal(await field(page, 'prim_nom').inputValue(), '', 'los datos personales se limpian');
      assert.equal(await field(page, 'telefono').inputValue(), '');
      assert.equal(await field(page, 'email').inputValue(), 'sofia.sinempleo@ejemplo.mx');
      assert.equal(await field(page, 'password').inputValue(), 'Clave-segura-2');
      assert.equal(await field(page, 'role').inputValue(), 'ayudante de administrador');

      // A refused save lists the problems; then the form is completed and saved.
      await page.getByRole('button', { name: 'Registrar Nuevo Usuario' }).click();
      await page.getByTestId('error-summary').getByText('Por favor complete todos los campos obligatorios.').first().waitFor();
      await fillPersonal(page, { nombre: 'Sofía', paterno: 'Sinempleo', telefono: '3311223344' });
      await shot(page, 'crear-usuario-sin-empleado');
      await page.getByRole('button', { name: 'Registrar Nuevo Usuario' }).click();
      await page.getByTestId('save-success').waitFor();
      await page.waitForURL(`${gw.url}/dashboard/users`);
      const user = await usersByEmail('sofia.sinempleo@ejemplo.mx');
      assert.ok(user);
      assert.equal(user.empleado_id, null);
      assert.equal(user.role, 'ayudante de administrador');
      assert.equal(user.telefono, '3311223344');
      await shot(page, 'lista-usuarios');
    }, { width: 390, height: 844 });
  });
});

describe("'Lista de Usuarios', detail and 'Editar Usuario'", () => {
  it('finds a user, selects, views, edits (back to the list after 1.5 s) and deletes another after its question', async () => {
    const edit = (await api.json('POST', '/api/signup', usuarioBody({ prim_nom: 'Ernesto', apell_pa: 'Editable' }))).body.user;
    const gone = (await api.json('POST', '/api/signup', usuarioBody({ prim_nom: 'Braulio', apell_pa: 'Borrable' }))).body.user;
    await withBrowser(async (b) => {
      const { page } = b;
      await signInThroughUi(page, gw.url, admin.email, admin.password);
      await page.goto(`${gw.url}/dashboard/users`);
      await page.getByTestId('usuario-row').first().waitFor();
      // View with nothing selected looks disabled (aria-disabled) and, pressed anyway, says why.
      assert.equal(await page.getByRole('button', { name: 'Ver usuario' }).getAttribute('aria-disabled'), 'true');
      await page.getByRole('button', { name: 'Ver usuario' }).click({ force: true });
      await page.getByText('Por favor, selecciona un usuario primero.').waitFor();
      await page.getByRole('button', { name: 'Aceptar' }).click();

      await page.getByPlaceholder('Buscar usuarios...').fill('editable');
      await page.waitForURL(/q=editable/);
      await page.getByTestId('usuario-row').filter({ hasText: 'Ernesto' }).click();
      await page.waitForURL(new RegExp(`sel=${edit._id}`));
      await shot(page, 'lista-usuarios-seleccion');
      await page.getByRole('button', { name: 'Ver usuario' }).click();
      await page.waitForURL(`${gw.url}/dashboard/user-profile/${edit._id}`);
      await page.getByTestId('usuario-detalle').getByText('No vinculado a empleado').waitFor();
      await shot(page, 'detalle-usuario');

      await page.getByRole('button', { name: 'Editar' }).click();
      await page.waitForURL(`${gw.url}/dashboard/users/edit/${edit._id}`);
      await field(page, 'telefono').fill('5587654321');
      await field(page, 'role').selectOption('supervisor de obra');
      await shot(page, 'editar-usuario');
      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await page.getByText('¡Usuario actualizado correctamente! Redirigiendo...').waitFor();
      await page.waitForURL(`${gw.url}/dashboard/users`);
      const stored = (await api.json('GET', `/api/users/${edit._id}`)).body.user;
      assert.equal(stored.telefono, '5587654321');
      assert.equal(stored.role, 'supervisor de obra');

      await page.getByPlaceholder('Buscar usuarios...').fill('borrable');
      await page.getByTestId('usuario-row').filter({ hasText: 'Braulio' }).click();
      await page.getByRole('button', { name: 'Eliminar usuario' }).click();
      await page.getByText('Estás seguro de que deseas eliminar este usuario?').waitFor();
      await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await page.getByTestId('list-notice').getByText('Usuario eliminado correctamente').waitFor();
      await page.getByText('No se encontraron usuarios con los criterios de búsqueda.').waitFor();
      assert.equal((await api.json('GET', `/api/users/${gone._id}`)).status, 404);
    });
  });
});

describe('own profile', () => {
  it('the person changes their own photo with the pencil; a non-image is refused', async () => {
    const body = usuarioBody({ prim_nom: 'Paula', apell_pa: 'Perfil' });
    const paula = (await api.json('POST', '/api/signup', body)).body.user;
    await withBrowser(async (b) => {
      const { page } = b;
      await signInThroughUi(page, gw.url, String(body.email), String(body.password));
      await page.goto(`${gw.url}/dashboard/profile`);
      await page.getByRole('heading', { level: 1, name: /Paula Perfil/ }).waitFor();
      await page.getByTestId('profile-initials').waitFor();
      await page.getByTestId('profile-photo-input').setInputFiles({ name: 'notas.png', mimeType: 'text/plain', buffer: Buffer.from('no soy imagen') });
      await page.getByTestId('photo-error').getByText('Por favor selecciona una imagen válida').waitFor();
      await page.getByTestId('profile-photo-input').setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('profile-photo').waitFor();
      assert.match(String(await page.getByTestId('profile-photo').getAttribute('src')), new RegExp(`^/api/users/${paula._id}/foto\\?v=`));
      assert.match(String((await api.json('GET', `/api/users/${paula._id}`)).body.user.foto_perfil), /foto\?v=/);
      await shot(page, 'perfil');
    }, { width: 390, height: 844 });
  });
});

describe("'Registro de Usuario' (public sign-up, PUBLIC_SIGNUP=true)", () => {
  it('a visitor registers from the sign-up screen, is signed in and lands on their profile', async () => {
    const open = await startE2EGateway({ publicSignup: true });
    const b = await openBrowser({ width: 390, height: 844 });
    try {
      const { page } = b;
      await page.goto(`${open.url}/auth/sign-up`);
      await page.getByRole('heading', { level: 1, name: 'Registro de Usuario' }).waitFor();
      assert.equal(await page.getByRole('link', { name: '¿Ya tienes una cuenta? Iniciar sesión' }).getAttribute('href'), '/auth/sign-in');
      assert.equal(await page.getByText('Usar empleado existente').count(), 0, 'el registro público no ofrece empleados');
      assert.equal(await field(page, 'role').count(), 0, 'ni rol');
      await fillPersonal(page, { nombre: 'Valeria', paterno: 'Visitante', telefono: '3398765432' });
      await field(page, 'email').fill('valeria.visitante@ejemplo.mx');
      await field(page, 'password').fill('Mi-clave-2026');
      await shot(page, 'registro-publico');
      await page.getByRole('button', { name: 'Registrar Nuevo Usuario' }).click();
      await page.getByTestId('save-success').waitFor();
      await page.waitForURL(`${open.url}/dashboard/profile`);
      await page.getByRole('heading', { level: 1, name: /Valeria Visitante/ }).waitFor();
    } finally {
      await b.close();
      await open.close();
    }
  });

  it('while public sign-up is off, a visitor opening it goes to sign-in', async () => {
    await withBrowser(async (b) => {
      await b.page.goto(`${gw.url}/auth/sign-up`);
      await b.page.waitForURL(`${gw.url}/auth/sign-in`);
    });
  });
});
