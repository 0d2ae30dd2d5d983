/**
 * Payroll in a real browser (issue 10): an admin creates payslips through the form on both
 * routes (the success text, then the employee profile), edits one (a dd/mm/yyyy date shown in the
 * date input), filters the employee's payroll by date, deletes with the confirm, and browses the
 * employee's documents; the employee linked to a user opens 'Mi Nómina', sees an admin's changes
 * arrive live, and with the network off still lists and downloads a PDF whose text holds the
 * amount; relinked to another employee, the device holds the other employee's payslips only;
 * another employee's user never sees them.
 *
 * One gateway for the whole file; every wait is on something visible or stored, never a sleep.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Nomina } from '../couch-design/nomina';
import type { CreatedUser, HttpClient, TestGateway } from '../sync-server/src/testing/gateway';
import { nominaOf, seedEmpleados, seedNominas } from '../sync-server/src/testing/payroll';
import { eventually, pdfText, savedPath, signInThroughUi, gatewayForFile, unlockWith, waitForServiceWorker, withBrowser, type BrowserSession } from './harness';

let adminApi: HttpClient;
const users = {} as Record<'admin' | 'ana' | 'beto' | 'carla', CreatedUser>;

/** Ana's employee record (linked to the user Ana), Beto's, and one with no user and no payslips. */
const ANA = 'emp-ana-e2e';
const BETO = 'emp-beto-e2e';
const SOLO = 'emp-solo-e2e';

const gw: TestGateway = gatewayForFile({}, async () => {
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  users.ana = await gw.createUser({ role: 'user', prim_nom: 'Ana', apell_pa: 'Pérez', empleado_id: ANA });
  users.beto = await gw.createUser({ role: 'user', prim_nom: 'Beto', apell_pa: 'Ruiz', empleado_id: BETO });
  users.carla = await gw.createUser({ role: 'user', prim_nom: 'Carla', apell_pa: 'Sin Empleado' });
  await seedEmpleados(gw, [
    { _id: ANA, prim_nom: 'Ana', segun_nom: 'María', apell_pa: 'Pérez', apell_ma: 'Gómez', userId: users.ana.id, salario: 18500 },
    { _id: BETO, prim_nom: 'Beto', apell_pa: 'Ruiz', apell_ma: 'Luna', userId: users.beto.id, salario: 12000 },
    { _id: SOLO, prim_nom: 'Sol', apell_pa: 'Ortega', apell_ma: 'Vidal', salario: 9900 },
  ]);
  // Beto's payslip, and one of Ana's stored by an older system: dd/mm/yyyy and no concept.
  await seedNominas(gw, [
    nominaOf(BETO, '2026-01-15', 7777.77, { empleado: 'Beto Ruiz Luna', conceptoDePago: 'Quincena de Beto' }),
    { ...nominaOf(ANA, '31/12/2025', 4321.5, { empleado: 'Ana María Pérez Gómez' }), _id: 'nom-ana-legacy', conceptoDePago: '' },
  ]);
  adminApi = await gw.client().signIn(users.admin.email, users.admin.password);
});

// --- helpers ------------------------------------------------------------------------------

async function storedNominas(empleadoId: string): Promise<Nomina[]> {
  const { docs } = await (await gw.store.db('nominas')).find({ selector: { type: 'nomina', empleadoId }, limit: 1000 });
  return docs as unknown as Nomina[];
}

async function storedByConcept(concepto: string): Promise<Nomina | null> {
  const { docs } = await (await gw.store.db('nominas')).find({ selector: { type: 'nomina', conceptoDePago: concepto }, limit: 2 });
  return (docs[0] as unknown as Nomina) ?? null;
}

const signIn = (b: BrowserSession, who: CreatedUser) => signInThroughUi(b.page, gw.url, who.email, who.password);
const go = (page: Page, path: string) => page.goto(`${gw.url}${path}`);
const rows = (page: Page) => page.getByTestId('nomina-row');
const syncState = (page: Page) => page.getByTestId('sync-state');
const field = (page: Page, name: string) => page.locator(`#f-${name}`);

