/**
 * Issue 34 item 1, 'Disponible sin conexión' on the detail and in the list: each row of the list
 * (a table on a tablet, a card on a phone) has the switch, named after its captación and worked
 * from the keyboard; pinning one that is only online brings it to the device, and the detail shows
 * the same pin. Offline, both show the last answer, disabled, and say why; back online it unpins.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { DEVICE_SET_PATH, DEVICE_SET_TEXT } from '../couch-design/captacion/device-set';
import { captacionOf, seed } from '../sync-server/src/testing/captaciones';
import type { CreatedUser, HttpClient, TestGateway } from '../sync-server/src/testing/gateway';
import { eventually, gatewayForFile, signInThroughUi, withBrowser } from './harness';

let otro: CreatedUser;
let day = 0;

const gw: TestGateway = gatewayForFile({}, async () => {
  otro = await gw.createUser({ role: 'user', prim_nom: 'Otro', apell_pa: 'Asesor', apell_ma: 'Ajeno' });
});

/** A person with their own captación and another adviser's one they may read, outside their set. */
async function personWithTwo(): Promise<{ who: CreatedUser; client: HttpClient; ajenaId: string; calle: string }> {
  const who = await gw.createUser({ role: 'user', prim_nom: 'Laura', apell_pa: 'Gómez', apell_ma: 'Ruiz' });
  day += 2;
  const calle = `Calle Fijable ${day}`;
  const ajena = captacionOf(otro.id, day, { propietario: { nombre: `Bruno Ajeno ${day}` }, propiedad: { direccion: { calle } } });
  await seed(gw, [captacionOf(who.id, day + 1, { propietario: { nombre: `Ana Propia ${day}` } }), ajena]);
  return { who, client: await gw.client().signIn(who.email, who.password), ajenaId: ajena._id, calle };
}

const pinnedOnServer = async (client: HttpClient, id: string): Promise<boolean> => ((await client.json('GET', DEVICE_SET_PATH)).body as { fijadas: string[] }).fijadas.includes(id);

/** Presses the switch from the keyboard: it takes the focus and Space flips it. */
async function pressWithKeyboard(page: Page, control: Locator): Promise<void> {
  await control.focus();
  assert.equal(await control.evaluate((el) => el === document.activeElement), true, 'el interruptor recibe el foco');
  await page.keyboard.press('Space');
}

/** Opens a captación's detail inside the app (offline: no navigation request). */
async function openDetail(page: Page, id: string): Promise<void> {
  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/dashboard/captaciones/${id}/detalle`);
}

async function pinFromTheList(size: { width: number; height: number }): Promise<void> {
  const { who, client, ajenaId, calle } = await personWithTwo();
  await withBrowser(async ({ page, context }) => {
    await signInThroughUi(page, gw.url, who.email, who.password);
    await page.goto(`${gw.url}/dashboard/captaciones`);
    const row = page.getByTestId('captacion-row').filter({ hasText: calle });
    await row.getByTestId('solo-en-linea').waitFor({ timeout: 60_000 });
    const control = row.getByRole('switch');
    // Named after its row: the list holds one per captación.
    const name = (await control.getAttribute('aria-label')) ?? '';
    assert.ok(name.startsWith(`${DEVICE_SET_TEXT.toggle}: `) && name.includes(calle), `nombre accesible: ${name}`);
    assert.equal(await page.getByRole('switch', { name }).count(), 1);
    await eventually('el interruptor sabe si está fijada', async () => !(await control.isDisabled()));
    assert.equal(await control.isChecked(), false);
    // The row, switch included, is in view on this screen.
    const box = await row.getByTestId('sin-conexion').locator('xpath=ancestor::label').boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= size.width, `el interruptor se ve (${box?.x}+${box?.width} de ${size.width})`);
    if (size.width >= 1024) {
      const overflow = await page.locator('.list-table-wrap').first().evaluate((el) => el.scrollWidth - el.clientWidth);
      assert.ok(overflow <= 1, `la tabla cabe (sobran ${overflow} px)`);
    }

    // Pinned from the keyboard: the gateway keeps it, the device pulls it, the mark goes.
    await pressWithKeyboard(page, control);
    await eventually('fijada en la pasarela', () => pinnedOnServer(client, ajenaId));
    await eventually('el interruptor muestra la fijada', () => control.isChecked());
    await eventually('la fijada llega al dispositivo', async () => (await row.getByTestId('solo-en-linea').count()) === 0, 60_000);

    // The detail shows the same pin, through the same switch.
    await row.getByRole('button', { name: 'Ver detalle' }).click();
    const detail = page.getByTestId('sin-conexion');
    await eventually('el detalle muestra la fijada', async () => (await detail.count()) === 1 && (await detail.isChecked()) && !(await detail.isDisabled()));

    // Offline, each switch drawn afresh without the gateway: the last answer, disabled, with the reason.
    await page.evaluate(() => {
      history.pushState({}, '', '/dashboard/captaciones');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await row.waitFor();
    await context.setOffline(true);
    await page.getByTestId('mas-en-linea').waitFor();
    await eventually('la fila desactivada sin conexión', () => control.isDisabled());
    assert.equal(await control.isChecked(), true);
    const rowReason = await control.getAttribute('aria-describedby');
    assert.equal(await page.locator(`[id="${rowReason}"]`).textContent(), DEVICE_SET_TEXT.soloConConexion);
    await openDetail(page, ajenaId);
    // The list's rows gone, the detail drawn: its own switch and reason.
    await page.getByTestId('captacion-row').first().waitFor({ state: 'detached' });
    await page.getByTestId('detail-asesor').waitFor();
    const reason = page.getByTestId('sin-conexion-motivo');
    await reason.waitFor();
    assert.equal(await reason.textContent(), DEVICE_SET_TEXT.soloConConexion);
    assert.equal(await detail.isChecked(), true);
    assert.equal(await detail.isDisabled(), true);
    assert.equal(await detail.getAttribute('aria-describedby'), await reason.getAttribute('id'));

    // Back online: unpinned from the keyboard, on the detail this time.
    await context.setOffline(false);
    await eventually('con conexión se puede cambiar', async () => (await detail.count()) === 1 && !(await detail.isDisabled()));
    assert.equal(await page.getByTestId('sin-conexion-motivo').count(), 0);
    await pressWithKeyboard(page, detail);
    await eventually('soltada en la pasarela', async () => !(await pinnedOnServer(client, ajenaId)));
    await eventually('el interruptor la muestra soltada', async () => !(await detail.isChecked()));
  }, size);
}

describe('Disponible sin conexión in the list and on the detail', () => {
  it('on a 1024×768 tablet, a row of the table', () => pinFromTheList({ width: 1024, height: 768 }));
  it('on a 390×844 phone, a card', () => pinFromTheList({ width: 390, height: 844 }));
});
