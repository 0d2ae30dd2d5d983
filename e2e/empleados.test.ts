/**
 * Employees in a real browser (issue 9, spec 000 sections 2, 4, 5, 6, 8): an admin creates an
 * employee linked to a user with 'Asociar con Usuario' and a photo, finds it through the list's
 * search, selects it and opens its profile, edits it (prefilled, the linked user's e-mail shown,
 * relinked), and deletes another after the question; the linked person sees the profile with
 * 'Usuario Asociado' and cannot reach the list. Screenshots at 1024×768 and 390×844 when
 * E2E_SCREENSHOTS names a folder.
 *
 * One gateway for the whole file; every wait is on something visible or stored, never a sleep.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { CreatedUser, HttpClient, TestGateway } from '../sync-server/src/testing/gateway';
import { eventually, signInThroughUi, gatewayForFile, withBrowser as inBrowser, type BrowserSession } from './harness';

let adminApi: HttpClient;
const users: Record<'admin' | 'jorge' | 'otra', CreatedUser> = {} as never;

const gw: TestGateway = gatewayForFile({}, async () => {
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  users.jorge = await gw.createUser({ role: 'user', prim_nom: 'Jorge', apell_pa: 'Hernández' });
  users.otra = await gw.createUser({ role: 'user', prim_nom: 'Olga', apell_pa: 'Otra' });
  adminApi = await gw.client().signIn(users.admin.email, users.admin.password);
});

// --- helpers ------------------------------------------------------------------------------

const SHOTS = process.env.E2E_SCREENSHOTS;

/** The same screen at a tablet's 1024×768 and a phone's 390×844, for a person to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const [w, h] of [[1024, 768], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${w}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

function withBrowser(who: CreatedUser, fn: (b: BrowserSession) => Promise<void>): Promise<void> {
  return inBrowser(async (b) => {
    await signInThroughUi(b.page, gw.url, who.email, who.password);
    await fn(b);
  });
}

const field = (page: Page, name: string) => page.locator(`#f-${name}`);

/** A 2×2 PNG: a real image by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGO4Y2NjU3GHweZE1K8TGgApbAYt2hSmnQAAAABJRU5ErkJggg==',
  'base64',
);

const EMPLEADO = {
  prim_nom: 'Jorge',
  segun_nom: 'Luis',
  apell_pa: 'Hernández',
  apell_ma: 'Vega',
  fecha_na: '1994-09-30',
  email: 'jorge.hernandez@ejemplo.mx',
  telefono: '5523456789',
  pust: 'Auxiliar de oficina',
  salario: '14500',
  fecha_ing: '2021-06-01',
  calle: 'Calle Pino',
  nun_ex: '45',
  num_in: '2',
  codigo: '06400',
};

async function empleadoByEmail(email: string): Promise<any> {
  const r = await adminApi.json('GET', '/api/empleados-api');
  assert.equal(r.status, 200);
  return (r.body.empleados as any[]).find((e) => e.email === email);
}

async function userOf(id: string): Promise<any> {
  return (await adminApi.json('GET', `/api/users/${id}`)).body.user;
}

let jorgeId = '';

// --- tests --------------------------------------------------------------------------------

describe('employees in the browser', () => {
  it("create: the required fields, then a complete employee linked with 'Asociar con Usuario' and a photo", async () => {
    await withBrowser(users.admin, async ({ page }) => {
      await page.goto(`${gw.url}/dashboard/empleados`);
      await page.getByRole('heading', { name: 'Lista de Empleados' }).waitFor();
      // With no employee yet the empty state offers the same button as the header.
      await page.getByRole('button', { name: 'Nuevo Empleado' }).first().click();
      await page.waitForURL(/\/dashboard\/empleados\/crear$/);
      await page.getByRole('heading', { name: 'Crear Nuevo Empleado' }).waitFor();
      for (const section of ['Información Personal', 'Información Laboral', 'Dirección']) {
        await page.getByRole('heading', { name: section }).waitFor();
      }
      assert.equal(await field(page, 'estado').inputValue(), 'Activo');
      const selector = page.getByLabel('Asociar con Usuario');
      assert.equal(await selector.locator('option:checked').innerText(), 'Ninguno');
      await shoot(page, 'empleado-crear');

      await page.getByRole('button', { name: 'Guardar Empleado' }).click();
      const summary = page.getByTestId('error-summary');
      await summary.waitFor();
      const problems = await summary.innerText();
      for (const section of ['Información Personal', 'Información Laboral', 'Dirección']) assert.match(problems, new RegExp(section));
      assert.match(problems, /Primer nombre, Apellido paterno, .*: Por favor complete todos los campos obligatorios\./);
      await shoot(page, 'empleado-crear-errores');

      for (const [name, value] of Object.entries(EMPLEADO)) await field(page, name).fill(value);
      await selector.selectOption(users.jorge.id);
      assert.match(await selector.locator('option:checked').innerText(), new RegExp(users.jorge.email.replace('.', '\\.')));
      await page.locator('#f-foto').setInputFiles({ name: 'jorge.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('photo-preview').waitFor();

      await page.getByRole('button', { name: 'Guardar Empleado' }).click();
      await page.getByText('Empleado creado exitosamente. Redirigiendo...').waitFor();
      await page.waitForURL(/\/dashboard\/empleados$/);

      const stored = await empleadoByEmail(EMPLEADO.email);
      assert.ok(stored, 'el empleado queda guardado');
      jorgeId = stored.id;
      assert.equal(stored.estado, 'Activo');
      assert.equal(stored.salario, 14500);
      assert.equal(stored.num_in, '2');
      assert.equal(stored.userId, users.jorge.id);
      assert.match(stored.foto_perfil ?? '', /\/api\/empleados-api\/.+\/foto/);
      assert.equal((await userOf(users.jorge.id)).empleado_id, jorgeId);
    });
  });

  it('list: search, select, the counter and the profile opened from the selection', async () => {
    assert.ok(jorgeId, 'needs the employee created above');
    for (const [prim_nom, estado, salario] of [['Carmen', 'Inactivo', 11000], ['Ana', 'Activo', 18500.5]] as const) {
      const r = await adminApi.json('POST', '/api/empleados-api', { ...EMPLEADO, email: `${prim_nom.toLowerCase()}@ejemplo.mx`, prim_nom, segun_nom: '', apell_pa: 'Ruiz', estado, salario });
      assert.equal(r.status, 201);
    }
    await withBrowser(users.admin, async ({ page }) => {
      await page.goto(`${gw.url}/dashboard/empleados`);
      const rows = page.getByTestId('empleado-row');
      await page.getByText('Mostrando 3 de 3 empleados').waitFor();
      assert.deepEqual(await rows.locator('td:first-child').allInnerTexts(), ['Ana Ruiz Vega', 'Jorge Luis Hernández Vega', 'Carmen Ruiz Vega']);
      await rows.filter({ hasText: 'Carmen' }).getByText('Inactivo').waitFor();
      await rows.filter({ hasText: 'Jorge' }).getByText('$14,500.00').waitFor();
      const verPerfil = page.getByRole('button', { name: 'Ver perfil' });
      assert.equal(await verPerfil.isDisabled(), true);
      await shoot(page, 'empleados-lista');

      await page.getByRole('searchbox', { name: 'Buscar empleados...' }).fill('jorge');
      await page.getByText('Mostrando 1 de 3 empleados').waitFor();
      // Keyboard: Tab into the table, Enter selects the row, Enter again opens its profile.
      await rows.first().focus();
      await page.keyboard.press('Enter');
      await eventually('Ver perfil habilitado', async () => !(await verPerfil.isDisabled()));
      assert.match(page.url(), new RegExp(`\\?q=jorge&sel=${jorgeId}$`));
      await page.reload();
      await page.getByText('Mostrando 1 de 3 empleados').waitFor();
      assert.equal(await rows.first().getAttribute('aria-selected'), 'true');
      await shoot(page, 'empleados-lista-seleccion');

      // 'Exportar CSV': the rows shown, as on screen.
      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
      assert.match(csv.suggestedFilename(), /^empleados_busqueda_\d{4}-\d{2}-\d{2}\.csv$/);
      const csvPath = await csv.path();
      assert.ok(csvPath, 'la descarga debe terminar');
      assert.equal(
        readFileSync(csvPath, 'utf8'),
        '\uFEFFNombre Completo,Correo,Puesto,Teléfono,Estado,Salario\r\nJorge Luis Hernández Vega,jorge.hernandez@ejemplo.mx,Auxiliar de oficina,5523456789,Activo,"$14,500.00"\r\n',
      );

      await page.getByRole('searchbox', { name: 'Buscar empleados...' }).fill('nadie-asi');
      await page.getByText('No se encontraron empleados con los criterios de búsqueda.').waitFor();
      await page.getByRole('searchbox', { name: 'Buscar empleados...' }).fill('');
      await page.getByText('Mostrando 3 de 3 empleados').waitFor();

      await verPerfil.click();
      await page.waitForURL(new RegExp(`/dashboard/empleado-profile/${jorgeId}$`));
      await page.getByTestId('empleado-nombre').getByText('Jorge Luis Hernández Vega').waitFor();
      await page.getByTestId('empleado-foto').waitFor();
      await page.getByText('Calle Pino 45 Int. 2, CP 06400').waitFor();
      await page.getByText('30/09/1994').waitFor();
      await page.getByRole('button', { name: 'Editar' }).waitFor();
      await page.getByRole('button', { name: 'Información Laboral' }).click();
      await page.getByText('$14,500.00').waitFor();
      await shoot(page, 'empleado-perfil-admin');
      await page.getByRole('button', { name: 'Volver' }).click();
      await page.waitForURL(/\/dashboard\/empleados$/);
    });
  });

  it('edit: prefilled with the linked user’s e-mail, relinked and saved, then the profile after 1.5 s', async () => {
    assert.ok(jorgeId, 'needs the employee created above');
    await withBrowser(users.admin, async ({ page }) => {
      await page.goto(`${gw.url}/dashboard/empleados/editar/${jorgeId}`);
      await page.getByRole('heading', { name: 'Editar Empleado' }).waitFor();
      const selector = page.getByLabel('Asociar con Usuario');
      await selector.locator('option:checked').filter({ hasText: users.jorge.email }).waitFor({ state: 'attached' });
      assert.equal(await field(page, 'prim_nom').inputValue(), 'Jorge');
      assert.equal(await field(page, 'fecha_na').inputValue(), '1994-09-30');
      assert.equal(await field(page, 'salario').inputValue(), '14500');
      await shoot(page, 'empleado-editar');

      // Cancelar: the profile by its second reading, nothing changed.
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.waitForURL(new RegExp(`/dashboard/empleados/profile/${jorgeId}$`));
      await page.getByTestId('empleado-nombre').waitFor();
      await page.goto(`${gw.url}/dashboard/empleados/editar/${jorgeId}`);
      await field(page, 'pust').waitFor();

      await field(page, 'pust').fill('Coordinador administrativo');
      await field(page, 'estado').selectOption('Inactivo');
      await page.getByLabel('Asociar con Usuario').selectOption(users.otra.id);
      // Jorge's own account would lose him: the form asks first (issue 33).
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText('Este empleado está vinculado con', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Reasignar usuario' }).click();
      await field(page, 'pust').press('Enter');
      await page.getByText('Empleado actualizado correctamente.').waitFor();
      await page.waitForURL(new RegExp(`/dashboard/empleados/profile/${jorgeId}$`));
      await page.getByText('Coordinador administrativo').first().waitFor();

      const stored = await empleadoByEmail(EMPLEADO.email);
      assert.equal(stored.pust, 'Coordinador administrativo');
      assert.equal(stored.estado, 'Inactivo');
      assert.equal(stored.userId, users.otra.id);
      assert.equal((await userOf(users.otra.id)).empleado_id, jorgeId);
      assert.equal((await userOf(users.jorge.id)).empleado_id, null);

      // Back as it was, for the linked person's test.
      await page.goto(`${gw.url}/dashboard/empleados/editar/${jorgeId}`);
      await page.getByLabel('Asociar con Usuario').selectOption(users.jorge.id);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Reasignar usuario' }).click();
      await field(page, 'estado').selectOption('Activo');
      await page.getByRole('button', { name: 'Actualizar Empleado' }).click();
      await page.getByText('Empleado actualizado correctamente.').waitFor();
      assert.equal((await userOf(users.jorge.id)).empleado_id, jorgeId);
    });
  });

  it('the linked person sees their employee profile with Usuario Asociado, and never the list', async () => {
    assert.ok(jorgeId, 'needs the employee created above');
    await withBrowser(users.jorge, async ({ page }) => {
      await page.goto(`${gw.url}/dashboard/empleado-profile/${jorgeId}`);
      await page.getByTestId('empleado-nombre').getByText('Jorge Luis Hernández Vega').waitFor();
      await page.getByText('Usuario Asociado').waitFor();
      await page.getByText(users.jorge.email).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Editar' }).count(), 0);
      await page.getByRole('button', { name: 'Información Laboral' }).click();
      await page.getByTestId('seccion-laboral').getByText('Coordinador administrativo').waitFor();
      await shoot(page, 'empleado-perfil-vinculado');

      await page.goto(`${gw.url}/dashboard/empleados`);
      await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/empleados'));
      await page.goto(`${gw.url}/dashboard/empleados/editar/${jorgeId}`);
      await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/empleados'));
    });
  });

  it('delete: only after the question, and the list goes on without it', async () => {
    await withBrowser(users.admin, async ({ page }) => {
      await page.goto(`${gw.url}/dashboard/empleados?q=carmen`);
      const row = page.getByTestId('empleado-row').filter({ hasText: 'Carmen' });
      await row.click();
      const eliminar = page.getByRole('toolbar', { name: 'Empleados' }).getByRole('button', { name: 'Eliminar' });
      await eliminar.click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText('¿Está seguro de que desea eliminar este empleado? Esta acción no se puede deshacer.').waitFor();
      await shoot(page, 'empleados-eliminar');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      assert.ok(await empleadoByEmail('carmen@ejemplo.mx'));

      await eliminar.click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
      await page.getByText('No se encontraron empleados con los criterios de búsqueda.').waitFor();
      await page.getByText('Mostrando 0 de 2 empleados').waitFor();
      assert.equal(await empleadoByEmail('carmen@ejemplo.mx'), undefined);
      assert.doesNotMatch(page.url(), /sel=/);
    });
  });
});
