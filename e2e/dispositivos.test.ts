/**
 * A person's devices (issue 31 item 4, issue 32 item 4) in real Chromiums, one profile each: from
 * a phone, 'Mis dispositivos' lists the tablet with its last contact and erases it ('Borrar datos
 * de este dispositivo'); the tablet wipes the person's data at its next contact with the gateway,
 * within 5 s of it, whether it was syncing at that moment or came back online later. And an admin's
 * 'Estado del sistema' shows the gateway, the store and every person's devices at 1024 × 768 and
 * 390 × 844, usable by keyboard, without sideways scrolling.
 *
 * Waits are on what the pages show or store, never on the clock; the 5 s are measured, from the
 * first answer the tablet got after the erase to its data being gone.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { captacionOf, seed } from '../sync-server/src/testing/captaciones';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { assertAccessible } from './axe';
import { eventually, signInThroughUi, gatewayForFile, withBrowser } from './harness';

const WIPED_NOTICE = 'Se borraron los datos de este dispositivo porque se pidió desde otra sesión de tu cuenta';
/** The bound, from the tablet's first contact after the erase to its data gone. */
const WIPE_WITHIN_MS = 5_000;

let admin: CreatedUser;
const PHONE = { width: 390, height: 844 };

const gw: TestGateway = gatewayForFile({}, async () => {
  admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
});

const upToDate = (page: Page) => page.locator('[data-testid="sync-state"][data-status="up-to-date"]').waitFor({ timeout: 90_000 });

async function personDatabases(page: Page, userId: string): Promise<string[]> {
  return page.evaluate(async (id) => (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.includes(id)), userId);
}

/** When the tablet first heard from the gateway after `since`: a refused sync or a revoked session answer. */
function firstContactAfter(page: Page, since: () => number | null): () => number | null {
  let at: number | null = null;
  page.on('response', (res) => {
    const start = since();
    if (at !== null || start === null) return;
    const url = new URL(res.url());
    if (url.pathname.startsWith('/db/') || url.pathname === '/api/check-auth') at = Date.now();
  });
  return () => at;
}

/** A person with captaciones, signed in and synced on a tablet. */
async function syncedTablet(page: Page, who: CreatedUser): Promise<void> {
  await signInThroughUi(page, gw.url, who.email, who.password);
  await upToDate(page);
  assert.notDeepEqual(await personDatabases(page, who.id), [], 'la tableta guarda los datos de la persona');
}

/** From the phone's profile: erase the one device that is not the phone; `confirming` is told as the erase is confirmed. */
async function eraseOtherDevice(phone: Page, who: CreatedUser, confirming: () => void = () => undefined): Promise<void> {
  await signInThroughUi(phone, gw.url, who.email, who.password);
  await phone.goto(`${gw.url}/dashboard/profile`);
  const section = phone.getByTestId('mis-dispositivos');
  await section.getByTestId('dispositivo').nth(1).waitFor();
  assert.equal(await section.getByTestId('dispositivo').count(), 2);
  assert.equal(await section.getByTestId('este-dispositivo').count(), 1);
  // The tablet's row says when it was last heard from.
  const tabletRow = section.getByTestId('dispositivo').filter({ hasNot: phone.getByTestId('este-dispositivo') });
  assert.match(await tabletRow.innerText(), /Chrome en Linux/);
  assert.match(await tabletRow.innerText(), /\d{2}\/\d{2}\/\d{4}/);
  await assertAccessible(phone, 'Mis dispositivos (teléfono)');
  // By keyboard: the button, then the question's confirmation.
  await tabletRow.getByRole('button', { name: 'Borrar datos de este dispositivo' }).focus();
  await phone.keyboard.press('Enter');
  await phone.getByText('¿Borrar los datos de este dispositivo?', { exact: false }).waitFor();
  confirming();
  await phone.getByRole('button', { name: 'Borrar datos', exact: true }).click();
  await phone.getByText('Se borrarán los datos de ese dispositivo en cuanto vuelva a conectarse.').waitFor();
  await eventually('la lista sin la tableta', async () => (await section.getByTestId('dispositivo').count()) === 1);
}

