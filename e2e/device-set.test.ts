/**
 * Issue 34 items 1 and 2: a tablet keeps the person's device set. A captación outside it is found
 * online in the list, marked 'Solo en línea', opened (read through the gateway, which keeps it on
 * the device from then on), and then is on the device: offline, the list shows it without the
 * mark, says more exist online, and its detail opens.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEVICE_SET_TEXT } from '../couch-design/captacion/device-set';
import { captacionOf, seed } from '../sync-server/src/testing/captaciones';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { eventually, signInThroughUi, gatewayForFile, withBrowser } from './harness';

const ROW = 'captacion-row';
let asesora: CreatedUser;

const gw: TestGateway = gatewayForFile({}, async () => {
  asesora = await gw.createUser({ role: 'user', prim_nom: 'Laura', apell_pa: 'Gómez', apell_ma: 'Ruiz' });
  const otro = await gw.createUser({ role: 'user', prim_nom: 'Otro', apell_pa: 'Asesor', apell_ma: 'Ajeno' });
  await seed(gw, [
    captacionOf(asesora.id, 2, { propietario: { nombre: 'Ana Propia Luna' } }),
    captacionOf(otro.id, 1, { propietario: { nombre: 'Bruno Ajeno Sol' } }),
  ]);
});

describe('the device set in the browser', () => {
  it('a captación outside the set is found online, opened, and then available offline', async () => {
    await withBrowser(async ({ page, context }) => {
      await signInThroughUi(page, gw.url, asesora.email, asesora.password);
      await page.goto(`${gw.url}/dashboard/captaciones`);
      const ajena = page.getByTestId(ROW).filter({ hasText: 'Bruno Ajeno Sol' });
      const propia = page.getByTestId(ROW).filter({ hasText: 'Ana Propia Luna' });
      // Online, the whole scope: the other adviser's captación is listed, marked as not on the device.
      await ajena.getByTestId('solo-en-linea').waitFor({ timeout: 60_000 });
      // The person's own reaches the device with the first pull: its mark goes.
      await eventually('la captación propia llega al dispositivo', async () => (await propia.getByTestId('solo-en-linea').count()) === 0 && (await propia.count()) === 1, 60_000);
      assert.equal(await ajena.getByTestId('solo-en-linea').count(), 1);
      assert.match((await ajena.getByTestId('solo-en-linea').textContent()) ?? '', new RegExp(DEVICE_SET_TEXT.soloEnLinea));

      // Opened: read through the gateway, and the sync brings it to the device.
      await ajena.getByRole('button', { name: 'Ver detalle' }).click();
      await page.getByText('Bruno Ajeno Sol').first().waitFor();
      // The detail drawn (the list's rows have a switch of their own too).
      await page.getByTestId('detail-asesor').waitFor();
      await page.getByTestId('sin-conexion').waitFor();
      await page.goto(`${gw.url}/dashboard/captaciones`);
      await eventually('la captación abierta llega al dispositivo', async () => {
        await ajena.waitFor();
        return (await ajena.getByTestId('solo-en-linea').count()) === 0;
      }, 60_000);

      // Offline: the device set, without the mark, and the note that more exist online.
      await context.setOffline(true);
      await page.getByTestId('mas-en-linea').waitFor();
      assert.match((await page.getByTestId('mas-en-linea').textContent()) ?? '', new RegExp(DEVICE_SET_TEXT.masEnLinea.slice(0, 30)));
      await ajena.waitFor();
      assert.equal(await ajena.getByTestId('solo-en-linea').count(), 0);
      await ajena.getByRole('button', { name: 'Ver detalle' }).click();
      await page.getByTestId('detail-asesor').waitFor();
      await page.getByText('Bruno Ajeno Sol').first().waitFor();
      await context.setOffline(false);
    });
  });
});
