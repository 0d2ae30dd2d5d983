/**
 * Accessibility and touch in a real browser (issue 11 items 4 and 5): axe-core runs on every
 * screen (signed out, as an admin, as an adviser with a linked employee, with the settings drawer
 * and a confirm dialog open) and finds no serious or critical violation; each screen has one h1
 * and all its content inside landmarks. On a 1024 px tablet the sidebar starts collapsed and the
 * top bar keeps to one line; on a 390 px phone the buttons are at least 44 px and a list's row
 * actions can be reached.
 *
 * One gateway for the whole file; every wait is on something visible, never a sleep.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { nominaOf, seedEmpleados, seedNominas } from '../sync-server/src/testing/payroll';
import { assertAccessible } from './axe';
import { openBrowser, signInThroughUi, gatewayForFile, type BrowserSession } from './harness';

const users = {} as Record<'admin' | 'asesor', CreatedUser>;
const EMP = 'emp-a11y-asesor';
const NOMINA = 'nom-a11y-1';
const CAPTACION = 'cap-a11y-1';
/** A 'Pendiente' captación: its grey chip is the palette's palest background under white text. */
const CAPTACION_PENDIENTE = 'cap-a11y-pendiente';

// Public sign-up open, so /auth/sign-up shows its form instead of sending the visitor to sign-in.
const gw: TestGateway = gatewayForFile({ publicSignup: true }, async () => {
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  users.asesor = await gw.createUser({ role: 'asesor', prim_nom: 'Armando', apell_pa: 'Asesor', empleado_id: EMP });
  await seedEmpleados(gw, [{ _id: EMP, prim_nom: 'Armando', apell_pa: 'Asesor', apell_ma: 'Luna', userId: users.asesor.id, salario: 15000 }]);
  await seedNominas(gw, [{ ...nominaOf(EMP, '2026-01-15', 7500, { empleado: 'Armando Asesor Luna' }), _id: NOMINA }]);
  const db = await gw.store.db('captaciones');
  await db.put({ ...sampleCaptacion({ propietario: { nombre: 'Accesible Pérez' }, captacion: { asesor: users.asesor.id } }), _id: CAPTACION });
  await db.put({ ...sampleCaptacion({ propietario: { nombre: 'Pendiente Gris' }, captacion: { asesor: users.asesor.id }, estatus_actual: 'Pendiente' }), _id: CAPTACION_PENDIENTE });
});

// --- helpers ------------------------------------------------------------------------------

/** Goes to a path of the app and waits for its one h1 (and `ready`, when the screen loads data). */
async function visit(page: Page, path: string, ready?: string): Promise<void> {
  await page.goto(`${gw.url}${path}`);
  await page.locator('h1').first().waitFor();
  if (ready) await page.getByText(ready).first().waitFor();
  assert.equal(await page.locator('h1').count(), 1, `una sola h1 en ${path}`);
}

async function check(page: Page, path: string, ready?: string): Promise<void> {
  await visit(page, path, ready);
  await assertAccessible(page, path);
}

async function signedIn(who: CreatedUser, size?: { width: number; height: number }): Promise<BrowserSession> {
  const b = await openBrowser(size);
  await signInThroughUi(b.page, gw.url, who.email, who.password);
  return b;
}

// --- the screens --------------------------------------------------------------------------

