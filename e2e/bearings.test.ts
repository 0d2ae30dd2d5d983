/**
 * Where you are and what waits (issue 20 items 5 and 8), at 1024×768 and 390×844:
 *  - another person's profile is titled with their name (trail and document title), lights
 *    'Usuarios' and not 'Perfil'; one's own stays 'Mi Perfil' under 'Perfil';
 *  - the payroll screens light the menu entry their trail names;
 *  - a non-admin opening someone else's employee documents gets what their employee profile
 *    gives (the same page), with no 404 and no console error;
 *  - the sync chip's panel says what waits by kind, when the last sync was, and offers
 *    'Sincronizar ahora'; on a phone the chip and its panel sit in the thumb's reach.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { captacionOf, seed } from '../sync-server/src/testing/captaciones';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { nominaOf, seedEmpleados, seedNominas } from '../sync-server/src/testing/payroll';
import { signInThroughUi, gatewayForFile, waitForServiceWorker, withBrowser } from './harness';

const users = {} as Record<'admin' | 'ana' | 'beto', CreatedUser>;
const ANA = 'emp-ana-bearings';
const BETO = 'emp-beto-bearings';
const NOMINA_BETO = 'nom-beto-bearings';
const OWNER = 'Rosa Elena Quintero';
let captacionId = '';

const gw: TestGateway = gatewayForFile({}, async () => {
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin', apell_ma: 'Central' });
  users.ana = await gw.createUser({ role: 'user', prim_nom: 'Ana', apell_pa: 'Pérez', apell_ma: 'Gómez', empleado_id: ANA });
  users.beto = await gw.createUser({ role: 'user', prim_nom: 'Beto', apell_pa: 'Ruiz', apell_ma: 'Luna', empleado_id: BETO });
  await seedEmpleados(gw, [
    { _id: ANA, prim_nom: 'Ana', apell_pa: 'Pérez', apell_ma: 'Gómez', userId: users.ana.id, salario: 18500 },
    { _id: BETO, prim_nom: 'Beto', apell_pa: 'Ruiz', apell_ma: 'Luna', userId: users.beto.id, salario: 12000 },
  ]);
  await seedNominas(gw, [{ ...nominaOf(BETO, '2026-01-15', 7777.77, { empleado: 'Beto Ruiz Luna', conceptoDePago: 'Quincena de Beto' }), _id: NOMINA_BETO }]);
  const doc = captacionOf(users.ana.id, 3, { propietario: { nombre: OWNER } });
  captacionId = doc._id;
  await seed(gw, [doc]);
});

/** An element's box once it stops moving (Blueprint's popovers open with a short scale transition). */
async function settledBox(target: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = await target.boundingBox();
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const now = await target.boundingBox();
    if (now && last && now.height === last.height && now.y === last.y) return now;
    last = now;
  }
  return last!;
}

async function openMenuIfHidden(page: Page): Promise<void> {
  if (await page.locator('.app-sidebar').first().isVisible()) return;
  await page.getByRole('button', { name: 'Mostrar u ocultar el menú lateral' }).click();
  await page.locator('.app-sidebar').first().waitFor();
}

async function closeMenuIfOverlay(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Cerrar menú' });
  if (await close.isVisible()) await close.click();
}

/** The lit sidebar entry's name ('' when none) and the trail's texts. */
async function bearings(page: Page): Promise<{ lit: string; crumbs: string[] }> {
  await openMenuIfHidden(page);
  const litLinks = page.locator('.app-sidebar [aria-current="page"]');
  const lit = (await litLinks.count()) === 1 ? ((await litLinks.textContent()) ?? '').trim() : (await litLinks.count()) === 0 ? '' : 'varias';
  await closeMenuIfOverlay(page);
  const crumbs = (await page.locator('.app-topbar__crumbs li').allTextContents()).map((t) => t.trim());
  return { lit, crumbs };
}

const currentCrumb = (page: Page) => page.locator('.app-topbar__crumbs [aria-current="page"]');