/** Fills and sends 'Crear Nueva Nómina'; answers the stored payslip. */
async function createThroughForm(page: Page, path: string, fecha: string, concepto: string, salario?: string): Promise<Nomina> {
  await go(page, path);
  await page.getByRole('heading', { name: 'Crear Nueva Nómina' }).waitFor();
  assert.equal(await page.getByTestId('nomina-empleado').inputValue(), 'Ana María Pérez Gómez');
  // Salario comes filled in from the employee's salary.
  assert.equal(await field(page, 'salario').inputValue(), '18500');
  if (salario !== undefined) await field(page, 'salario').fill(salario);
  await field(page, 'fecha').fill(fecha);
  await field(page, 'conceptoDePago').fill(concepto);
  await page.getByRole('button', { name: 'Crear Nómina' }).click();
  await page.getByText('Nómina creada correctamente. Redirigiendo...').waitFor();
  await page.waitForURL(`${gw.url}/dashboard/empleado-profile/${ANA}`);
  return eventually(`la nómina '${concepto}' guardada`, () => storedByConcept(concepto));
}

// --- tests --------------------------------------------------------------------------------

describe('payroll in the browser', () => {
  it('create: admin only, both routes, the shared rules, the success text and the employee profile after it', async () => {
    await withBrowser(async (b) => {
      const { page } = b;
      await signIn(b, users.admin);

      // The rules of couch-design/nomina speak under the fields before anything is sent.
      await go(page, `/dashboard/nomina/crear/${ANA}`);
      await page.getByRole('heading', { name: 'Crear Nueva Nómina' }).waitFor();
      await field(page, 'salario').fill('-5');
      await page.getByRole('button', { name: 'Crear Nómina' }).click();
      await page.getByText('El salario no puede ser negativo').first().waitFor();
      await page.getByText('La fecha de pago es requerida').first().waitFor();
      await page.getByText('El concepto de pago es requerido').first().waitFor();
      assert.equal((await storedNominas(ANA)).length, 1, 'nada se guardó');

      const first = await createThroughForm(page, `/dashboard/nomina/crear/${ANA}`, '2026-01-15', 'Primera quincena de enero');
      assert.deepEqual(
        { empleadoId: first.empleadoId, empleado: first.empleado, salario: first.salario, fecha: first.fecha },
        { empleadoId: ANA, empleado: 'Ana María Pérez Gómez', salario: 18500, fecha: '2026-01-15' },
      );
      // The second reading of the route is the same screen.
      const second = await createThroughForm(page, `/dashboard/empleado/nomina/${ANA}`, '2026-01-31', 'Segunda quincena de enero\nBono de puntualidad', '19250.75');
      assert.equal(second.salario, 19250.75);
      assert.equal(second.conceptoDePago, 'Segunda quincena de enero\nBono de puntualidad');
      await createThroughForm(page, `/dashboard/nomina/crear/${ANA}`, '2026-02-15', 'Primera quincena de febrero');

      // An employee that does not exist: the load failure text, no form.
      await go(page, '/dashboard/nomina/crear/no-existe');
      await page.getByText('No se pudo cargar la información del empleado').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Crear Nómina' }).count(), 0);
    });

    // Anyone else is sent home (spec 000 section 6).
    await withBrowser(async (b) => {
      await signIn(b, users.ana);
      await go(b.page, `/dashboard/nomina/crear/${ANA}`);
      await b.page.waitForURL((url) => /\/dashboard\/(home|profile)$/.test(url.pathname));
      await go(b.page, `/dashboard/nomina/update/nom-ana-legacy`);
      await b.page.waitForURL((url) => /\/dashboard\/(home|profile)$/.test(url.pathname));
    });
  });

  it('edit: the payslip loads, a dd/mm/yyyy date shows in the date input, and Guardar Cambios goes to the employee profile', async () => {
    await withBrowser(async (b) => {
      const { page } = b;
      await signIn(b, users.admin);
      await go(page, '/dashboard/nomina/update/nom-ana-legacy');
      await page.getByRole('heading', { name: 'Editar Nómina' }).waitFor();
      assert.equal(await page.getByTestId('nomina-empleado').inputValue(), 'Ana María Pérez Gómez');
      assert.equal(await page.getByTestId('nomina-empleado').getAttribute('readonly'), '');
      assert.equal(await field(page, 'fecha').inputValue(), '2025-12-31');
      assert.equal(await field(page, 'salario').inputValue(), '4321.5');
      await field(page, 'conceptoDePago').fill('Aguinaldo 2025');
      await field(page, 'salario').fill('4500');
      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await page.waitForURL(`${gw.url}/dashboard/empleado-profile/${ANA}`);
      const stored = await eventually('la edición guardada', async () => {
        const doc = (await storedNominas(ANA)).find((n) => n._id === 'nom-ana-legacy');
        return doc?.conceptoDePago === 'Aguinaldo 2025' ? doc : null;
      });
      assert.equal(stored.salario, 4500);
      assert.equal(stored.fecha, '2025-12-31');

      await go(page, '/dashboard/nomina/update/no-existe');
      await page.getByText('No se encontró la nómina.').waitFor();
    });
  });

  it("employee documents: one card per payslip, 1 column on a phone and 3 on a tablet, the document in a new tab, the empty state and the way back", async () => {
    await withBrowser(async (b) => {
      const { page, context } = b;
      await signIn(b, users.admin);
      await go(page, `/dashboard/empleado-documents/${ANA}`);
      await page.getByRole('heading', { name: 'Documentos de Ana Pérez' }).waitFor();
      const cards = page.getByTestId('nomina-doc');
      await cards.first().waitFor();
      assert.equal(await cards.count(), 4);
      const febrero = cards.filter({ hasText: 'Primera quincena de febrero' });
      await febrero.getByText('Fecha: 15/02/2026').waitFor();
      await febrero.getByText('Monto: $18,500.00').waitFor();
      const columns = () => page.locator('.nominas-docs').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      assert.equal(await columns(), 3);
      await page.setViewportSize({ width: 800, height: 900 });
      assert.equal(await columns(), 2);
      await page.setViewportSize({ width: 390, height: 844 });
      assert.equal(await columns(), 1);
      await page.setViewportSize({ width: 1024, height: 768 });

      const id = (await storedByConcept('Primera quincena de febrero'))!._id;
      const [tab] = await Promise.all([context.waitForEvent('page'), febrero.getByRole('button', { name: /Abrir documento/ }).click()]);
      await eventually('el documento en una pestaña nueva', async () => tab.url().includes(`/api/nominas-api/descargar/${id}`));
      await tab.close();

      await page.getByRole('button', { name: 'Volver' }).click();
      await page.waitForURL(`${gw.url}/dashboard/empleado-profile/${ANA}`);

      await go(page, `/dashboard/empleado-documents/${SOLO}`);
      await page.getByRole('heading', { name: 'Documentos de Sol Ortega' }).waitFor();
      await page.getByText('No hay documentos disponibles').waitFor();
      await page.getByText('Todavía no se han generado documentos para este empleado.').waitFor();
      await page.getByRole('button', { name: 'Crear Nueva Nómina' }).click();
      await page.waitForURL(`${gw.url}/dashboard/nomina/crear/${SOLO}`);
      assert.equal(await field(page, 'salario').inputValue(), '9900');
    });
  });

  it("employee profile 'Información Laboral': loads when opened, Desde/Hasta in the URL, CSV of what it shows, delete after the question", async () => {
    await seedNominas(gw, [nominaOf(ANA, '2026-02-20', 1111.11, { empleado: 'Ana María Pérez Gómez', conceptoDePago: 'Pago por eliminar' })]);
    await withBrowser(async (b) => {
      const { page } = b;
      await signIn(b, users.admin);
      await go(page, `/dashboard/empleado-profile/${ANA}`);
      await page.getByTestId('empleado-nombre').waitFor();
      // Nothing of the payroll until the section is opened.
      assert.equal(await page.getByTestId('empleado-nominas').count(), 0);
      await page.getByRole('button', { name: 'Información Laboral' }).click();
      const table = page.getByTestId('empleado-nominas');
      await table.getByTestId('nomina-row').first().waitFor();
      assert.deepEqual(await table.locator('thead th').allTextContents(), ['Fecha', 'Concepto', 'Salario', 'Acciones']);
      assert.equal(await rows(page).count(), 5);
      await table.getByRole('button', { name: 'Crear Nueva Nómina' }).waitFor();

      await page.getByLabel('Desde').fill('2026-01-01');
      await page.getByLabel('Hasta').fill('2026-01-31');
      await eventually('el periodo de enero', async () => (await rows(page).count()) === 2);
      assert.match(page.url(), /desde=2026-01-01&hasta=2026-01-31/);
      assert.deepEqual(await rows(page).locator('td:first-child').allTextContents(), ['31/01/2026', '15/01/2026']);
      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
      assert.match(csv.suggestedFilename(), /^nominas_busqueda_\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = readFileSync(await savedPath(csv), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
      assert.equal(lines[0], 'Fecha,Concepto,Salario');
      assert.equal(lines.length, 3);
      assert.match(lines[1], /^31\/01\/2026,"Segunda quincena de enero\nBono de puntualidad","\$19,250\.75"$/);

      // The period survives a reload, and a URL carrying it opens 'Información Laboral' by itself.
      await page.reload();
      await eventually('la sección abierta', async () => (await page.getByRole('button', { name: 'Información Laboral' }).getAttribute('aria-expanded')) === 'true');
      await eventually('el periodo tras recargar', async () => (await rows(page).count()) === 2);
      assert.equal(await page.getByLabel('Desde').inputValue(), '2026-01-01');
      await page.getByRole('button', { name: 'Limpiar fechas' }).first().click();
      await eventually('todas de nuevo', async () => (await rows(page).count()) === 5);

      const doomed = rows(page).filter({ hasText: 'Pago por eliminar' });
      await doomed.getByRole('button', { name: 'Eliminar nómina' }).click();
      await page.getByText('¿Estás seguro de que deseas eliminar esta nómina?').waitFor();
      await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await doomed.waitFor({ state: 'detached' });
      assert.equal(await rows(page).count(), 4);
      assert.equal(await storedByConcept('Pago por eliminar'), null);
    });

    // The linked person sees their own payroll there, without the admin's buttons.
    await withBrowser(async (b) => {
      const { page } = b;
      await signIn(b, users.ana);
      await go(page, `/dashboard/empleado-profile/${ANA}`);
      await page.getByRole('button', { name: 'Información Laboral' }).click();
      await rows(page).first().waitFor();
      assert.equal(await rows(page).count(), 4);
      assert.equal(await page.getByRole('button', { name: 'Eliminar nómina' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Crear Nueva Nómina' }).count(), 0);
      await rows(page).first().getByRole('button', { name: 'Descargar PDF' }).waitFor();
    });
  });

  it("'Mi Nómina': the linked employee's payslips only, an admin's changes arriving live, then offline with a PDF made on the device", async () => {
    await withBrowser(async (b) => {
      const { page, context } = b;
      await signIn(b, users.ana);
      await waitForServiceWorker(page);
      await page.getByTestId('nav-mi-nomina').click();
      await page.getByRole('heading', { name: 'Nóminas Table' }).waitFor();
      await rows(page).filter({ hasText: 'Primera quincena de febrero' }).waitFor({ timeout: 30_000 });
      assert.deepEqual(await page.locator('thead th').allTextContents(), ['Fecha', 'Concepto', 'Salario', 'Acciones']);
      assert.equal(await rows(page).count(), 4);
      // Newest first; Beto's payslip never reaches Ana's device.
      assert.match(await rows(page).first().innerText(), /15\/02\/2026/);
      assert.equal(await page.getByText('Quincena de Beto').count(), 0);

      // An admin creates, edits and deletes: the screen follows without a reload.
      const created = await adminApi.json('POST', `/api/CrearNomina/${ANA}`, { conceptoDePago: 'Bono anual', salario: 3210.45, fecha: '2026-03-01' });
      assert.equal(created.status, 201);
      const bono = rows(page).filter({ hasText: 'Bono anual' });
      await bono.getByText('$3,210.45').waitFor({ timeout: 30_000 });
      const n = created.body.nomina as Nomina;
      const edited = await adminApi.json('PUT', `/api/nominas/${n._id}`, { ...n, conceptoDePago: 'Bono anual corregido', salario: 3333.33 });
      assert.equal(edited.status, 200);
      await rows(page).filter({ hasText: 'Bono anual corregido' }).getByText('$3,333.33').waitFor({ timeout: 30_000 });
      const gone = await storedByConcept('Primera quincena de enero');
      assert.equal((await adminApi.json('DELETE', `/api/nominas-api/${gone!._id}`)).status, 200);
      await rows(page).filter({ hasText: 'Primera quincena de enero' }).waitFor({ state: 'detached', timeout: 30_000 });
      assert.equal(await rows(page).count(), 4);
      await syncState(page).getByText('Al día').waitFor({ timeout: 30_000 });

      // No network: the list and the PDF come from the device.
      await context.setOffline(true);
      await syncState(page).getByText('Sin conexión').waitFor();
      await page.reload();
      await unlockWith(page, users.ana.password);
      await page.getByRole('heading', { name: 'Nóminas Table' }).waitFor();
      const row = rows(page).filter({ hasText: 'Segunda quincena de enero' });
      await row.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Descargar PDF' }).click()]);
      assert.equal(download.suggestedFilename(), 'nomina-2026-01-31.pdf');
      const text = pdfText(await savedPath(download));
      assert.ok(text.startsWith('%PDF'), 'es un PDF');
      assert.ok(text.includes('$19,250.75'), 'el PDF lleva el monto');
      assert.ok(text.includes('Ana María Pérez Gómez'), 'el PDF lleva el nombre del empleado');
      assert.ok(text.includes('31/01/2026'), 'el PDF lleva la fecha de pago');
      assert.ok(text.includes('Bono de puntualidad'), 'el PDF lleva el concepto');

      // The profile's 'Nóminas' tab reads the same device, and opens the PDF in a new tab.
      await page.getByTestId('nav-perfil').click();
      await page.getByRole('tab', { name: 'Nóminas' }).click();
      const tabRow = rows(page).filter({ hasText: 'Segunda quincena de enero' });
      await tabRow.waitFor();
      assert.deepEqual(await page.locator('thead th').allTextContents(), ['Fecha', 'Concepto', 'Monto', 'Acciones']);
      assert.equal(await rows(page).count(), 4);
      const [pdfTab] = await Promise.all([context.waitForEvent('page'), tabRow.getByRole('button', { name: 'Descargar PDF' }).click()]);
      await eventually('el PDF en la pestaña nueva', async () => pdfTab.url().startsWith('blob:'));
      await pdfTab.close();
      await context.setOffline(false);
    });
  });

  it("another employee's user sees only their own, and a user without an employee is told so", async () => {
    await withBrowser(async (b) => {
      const { page } = b;
      await signIn(b, users.beto);
      await go(page, '/dashboard/nominas/mi-nomina');
      await rows(page).filter({ hasText: 'Quincena de Beto' }).waitFor({ timeout: 30_000 });
      await syncState(page).getByText('Al día').waitFor({ timeout: 30_000 });
      assert.equal(await rows(page).count(), 1);
      // Not through the employee's screens either.
      await go(page, `/dashboard/empleado-documents/${ANA}`);
      // Sent where another's employee profile sends them (their own profile), as e2e/bearings checks.
      await page.waitForURL((u) => !u.pathname.startsWith('/dashboard/empleado-documents'));
      assert.equal(await page.getByTestId('nomina-doc').count(), 0);
    });
    await withBrowser(async (b) => {
      await signIn(b, users.carla);
      await go(b.page, '/dashboard/nominas/mi-nomina');
      await b.page.getByText('No se encontró ningún empleado asociado a tu cuenta').waitFor();
      await go(b.page, '/dashboard/profile');
      await b.page.getByRole('tab', { name: 'Nóminas' }).click();
      await b.page.getByText('No hay nóminas disponibles').waitFor();
      await b.page.getByText('Si crees que es un error, contacta al administrador.').waitFor();
    });
  });

  it("relinked to another employee, the person's device holds that employee's payslips and no longer the old ones", async () => {
    await seedNominas(gw, [nominaOf(SOLO, '2026-02-28', 6543.21, { empleado: 'Sol Ortega Vidal', conceptoDePago: 'Quincena de Sol' })]);
    await withBrowser(async (b) => {
      const { page, context } = b;
      await signIn(b, users.ana);
      await go(page, '/dashboard/nominas/mi-nomina');
      await rows(page).filter({ hasText: 'Segunda quincena de enero' }).waitFor({ timeout: 30_000 });
      await syncState(page).getByText('Al día').waitFor({ timeout: 30_000 });

      const relinked = await adminApi.json('PUT', `/api/users/${users.ana.id}/asociar-empleado`, { empleado_id: SOLO });
      assert.equal(relinked.status, 200);
      // The scope is checked every minute and on every reconnect: a reconnect asks now.
      await context.setOffline(true);
      await syncState(page).getByText('Sin conexión').waitFor();
      await context.setOffline(false);
      await rows(page).filter({ hasText: 'Quincena de Sol' }).waitFor({ timeout: 30_000 });
      await rows(page).filter({ hasText: 'Segunda quincena de enero' }).waitFor({ state: 'detached' });
      assert.equal(await rows(page).count(), 1);
    });
  });
});