async function assertWiped(tablet: Page, who: CreatedUser, contactAt: () => number | null): Promise<number> {
  await tablet.getByText(WIPED_NOTICE, { exact: false }).waitFor({ timeout: 30_000 });
  await eventually('las bases de la persona borradas', async () => (await personDatabases(tablet, who.id)).length === 0, 30_000);
  const wipedAt = Date.now();
  assert.equal(await tablet.evaluate((id) => localStorage.getItem(`inmo.llave.${id}`), who.id), null, 'sin su llave');
  const contact = contactAt();
  assert.ok(contact !== null, 'la tableta habló con la pasarela');
  const took = wipedAt - contact;
  assert.ok(took <= WIPE_WITHIN_MS, `borró sus datos ${took} ms después de su primer contacto (máximo ${WIPE_WITHIN_MS} ms)`);
  return took;
}

describe('Borrar datos de este dispositivo', () => {
  it('a tablet that is syncing wipes the person’s data at its next contact after the phone erases it', async () => {
    const ana = await gw.createUser({ role: 'asesor', prim_nom: 'Ana', apell_pa: 'Campo' });
    await seed(gw, Array.from({ length: 5 }, (_, i) => captacionOf(ana.id, i + 1)));
    await withBrowser(async ({ page: tablet }) => {
      await syncedTablet(tablet, ana);
      let erasedAt: number | null = null;
      const contactAt = firstContactAfter(tablet, () => erasedAt);
      // The clock starts as the erase is confirmed: any answer the tablet gets from then on counts
      // as its contact, so the time measured can only be longer than the true one.
      await withBrowser(({ page: phone }) => eraseOtherDevice(phone, ana, () => (erasedAt = Date.now())), PHONE);
      const took = await assertWiped(tablet, ana, contactAt);
      console.log(`# la tableta en uso borró sus datos ${took} ms después de su primer contacto`);
      // Nothing of Ana shows: the sign-in screen.
      assert.equal(await tablet.getByTestId('topbar').count(), 0);
    });
  });

  it('a tablet that was offline wipes the person’s data at the first contact when it is back', async () => {
    const beto = await gw.createUser({ role: 'asesor', prim_nom: 'Beto', apell_pa: 'Ruiz' });
    await seed(gw, Array.from({ length: 5 }, (_, i) => captacionOf(beto.id, i + 1)));
    await withBrowser(async ({ page: tablet, context }) => {
      await syncedTablet(tablet, beto);
      await context.setOffline(true);
      await tablet.locator('[data-testid="sync-state"][data-status="offline"]').waitFor();
      await withBrowser(({ page: phone }) => eraseOtherDevice(phone, beto), PHONE);
      let backAt: number | null = null;
      const contactAt = firstContactAfter(tablet, () => backAt);
      backAt = Date.now();
      await context.setOffline(false);
      const took = await assertWiped(tablet, beto, contactAt);
      console.log(`# la tableta que volvió a conectarse borró sus datos ${took} ms después de su primer contacto`);
    });
  });
});

describe('Estado del sistema', () => {
  for (const size of [{ width: 1024, height: 768 }, PHONE]) {
    it(`shows an admin the gateway, the store and each person’s devices at ${size.width} × ${size.height}`, async () => {
      const carla = await gw.createUser({ role: 'asesor', prim_nom: 'Carla', apell_pa: 'Soto' });
      await gw.client().signIn(carla.email, carla.password);
      await withBrowser(async ({ page }) => {
        await signInThroughUi(page, gw.url, admin.email, admin.password);
        await page.goto(`${gw.url}/dashboard/estado`);
        await page.getByRole('heading', { level: 1, name: 'Estado del sistema' }).waitFor();
        await page.getByTestId('estado-pasarela').getByText('Lista para atender').waitFor();
        await page.getByTestId('estado-almacen').getByText('Integrada (PouchDB en LevelDB)').or(page.getByTestId('estado-almacen').getByText('Apache CouchDB')).waitFor();
        const card = page.getByTestId('estado-persona').filter({ hasText: carla.email });
        await card.getByTestId('dispositivo').first().waitFor();
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        assert.ok(sideways <= 0, `sin desplazamiento lateral (${sideways} px)`);
        await assertAccessible(page, `Estado del sistema ${size.width} × ${size.height}`);

        // By keyboard: 'Cerrar sesión en todos los dispositivos' of Carla, asked first.
        await card.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).focus();
        await page.keyboard.press('Enter');
        await page.getByText('¿Cerrar la sesión de esta persona en todos sus dispositivos?', { exact: false }).waitFor();
        await page.getByRole('button', { name: 'Cerrar sesiones' }).click();
        await page.getByTestId('estado-aviso').getByText('Se cerró 1 sesión', { exact: false }).waitFor();
        await eventually('Carla sin sesiones en el estado', async () => (await page.getByTestId('estado-persona').filter({ hasText: carla.email }).count()) === 0);
      }, size);
    });
  }
});
