/**
 * Issue 18 item 5 in a real browser: linking never takes an employee from someone else silently.
 * In 'Crear Nuevo Usuario' ('Usar empleado existente'), 'Editar Usuario' ('Vincular con empleado
 * existente') and 'Asociar con Usuario' on the employee form, the list says who each one is
 * linked to; choosing one that is someone else's asks first, naming who loses the link and their
 * payslips; Cancelar (or Escape) leaves everything as it was; confirming (from the keyboard too)
 * and saving moves the link, and the person who lost it sees 'Mi Nómina' say so.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { CreatedUser, HttpClient, TestGateway } from '../sync-server/src/testing/gateway';
import { empleadoBody, usuarioBody } from '../sync-server/src/testing/personas';
import { signInThroughUi, gatewayForFile, withBrowser } from './harness';

let admin: CreatedUser;
let api: HttpClient;

const gw: TestGateway = gatewayForFile({}, async () => {
  admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  api = await gw.client().signIn(admin.email, admin.password);
});

const field = (page: Page, name: string) => page.locator(`#f-${name}`);
const linkOf = async (userId: string): Promise<string | null> => (await api.json('GET', `/api/users/${userId}`)).body.user.empleado_id;

/** An employee and the account that has it: Dora, who would lose her payslips. */
async function doraWithEmpleado(apellido: string): Promise<{ empleado: string; dora: Record<string, unknown> & { _id: string } }> {
  const empleado = (await api.json('POST', '/api/empleados-api', empleadoBody({ prim_nom: 'Ramiro', apell_pa: apellido, apell_ma: 'Soto' }))).body.empleado._id;
  const body = usuarioBody({ prim_nom: 'Dora', apell_pa: apellido, apell_ma: 'Díaz', empleado_id: empleado });
  const dora = { ...body, ...(await api.json('POST', '/api/signup', body)).body.user };
  return { empleado, dora };
}

/** The question, checked for the person it names; answered by `answer`. */
async function answerQuestion(page: Page, persona: string, answer: (page: Page) => Promise<void>): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(`ya está vinculado con ${persona}.`, { exact: false }).waitFor();
  await dialog.getByText(`Si continúa, ${persona} perderá ese vínculo`, { exact: false }).waitFor();
  await dialog.getByText("'Mi Nómina'", { exact: false }).waitFor();
  await answer(page);
  await dialog.waitFor({ state: 'detached' });
}

describe("'Editar Usuario' ('Vincular con empleado existente')", () => {
  it('the list marks whose employee it is; Cancelar leaves it; confirming and saving moves it, and Dora is told in Mi Nómina', async () => {
    const { empleado, dora } = await doraWithEmpleado('Mármol');
    const user = (await api.json('POST', '/api/signup', usuarioBody({ prim_nom: 'Ulises' }))).body.user;
    await withBrowser(async ({ page }) => {
      await signInThroughUi(page, gw.url, admin.email, admin.password);
      await page.goto(`${gw.url}/dashboard/users/edit/${user._id}`);
      await page.getByText('Vincular con empleado existente').click();
      const select = field(page, 'empleado_id');
      const option = select.locator(`option[value="${empleado}"]`);
      await option.waitFor({ state: 'attached' });
      assert.match(String(await option.textContent()), /Ramiro Mármol Soto .*\(vinculado con Dora Mármol Díaz\)/);

      await select.selectOption(empleado);
      await answerQuestion(page, 'Dora Mármol Díaz', (p) => p.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click());
      assert.equal(await select.inputValue(), '', 'Cancelar deja la elección como estaba');
      assert.equal(await linkOf(dora._id), empleado);

      await select.selectOption(empleado);
      await answerQuestion(page, 'Dora Mármol Díaz', (p) => p.getByRole('alertdialog').getByRole('button', { name: 'Reasignar empleado' }).click());
      assert.equal(await select.inputValue(), empleado);
      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await page.getByText('¡Usuario actualizado correctamente! Redirigiendo...').waitFor();
      assert.equal(await linkOf(user._id), empleado);
      assert.equal(await linkOf(dora._id), null);
    });
    // What the admin was warned of: Dora's payroll no longer finds an employee.
    await withBrowser(async ({ page }) => {
      await signInThroughUi(page, gw.url, String(dora.email), String(dora.password));
      await page.goto(`${gw.url}/dashboard/nominas/mi-nomina`);
      await page.getByText('No se encontró ningún empleado asociado a tu cuenta').waitFor();
    });
  });
});