describe('axe on every screen', () => {
  it('signed out: sign-in and sign-up', async () => {
    const b = await openBrowser();
    try {
      await check(b.page, '/auth/sign-in');
      // Its form, not only its title: the title shows while the gateway is asked whether sign-up is open.
      await check(b.page, '/auth/sign-up', 'Registrar Nuevo Usuario');
    } finally {
      await b.close();
    }
  });

  it('an admin: home, profile, users, employees, payroll, captaciones, settings and a confirm', async () => {
    const b = await signedIn(users.admin);
    const { page } = b;
    try {
      await check(page, '/dashboard/home', 'Dinero de hoy');
      await check(page, '/dashboard/profile');
      await check(page, '/dashboard/users', users.asesor.email);
      await check(page, '/dashboard/users/crear');
      await check(page, `/dashboard/users/edit/${users.asesor.id}`);
      await check(page, `/dashboard/user-profile/${users.asesor.id}`, users.asesor.email);
      await check(page, '/dashboard/empleados', 'Armando');
      await check(page, '/dashboard/empleados/crear');
      await check(page, `/dashboard/empleados/editar/${EMP}`);
      await check(page, `/dashboard/empleado-profile/${EMP}`, 'Armando');
      await check(page, `/dashboard/empleado-documents/${EMP}`);
      await check(page, `/dashboard/nomina/crear/${EMP}`);
      await check(page, `/dashboard/nomina/update/${NOMINA}`);
      await check(page, '/dashboard/captaciones', 'Pendiente Gris');
      await check(page, '/dashboard/captaciones/nueva');
      await check(page, `/dashboard/captaciones/editar/${CAPTACION}`);
      await check(page, `/dashboard/captaciones/${CAPTACION}/detalle`, 'Accesible Pérez');

      await page.getByTestId('settings').click();
      await page.getByRole('dialog', { name: 'Configuración' }).waitFor();
      await page.getByRole('dialog', { name: 'Configuración' }).getByRole('button', { name: 'Cerrar', exact: true }).waitFor();
      await assertAccessible(page, 'configuración abierta');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // The list kit's confirm (a row's button) and the users list's own (the selected row).
      await visit(page, '/dashboard/captaciones', 'Accesible Pérez');
      await page.getByRole('row').filter({ hasText: 'Accesible Pérez' }).getByRole('button', { name: 'Eliminar' }).click();
      await page.getByRole('alertdialog').waitFor();
      await assertAccessible(page, 'confirmación de la lista abierta');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click();
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });

      await visit(page, '/dashboard/users', users.asesor.email);
      await page.getByRole('row').filter({ hasText: users.asesor.email }).click();
      await page.getByRole('button', { name: 'Eliminar usuario' }).click();
      await page.getByRole('alertdialog').waitFor();
      await assertAccessible(page, 'confirmación de usuarios abierta');
    } finally {
      await b.close();
    }
  });

  it('an adviser with a linked employee: Mi Nómina and own profile', async () => {
    const b = await signedIn(users.asesor);
    try {
      await check(b.page, '/dashboard/nominas/mi-nomina', '7,500.00');
      await check(b.page, '/dashboard/profile', 'Armando');
    } finally {
      await b.close();
    }
  });
});

describe('tablet and phone', () => {
  it('on a 1024 px tablet the sidebar starts collapsed and the top bar keeps to one line', async () => {
    const b = await signedIn(users.admin, { width: 1024, height: 768 });
    const { page } = b;
    try {
      await visit(page, '/dashboard/captaciones', 'Accesible Pérez');
      const toggle = page.getByRole('button', { name: 'Mostrar u ocultar el menú lateral' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      const bar = await page.getByTestId('topbar').boundingBox();
      assert.ok(bar && bar.height <= 64, `barra superior en una línea (alto ${bar?.height})`);
      // The table fits its container: no sideways scroll at 1024 px.
      const overflow = await page.locator('.list-table-wrap').first().evaluate((el) => el.scrollWidth - el.clientWidth);
      assert.ok(overflow <= 1, `la tabla cabe en 1024 px (sobran ${overflow} px)`);
      // A form's tabs, fields and buttons are finger-sized on the tablet too.
      await visit(page, '/dashboard/captaciones/nueva');
      for (const target of [page.getByRole('tab', { name: 'Propiedad' }), page.locator('#f-propietario-nombre'), page.getByRole('button', { name: 'Cancelar' })]) {
        const box = await target.boundingBox();
        assert.ok(box && box.height >= 44, `44 px de alto o más en la tableta (${box?.height})`);
      }
    } finally {
      await b.close();
    }
  });

  it('on a 390 px phone the buttons are finger-sized and a row’s actions are in view', async () => {
    const b = await signedIn(users.admin, { width: 390, height: 844 });
    const { page } = b;
    try {
      await visit(page, '/dashboard/captaciones', 'Accesible Pérez');
      const row = page.getByRole('row').filter({ hasText: 'Accesible Pérez' });
      const remove = row.getByRole('button', { name: 'Eliminar' });
      const box = await remove.boundingBox();
      assert.ok(box && box.width >= 44 && box.height >= 44, `botón de 44 px o más (${box?.width}×${box?.height})`);
      assert.ok(box.x >= 0 && box.x + box.width <= 390, 'las acciones de la fila se ven en el teléfono');
      const toggle = page.getByRole('button', { name: 'Mostrar u ocultar el menú lateral' });
      const menu = await toggle.boundingBox();
      assert.ok(menu && menu.height >= 44 && menu.width >= 44, `menú de 44 px o más (${menu?.width}×${menu?.height})`);
      await assertAccessible(page, 'lista en el teléfono');
      await toggle.click();
      await page.getByRole('button', { name: 'Cerrar menú' }).waitFor();
      await assertAccessible(page, 'menú abierto en el teléfono');
    } finally {
      await b.close();
    }
  });
});