for (const size of [{ width: 1024, height: 768 }, { width: 390, height: 844 }]) {
  describe(`titles and highlights at ${size.width}×${size.height}`, () => {
    it("another person's profile carries their name and lights Usuarios; one's own is 'Mi Perfil' under Perfil", async () => {
      await withBrowser(async ({ page }) => {
        await signInThroughUi(page, gw.url, users.admin.email, users.admin.password);
        await page.goto(`${gw.url}/dashboard/profile/${users.beto.id}`);
        await page.getByRole('heading', { name: 'Beto Ruiz Luna' }).waitFor();
        await page.waitForFunction(() => document.title.startsWith('Beto Ruiz Luna'));
        assert.equal(await currentCrumb(page).textContent(), 'Beto Ruiz Luna');
        const other = await bearings(page);
        assert.equal(other.lit, 'Usuarios');
        assert.ok(!other.crumbs.includes('Mi Perfil'), `ruta: ${other.crumbs.join(' / ')}`);

        await page.goto(`${gw.url}/dashboard/profile`);
        await page.getByRole('heading', { name: 'Alicia Admin Central' }).waitFor();
        assert.equal(await currentCrumb(page).textContent(), 'Mi Perfil');
        assert.equal((await bearings(page)).lit, 'Perfil');
        assert.match(await page.title(), /^Mi Perfil/);
      }, size);
    });

    it('the payroll screens light the menu entry their trail names', async () => {
      await withBrowser(async ({ page }) => {
        await signInThroughUi(page, gw.url, users.admin.email, users.admin.password);
        for (const [path, heading] of [
          [`/dashboard/nomina/crear/${BETO}`, 'Crear Nueva Nómina'],
          [`/dashboard/empleado/nomina/${BETO}`, 'Crear Nueva Nómina'],
          [`/dashboard/nomina/update/${NOMINA_BETO}`, 'Editar Nómina'],
        ] as const) {
          await page.goto(`${gw.url}${path}`);
          await page.getByRole('heading', { name: heading }).first().waitFor();
          const { lit, crumbs } = await bearings(page);
          assert.equal(lit, 'Empleados', path);
          assert.ok(crumbs.includes(lit), `${path}: la ruta (${crumbs.join(' / ')}) no nombra la entrada encendida (${lit})`);
        }
      }, size);
      await withBrowser(async ({ page }) => {
        await signInThroughUi(page, gw.url, users.ana.email, users.ana.password);
        await page.goto(`${gw.url}/dashboard/nominas/mi-nomina`);
        await currentCrumb(page).getByText('Mi Nómina').waitFor();
        const { lit, crumbs } = await bearings(page);
        assert.equal(lit, 'Mi Nómina');
        assert.deepEqual(crumbs, ['Inicio', 'Mi Nómina']);
      }, size);
    });

    it("a non-admin opening someone else's employee documents gets what the employee profile gives", async () => {
      await withBrowser(async ({ page }) => {
        const errors: string[] = [];
        const notFound: string[] = [];
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        page.on('response', (r) => r.status() === 404 && notFound.push(r.url()));
        await signInThroughUi(page, gw.url, users.ana.email, users.ana.password);
        // Where each ends once every redirect is done: Ana's own profile (home sends a non-admin there).
        const settle = async (path: string): Promise<string> => {
          await page.goto(`${gw.url}${path}`);
          await page.getByRole('heading', { name: 'Ana Pérez Gómez' }).waitFor();
          return new URL(page.url()).pathname;
        };
        const fromProfile = await settle(`/dashboard/empleado-profile/${BETO}`);
        const fromDocuments = await settle(`/dashboard/empleado-documents/${BETO}`);
        assert.equal(fromDocuments, fromProfile);
        assert.equal(await page.getByText('No se encontró el empleado.').count(), 0);
        assert.deepEqual(notFound, []);
        assert.deepEqual(errors, []);
      }, size);
    });
  });

  describe(`the sync panel at ${size.width}×${size.height}`, () => {
    it('says what waits by kind and when the last sync was, offers Sincronizar ahora, and sits in reach of the thumb on a phone', async () => {
      await withBrowser(async ({ page, context }) => {
        await signInThroughUi(page, gw.url, users.ana.email, users.ana.password);
        const chip = page.getByTestId('sync-state');
        await page.locator('[data-testid="sync-state"][data-status="up-to-date"]').waitFor({ timeout: 60_000 });
        await chip.click();
        const panel = page.getByTestId('sync-panel');
        await panel.getByText('Nada en espera: todo está en el servidor.').waitFor();
        assert.match((await panel.getByTestId('sync-last').textContent()) ?? '', /^Última sincronización: \d{2}:\d{2}$/);
        const syncNow = panel.getByRole('button', { name: 'Sincronizar ahora' });
        await syncNow.waitFor();
        if (size.width < 576) {
          // The lower half of a phone held in one hand is what the thumb reaches.
          const chipBox = (await chip.boundingBox())!;
          // Measured once the panel's opening transition (a scale) has ended.
          const buttonBox = await settledBox(syncNow);
          assert.ok(chipBox.y > size.height * 0.75, `el estado está a ${Math.round(chipBox.y)} px de arriba`);
          assert.ok(buttonBox.y > size.height / 2, `'Sincronizar ahora' está a ${Math.round(buttonBox.y)} px de arriba`);
          assert.ok(buttonBox.height >= 43.5 && chipBox.height >= 43.5, `blancos de 44 px (${buttonBox.height}, ${chipBox.height})`);
        }
        await page.keyboard.press('Escape');

        // A change saved without connection waits, and the panel says it is a captación.
        // The screens' code must be on the device before the connection goes (as in every offline test).
        await waitForServiceWorker(page);
        await context.setOffline(true);
        await page.locator('[data-testid="sync-state"][data-status="offline"]').waitFor();
        await openMenuIfHidden(page);
        await page.getByTestId('nav-proyectos').click();
        await page.getByTestId('captacion-row').filter({ hasText: OWNER }).getByRole('button', { name: 'Editar' }).click();
        await page.locator('#f-propietario-telefono').fill('5511112222');
        await page.getByRole('button', { name: 'Guardar Cambios' }).click();
        await page.waitForURL(/\/dashboard\/captaciones$/);
        await chip.click();
        await panel.getByTestId('sync-waiting-captaciones').getByText('1 captación por enviar').waitFor();

        await context.setOffline(false);
        await panel.getByRole('button', { name: 'Sincronizar ahora' }).click();
        await panel.getByText('Nada en espera: todo está en el servidor.').waitFor({ timeout: 30_000 });
        const stored = (await (await gw.store.db('captaciones')).get(captacionId)) as unknown as { propietario: { telefono: string } };
        assert.equal(stored.propietario.telefono, '5511112222');
      }, size);
    });
  });
}
