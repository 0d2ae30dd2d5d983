/**
 * 'Visitas' in a real browser (issue 35): on a 1024×768 tablet with the network off, an asesor
 * records showings of a captación from its detail (the Spanish validation messages first, then
 * with the keyboard alone), edits one, sees them newest first, the panel says '… visita(s) por
 * enviar' (not captaciones) and the PDF made on the device lists them; back online they reach the
 * server. On a 390×844 phone the supervisor of the captación reads them without any button to
 * write, and an admin records one that reaches the server.
 *
 * One gateway for the file; every wait is on something visible or stored, never a sleep.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { eventually, pdfText, savedPath, signInThroughUi, gatewayForFile, waitForServiceWorker, withBrowser } from './harness';

const users: Record<'admin' | 'asesor' | 'sup', CreatedUser> = {} as never;
const CAPTACION = 'cap-visitas-e2e';
const OWNER = 'Valeria Visitas Ochoa';
const OTHER_OWNER = 'Samuel Sinvisitas Ruiz';
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

const gw: TestGateway = gatewayForFile({}, async () => {
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  users.asesor = await gw.createUser({ role: 'asesor', prim_nom: 'Armando', apell_pa: 'Asesor' });
  users.sup = await gw.createUser({ role: 'supervisor de obra', prim_nom: 'Sofía', apell_pa: 'Supervisora' });
  const db = await gw.store.db('captaciones');
  await db.put({ ...sampleCaptacion({ propietario: { nombre: OWNER }, captacion: { asesor: users.sup.id } }), _id: CAPTACION });
  await db.put({ ...sampleCaptacion({ propietario: { nombre: OTHER_OWNER }, captacion: { asesor: users.sup.id } }), _id: 'cap-sin-visitas-e2e' });
});

const syncState = (page: Page) => page.getByTestId('sync-state');
const field = (page: Page, name: string) => page.locator(`#f-${name}`);
const visitas = async () => (await (await gw.store.db('visitas')).find({ selector: { captacionId: CAPTACION }, limit: 100 })).docs;

async function openDetail(page: Page): Promise<void> {
  await page.goto(`${gw.url}/dashboard/captaciones/${CAPTACION}/detalle`);
  await page.getByText(OWNER).first().waitFor();
  await page.getByTestId('visitas').getByRole('heading', { name: 'Visitas' }).waitFor();
}

/** The visitors' names as the list shows them, top to bottom. */
const listed = (page: Page) => page.getByTestId('visita').locator('.page-row-card__head strong').allInnerTexts();

