/**
 * Issue 34 item 3 in the browser: under storage pressure (a budget smaller than the person's
 * device set), the records the person opened but neither pinned nor advises leave the device once
 * it caught up, while the pinned one and their own stay and open offline; the sync panel says what
 * the data takes beside the budget.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { pinPath } from '../couch-design/captacion/device-set';
import { CAPTACION_NOT_FOUND } from '../couch-design/captacion/messages';
import { captacionOf, seed } from '../sync-server/src/testing/captaciones';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { signInThroughUi, gatewayForFile, withBrowser } from './harness';

let asesora: CreatedUser;
const ids: Record<'propia' | 'fijada' | 'abierta1' | 'abierta2', string> = { propia: '', fijada: '', abierta1: '', abierta2: '' };

// About 2 KB: less than any one captación, so all that may leave does.
const gw: TestGateway = gatewayForFile({ wholeScopeOnDevices: false, deviceBudgetMb: 0.002 }, async () => {
  asesora = await gw.createUser({ role: 'user', prim_nom: 'Laura', apell_pa: 'Gómez', apell_ma: 'Ruiz' });
  const otro = await gw.createUser({ role: 'user', prim_nom: 'Otro', apell_pa: 'Asesor', apell_ma: 'Ajeno' });
  const docs = [
    captacionOf(asesora.id, 1, { propietario: { nombre: 'Ana Propia Luna' } }),
    captacionOf(otro.id, 2, { propietario: { nombre: 'Fina Fijada Mar' } }),
    captacionOf(otro.id, 3, { propietario: { nombre: 'Abel Abierto Uno' } }),
    captacionOf(otro.id, 4, { propietario: { nombre: 'Alba Abierta Dos' } }),
  ];
  await seed(gw, docs);
  [ids.propia, ids.fijada, ids.abierta1, ids.abierta2] = docs.map((d) => d._id);
  // In her device set: opened online (another device of hers) and pinned.
  const client = await gw.client().signIn(asesora.email, asesora.password);
  for (const id of [ids.abierta1, ids.abierta2]) assert.equal((await client.json('GET', `/api/captaciones/${id}`)).status, 200);
  assert.equal((await client.json('PUT', pinPath(ids.fijada))).status, 200);
});

/** Opens a captación's detail inside the app (offline: no navigation request). */
async function openDetail(page: Page, id: string): Promise<void> {
  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/dashboard/captaciones/${id}/detalle`);
}

describe('the storage budget in the browser', () => {
  it('keeps the pinned and the own captación under storage pressure while the others leave', async () => {
    await withBrowser(async ({ page, context }) => {
      await signInThroughUi(page, gw.url, asesora.email, asesora.password);
      await page.locator('[data-testid="sync-state"][data-status="up-to-date"]').waitFor({ timeout: 90_000 });
      await page.getByTestId('sync-state').click();
      // Shown once the device measured, after what did not fit left.
      const held = page.getByTestId('sync-panel').getByTestId('sync-held');
      await held.waitFor({ timeout: 60_000 });
      assert.match((await held.textContent()) ?? '', /^Guardado en este dispositivo: \d+(\.\d)? KB de 2 KB\.$/);

      // The detail's code is loaded while online (a first visit's service worker may not hold it yet).
      await openDetail(page, ids.propia);
      await page.getByText('Ana Propia Luna').first().waitFor();
      await context.setOffline(true);
      for (const [id, name] of [
        [ids.fijada, 'Fina Fijada Mar'],
        [ids.propia, 'Ana Propia Luna'],
      ] as const) {
        await openDetail(page, id);
        await page.getByText(name).first().waitFor();
      }
      for (const id of [ids.abierta1, ids.abierta2]) {
        await openDetail(page, id);
        await page.getByText(CAPTACION_NOT_FOUND).first().waitFor();
        assert.equal(await page.getByText('Abel Abierto Uno').count() + (await page.getByText('Alba Abierta Dos').count()), 0);
      }
      await context.setOffline(false);
    });
  });
});
