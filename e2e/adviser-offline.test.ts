/**
 * Offline, the detail and the PDF made on the device name the adviser (issue 36 item 4; moved out of
 * screens-finish.test.ts, whose time it filled): the names are learnt online and kept on the device
 * for what the device holds, which in device-set mode (issue 34) is what the person opened or pinned.
 *
 * One gateway for the file; every wait is on something visible or a request, never a sleep.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { eventually, pdfText, savedPath, signedInBrowser, gatewayForFile, unlockWith, visitAt, waitForServiceWorker, type BrowserSession } from './harness';

const users = {} as Record<'admin' | 'asesor' | 'segunda', CreatedUser>;
const CAP = 'cap-nom-1';
const CAP_SEGUNDA = 'cap-nom-segunda';

const gw: TestGateway = gatewayForFile({}, async () => {
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  users.asesor = await gw.createUser({ role: 'asesor', prim_nom: 'Armando', apell_pa: 'Asesor' });
  users.segunda = await gw.createUser({ role: 'asesor', prim_nom: 'Beatriz', apell_pa: 'Segunda', apell_ma: 'Campos' });
  const caps = await gw.store.db('captaciones');
  await caps.put({ ...sampleCaptacion({ propietario: { nombre: 'Florencia Tabasco Ruiz' }, captacion: { asesor: users.asesor.id } }), _id: CAP });
  await caps.put({ ...sampleCaptacion({ propietario: { nombre: 'Gerardo Segunda Pardo' }, captacion: { asesor: users.segunda.id } }), _id: CAP_SEGUNDA });
});

const signedIn = (who: CreatedUser, size: { width: number; height: number }): Promise<BrowserSession> => signedInBrowser(gw.url, who, size);
const visit = (page: Page, path: string, ready: string): Promise<void> => visitAt(page, gw.url, path, ready);

describe("offline, the adviser's name", () => {
  it('the detail and the PDF made on the device name the adviser, learnt while online', async () => {
    const b = await signedIn(users.admin, { width: 1024, height: 768 });
    const { page, context } = b;
    try {
      await waitForServiceWorker(page);
      // The admin's device set holds neither: one pinned from the list comes by sync, and the list
      // learns, once idle, the names of the advisers of the captaciones the device receives.
      const learnt = page.waitForResponse((r) => r.url().endsWith(`/api/users/${users.segunda.id}`) && r.ok(), { timeout: 60_000 });
      await visit(page, '/dashboard/captaciones', 'Gerardo Segunda Pardo');
      const row = page.getByTestId('captacion-row').filter({ hasText: 'Gerardo Segunda Pardo' });
      await row.getByTestId('solo-en-linea').waitFor();
      const pin = row.getByRole('switch');
      await eventually('el interruptor sabe si está fijada', async () => !(await pin.isDisabled()));
      await pin.click();
      await eventually('la fijada llega al dispositivo', async () => (await row.count()) === 1 && (await row.getByTestId('solo-en-linea').count()) === 0, 60_000);
      await (await learnt).finished();
      // The other one opened online: the detail learns its adviser's name and the device keeps it.
      await visit(page, `/dashboard/captaciones/${CAP}/detalle`, 'Florencia Tabasco Ruiz');
      await page.getByTestId('detail-asesor').getByText('Armando Asesor').waitFor();
      await visit(page, '/dashboard/captaciones?q=florencia', 'Florencia Tabasco Ruiz');
      const opened = page.getByTestId('captacion-row').filter({ hasText: 'Florencia Tabasco Ruiz' });
      await eventually('la abierta llega al dispositivo', async () => (await opened.count()) === 1 && (await opened.getByTestId('solo-en-linea').count()) === 0, 60_000);

      await context.setOffline(true);
      // No name may come from the gateway now: only from what the device kept.
      await page.route('**/api/users/**', (route) => route.abort());
      for (const [id, owner, adviser] of [
        [CAP_SEGUNDA, 'Gerardo Segunda Pardo', 'Beatriz Segunda Campos'],
        [CAP, 'Florencia Tabasco Ruiz', 'Armando Asesor'],
      ] as const) {
        await eventually(`el nombre de ${adviser} sin conexión`, async () => {
          // Offline, every page load finds the data sealed until the password opens it (lib/vault).
          await page.goto(`${gw.url}/dashboard/captaciones/${id}/detalle`);
          await unlockWith(page, users.admin.password);
          await page.getByText(owner).first().waitFor();
          const shown = page.getByTestId('detail-asesor');
          await shown.waitFor();
          await page.waitForFunction(() => !!document.querySelector('[data-testid="detail-asesor"]')?.textContent);
          return (await shown.innerText()).includes(adviser);
        });
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
        const text = pdfText(await savedPath(download));
        assert.ok(text.includes(adviser), `el PDF del dispositivo nombra a ${adviser}`);
        assert.ok(!text.includes('No asignado'), 'el PDF no dice «No asignado»');
      }
    } finally {
      await b.close();
    }
  });
});