describe('visitas in the browser', () => {
  it('an asesor records and edits visits offline on a tablet; they wait as visits, print in the PDF and reach the server', async () => {
    await withBrowser(async ({ page, context }) => {
      await signInThroughUi(page, gw.url, users.asesor.email, users.asesor.password);
      await waitForServiceWorker(page);
      await syncState(page).getByText('Al día').waitFor({ timeout: 60_000 });
      await openDetail(page);
      await page.getByText('Aún no hay visitas registradas.').waitFor();

      await context.setOffline(true);
      await syncState(page).getByText('Sin conexión').waitFor();
      await page.getByTestId('registrar-visita').click();
      const form = page.getByTestId('visita-form');
      await form.waitFor();
      // Saving an incomplete visit says what is missing, in Spanish, under each field.
      await field(page, 'telefono').fill('55123');
      await page.getByTestId('visita-guardar').click();
      await form.getByText('El nombre del visitante es requerido').waitFor();
      await form.getByText('El teléfono debe contener exactamente 10 dígitos numéricos').waitFor();
      await form.getByText('El resultado de la visita es requerido').waitFor();

      // With the keyboard alone: type, Tab from field to field, Enter saves.
      await field(page, 'fecha').fill('2026-11-20');
      await field(page, 'hora').fill('10:30');
      await field(page, 'visitante').focus();
      await page.keyboard.type('Jorge Comprador');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('5512345678');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      assert.equal(await field(page, 'resultado').inputValue(), 'No interesado');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Busca algo más grande.');
      await field(page, 'visitante').press('Enter');
      await form.waitFor({ state: 'hidden' });
      await page.getByTestId('visita-guardada').waitFor();

      // A later one, with an offer: the list puts it first.
      await page.getByTestId('registrar-visita').click();
      await field(page, 'fecha').fill('2026-11-27');
      await field(page, 'hora').fill('17:05');
      await field(page, 'visitante').fill('Lucía Oferente');
      await field(page, 'telefono').fill('5587654321');
      await field(page, 'resultado').selectOption('Oferta');
      await page.getByTestId('visita-guardar').click();
      await form.waitFor({ state: 'hidden' });
      await eventually('dos visitas en la lista', async () => (await page.getByTestId('visita').count()) === 2);
      assert.deepEqual(await listed(page), ['27/11/2026 · 17:05', '20/11/2026 · 10:30']);

      // Editing keeps it one visit.
      await page.getByRole('button', { name: 'Editar visita del 20/11/2026 10:30' }).click();
      await field(page, 'resultado').selectOption('Interesado');
      await page.getByTestId('visita-guardar').click();
      await form.waitFor({ state: 'hidden' });
      await page.getByTestId('visita').filter({ hasText: 'Jorge Comprador' }).getByText('Interesado', { exact: true }).waitFor();
      assert.equal(await page.getByTestId('visita').count(), 2);

      // They wait as visits, not as captaciones.
      await syncState(page).click();
      await page.getByTestId('sync-waiting-visitas').getByText('2 visitas por enviar').waitFor();
      assert.equal(await page.getByTestId('sync-waiting-captaciones').count(), 0);
      await page.keyboard.press('Escape');

      // The PDF made on the device, offline, lists them.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
      const text = pdfText(await savedPath(download));
      assert.match(text, /Visitas/);
      assert.match(text, /Luc.a Oferente/);
      assert.match(text, /Jorge Comprador/);
      assert.equal((await visitas()).length, 0, 'sin red nada llegó al servidor');

      await context.setOffline(false);
      await syncState(page).getByText('Al día').waitFor({ timeout: 60_000 });
    }, TABLET);

    const stored = await eventually('las dos visitas en el servidor', async () => {
      const docs = await visitas();
      return docs.length === 2 ? docs : null;
    });
    const jorge = stored.find((d) => d.visitante === 'Jorge Comprador');
    assert.equal(jorge?.resultado, 'Interesado');
    assert.equal(jorge?.comentarios, 'Busca algo más grande.');
    assert.equal(jorge?.telefono, '5512345678');
  });

  it('on a phone, the supervisor of the captación reads its visits and cannot write any', async () => {
    await withBrowser(async ({ page }) => {
      await signInThroughUi(page, gw.url, users.sup.email, users.sup.password);
      await syncState(page).getByText('Al día').waitFor({ timeout: 60_000 });
      await openDetail(page);
      await eventually('las visitas del supervisor', async () => (await page.getByTestId('visita').count()) === 2, 30_000);
      assert.deepEqual(await listed(page), ['27/11/2026 · 17:05', '20/11/2026 · 10:30']);
      await page.getByText('Solo lectura: las visitas las registran los asesores de la captación.').waitFor();
      assert.equal(await page.getByTestId('registrar-visita').count(), 0);
      assert.equal(await page.getByRole('button', { name: /Editar visita/ }).count(), 0);
      // Nothing of the section spills out of a phone's width.
      const width = await page.getByTestId('visitas').evaluate((el) => el.getBoundingClientRect().right);
      assert.ok(width <= PHONE.width, `la sección termina a ${width} px`);
    }, PHONE);
  });

  it("on a phone, an admin records a visit of today that reaches the server, and the list's 'Con visitas esta semana' keeps its captación", async () => {
    await withBrowser(async ({ page }) => {
      await signInThroughUi(page, gw.url, users.admin.email, users.admin.password);
      await syncState(page).getByText('Al día').waitFor({ timeout: 60_000 });
      await openDetail(page);
      await eventually('las visitas del administrador', async () => (await page.getByTestId('visita').count()) === 2, 30_000);
      await page.getByTestId('registrar-visita').click();
      // A new visit is dated today, now, on the device's calendar.
      const today = await page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      assert.equal(await field(page, 'fecha').inputValue(), today);
      await field(page, 'visitante').fill('Ramón Revisor');
      await field(page, 'telefono').fill('5599988877');
      await field(page, 'resultado').selectOption('Interesado');
      await page.getByTestId('visita-guardar').click();
      await page.getByTestId('visita-form').waitFor({ state: 'hidden' });
      await page.getByTestId('visita').first().getByText('Ramón Revisor').waitFor();
      await syncState(page).getByText('Al día').waitFor({ timeout: 60_000 });

      // The list, filtered to the captaciones with a visit this week: only this one.
      await page.goto(`${gw.url}/dashboard/captaciones`);
      await page.getByText(OTHER_OWNER).first().waitFor();
      await page.getByText('Con visitas esta semana').click();
      await page.getByText(OTHER_OWNER).first().waitFor({ state: 'hidden' });
      await page.getByText(OWNER).first().waitFor();
      await page.getByText('Con visitas esta semana').click();
      await page.getByText(OTHER_OWNER).first().waitFor();
    }, PHONE);
    await eventually('la visita del administrador en el servidor', async () => (await visitas()).some((d) => d.visitante === 'Ramón Revisor'));
  });
});
