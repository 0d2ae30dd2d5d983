/**
 * Issue 34 item 3 in the browser: under storage pressure (a budget smaller than the person's
 * device set), the records the person opened but neither pinned nor advises leave the device once
 * it caught up, while the pinned one and their own stay and open offline; the sync panel says what
 * the data takes beside the budget.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { DEVICE_SET_FORGET_PATH, DEVICE_SET_PATH, pinPath } from '../couch-design/captacion/device-set';
import { CAPTACION_NOT_FOUND } from '../couch-design/captacion/messages';
import { captacionOf, seed } from '../sync-server/src/testing/captaciones';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { eventually, gatewayForFile, signInThroughUi, withBrowser } from './harness';

let asesora: CreatedUser;
let otro: CreatedUser;
const ids: Record<'propia' | 'fijada' | 'abierta1' | 'abierta2', string> = { propia: '', fijada: '', abierta1: '', abierta2: '' };

// About 2 KB: less than any one captación, so all that may leave does.
const gw: TestGateway = gatewayForFile({ deviceBudgetMb: 0.002 }, async () => {
  asesora = await gw.createUser({ role: 'user', prim_nom: 'Laura', apell_pa: 'Gómez', apell_ma: 'Ruiz' });
  otro = await gw.createUser({ role: 'user', prim_nom: 'Otro', apell_pa: 'Asesor', apell_ma: 'Ajeno' });
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

/** Goes to a screen inside the app (offline: no navigation request). */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const openDetail = (page: Page, id: string) => goInApp(page, `/dashboard/captaciones/${id}/detalle`);

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

  it('never lets a change not yet sent leave: made offline, it survives a budget pass that meets it unsent, and goes up', async () => {
    const pia = await gw.createUser({ role: 'user', prim_nom: 'Pía', apell_pa: 'Pendiente', apell_ma: 'Sol' });
    const docs = [captacionOf(otro.id, 11, { propietario: { nombre: 'Pedro Pendiente Paz' } }), captacionOf(otro.id, 12, { propietario: { nombre: 'Tere Tercera Luz' } })];
    await seed(gw, docs);
    const [pendiente, tercera] = docs.map((d) => d._id);
    const client = await gw.client().signIn(pia.email, pia.password);
    // Opened on another device of hers and pinned: on this device, safe from the budget until unpinned.
    assert.equal((await client.json('GET', `/api/captaciones/${pendiente}`)).status, 200);
    assert.equal((await client.json('PUT', pinPath(pendiente))).status, 200);
    const EDITED = 'Pedro Editado Sin Enviar';

    await withBrowser(async ({ page, context }) => {
      // The set answers a budget pass asks for wait while `holdAnswers`; so do the pushes of captaciones while `holdPush`.
      let holdAnswers = false;
      let holdPush = false;
      const answers: Route[] = [];
      const pushes: Route[] = [];
      const forgotten: string[][] = [];
      await context.route(
        (url) => url.pathname.startsWith(DEVICE_SET_PATH),
        async (route) => {
          const req = route.request();
          if (new URL(req.url()).pathname === DEVICE_SET_FORGET_PATH) forgotten.push((req.postDataJSON() as { ids: string[] }).ids);
          if (holdAnswers && req.method() === 'GET') answers.push(route);
          else await route.continue();
        },
      );
      await context.route('**/db/captaciones/_bulk_docs', async (route) => {
        if (holdPush) pushes.push(route);
        else await route.continue();
      });

      await signInThroughUi(page, gw.url, pia.email, pia.password);
      await page.locator('[data-testid="sync-state"][data-status="up-to-date"]').waitFor({ timeout: 90_000 });
      // The detail's and the form's code load while online; the form stays open.
      await openDetail(page, pendiente);
      await page.getByText('Pedro Pendiente Paz').first().waitFor();
      await goInApp(page, `/dashboard/captaciones/editar/${pendiente}`);
      const nombre = page.locator('#f-propietario-nombre');
      await eventually('el formulario trae la captación', async () => (await nombre.inputValue()) === 'Pedro Pendiente Paz');

      // On another device: unpinned (only opened now), and another one opened. The set moves, so
      // this device makes a budget pass once it sees it; its first question waits.
      assert.equal((await client.json('DELETE', pinPath(pendiente))).status, 200);
      assert.equal((await client.json('GET', `/api/captaciones/${tercera}`)).status, 200);
      holdAnswers = true;
      await context.setOffline(true);
      await page.locator('[data-testid="sync-state"][data-status="offline"]').waitFor();
      await context.setOffline(false);
      await eventually('el dispositivo empieza a hacer sitio', async () => answers.length > 0, 90_000);

      // Offline, the change; back online, its push waits.
      await context.setOffline(true);
      await page.locator('[data-testid="sync-state"][data-status="offline"]').waitFor();
      await nombre.fill(EDITED);
      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await page.getByText('Captación actualizada exitosamente').waitFor();
      holdPush = true;
      await context.setOffline(false);
      await eventually('el envío espera', async () => pushes.length > 0, 90_000);

      // The pass goes on with the change unsent: the other one leaves (and the gateway forgets it), this one stays.
      holdAnswers = false;
      for (const held of answers.splice(0)) await held.fulfill({ json: (await client.json('GET', DEVICE_SET_PATH)).body });
      await eventually('la pasada de espacio termina', async () => forgotten.length > 0, 90_000);
      assert.deepEqual(forgotten, [[tercera]]);
      await context.setOffline(true);
      await openDetail(page, pendiente);
      await page.getByText(EDITED).first().waitFor();
      await openDetail(page, tercera);
      await page.getByText(CAPTACION_NOT_FOUND).first().waitFor();

      // The push goes through at last: the server has the change made offline.
      holdPush = false;
      await context.setOffline(false);
      for (const held of pushes.splice(0)) await held.continue().catch(() => undefined);
      const store = await gw.store.db('captaciones');
      await eventually('el cambio llega al servidor', async () => ((await store.get(pendiente)) as { propietario?: { nombre?: string } }).propietario?.nombre === EDITED, 90_000);
    });
  });
});