describe("'Crear Nuevo Usuario' ('Usar empleado existente')", () => {
  it('from the keyboard: Escape keeps the choice as it was, Enter on the confirmation takes the employee for the new user', async () => {
    const { empleado, dora } = await doraWithEmpleado('Teclado');
    await withBrowser(async ({ page }) => {
      await signInThroughUi(page, gw.url, admin.email, admin.password);
      await page.goto(`${gw.url}/dashboard/users/crear`);
      await page.getByText('Usar empleado existente').click();
      const select = field(page, 'empleado_id');
      await select.locator(`option[value="${empleado}"]`).filter({ hasText: '(vinculado con Dora Teclado Díaz)' }).waitFor({ state: 'attached' });

      await select.focus();
      await select.selectOption(empleado);
      await answerQuestion(page, 'Dora Teclado Díaz', (p) => p.keyboard.press('Escape'));
      assert.equal(await select.inputValue(), '');
      assert.equal(await field(page, 'prim_nom').inputValue(), '', 'nada se llenó con el empleado');
      await assertFocused(page, 'f-empleado_id'); // back where the person was

      await select.selectOption(empleado);
      await answerQuestion(page, 'Dora Teclado Díaz', async (p) => {
        const confirm = p.getByRole('alertdialog').getByRole('button', { name: 'Reasignar empleado' });
        await confirm.focus();
        await p.keyboard.press('Enter');
      });
      assert.equal(await field(page, 'prim_nom').inputValue(), 'Ramiro');
      await field(page, 'email').fill('ramiro.teclado@ejemplo.mx');
      await field(page, 'password').fill('Clave-segura-7');
      await page.getByRole('button', { name: 'Registrar Nuevo Usuario' }).click();
      await page.getByTestId('save-success').waitFor();
      const made = (await api.json('GET', '/api/users?search=ramiro.teclado')).body.users[0];
      assert.equal(made.empleado_id, empleado);
      assert.equal(await linkOf(dora._id), null);
    });
  });
});

describe("'Editar Empleado' ('Asociar con Usuario')", () => {
  it('marks a user another employee has by that employee, asks first, and saves the move only when confirmed', async () => {
    const { empleado: ramiro, dora } = await doraWithEmpleado('Lado');
    const otro = (await api.json('POST', '/api/empleados-api', empleadoBody({ prim_nom: 'Elena', apell_pa: 'Otra' }))).body.empleado._id;
    await withBrowser(async ({ page }) => {
      await signInThroughUi(page, gw.url, admin.email, admin.password);
      await page.goto(`${gw.url}/dashboard/empleados/editar/${otro}`);
      const select = page.getByLabel('Asociar con Usuario');
      await select.locator(`option[value="${dora._id}"]`).filter({ hasText: '(vinculado con Ramiro Lado Soto)' }).waitFor({ state: 'attached' });

      await select.selectOption(dora._id);
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText('ya está vinculado con el empleado Ramiro Lado Soto.', { exact: false }).waitFor();
      await dialog.getByText("Si continúa, Ramiro Lado Soto perderá ese vínculo: esa cuenta dejará de ver sus recibos de nómina en 'Mi Nómina'", { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      assert.equal(await select.inputValue(), '');

      await select.selectOption(dora._id);
      await dialog.getByRole('button', { name: 'Reasignar usuario' }).click();
      await page.getByRole('button', { name: 'Actualizar Empleado' }).click();
      await page.getByText('Empleado actualizado correctamente.').waitFor();
      assert.equal(await linkOf(dora._id), otro);
      assert.equal((await api.json('GET', `/api/empleados-api/${ramiro}`)).body.empleado.userId, null);
    });
  });
});

async function assertFocused(page: Page, id: string): Promise<void> {
  await page.waitForFunction((want) => document.activeElement?.id === want, id);
}
