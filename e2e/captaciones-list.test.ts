/**
 * The captaciones list costs what its page costs (issue 20 item 6), at 1024×768 and 390×844: with
 * 300 captaciones on the device, opening the list from the menu, searching and reloading read a
 * few dozen stored records from IndexedDB, not all 300, and still show the right rows, count and
 * pages. Reads are counted in the page by wrapping IndexedDB's reads (each `get`, each cursor
 * step, each record a `getAll` answers). And the reload draws its first row without the form
 * libraries' code. The timings on a throttled CPU are bench/list.ts's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Request, Response } from 'playwright-core';
import { captacionOf, seed } from '../sync-server/src/testing/captaciones';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { signInThroughUi, gatewayForFile, withBrowser } from './harness';

const DOCS = 300;
/** A page is 10 records; the rest is the index, the session and the sync engine's own reads. */
const MAX_READS = 100;
const ROW = 'captacion-row';
/** The form libraries' chunk and the shared code that needs them (vite.config.ts). */
const FORM_CODE = /\/assets\/(forms|yup|formularios)-[\w-]+\.js$/;
/** In Yup's default messages, which no other library writes. */
const YUP_MARK = 'is a required field';

let asesor: CreatedUser;

const gw: TestGateway = gatewayForFile({}, async () => {
  asesor = await gw.createUser({ role: 'user', prim_nom: 'Laura', apell_pa: 'Gómez', apell_ma: 'Ruiz' });
  // Day i is captured i days after 2025-01-01: number 299 lists first, number 0 last.
  await seed(gw, Array.from({ length: DOCS }, (_, i) => captacionOf(asesor.id, i, { propietario: { nombre: i === 137 ? 'Zacarías Único Peralta' : `Propietario ${i}` } })));
});

/** Counts IndexedDB record reads from page load on (`__idbReads`). */
const COUNT_READS = `(() => {
  window.__idbReads = 0;
  const count = (proto, name, many) => {
    const original = proto[name];
    proto[name] = function (...args) {
      const req = original.apply(this, args);
      if (many) req.addEventListener('success', () => { window.__idbReads += (req.result || []).length; });
      else window.__idbReads++;
      return req;
    };
  };
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
    count(proto, 'get', false);
    count(proto, 'getAll', true);
  }
  const step = IDBCursor.prototype.continue;
  IDBCursor.prototype.continue = function (...args) { window.__idbReads++; return step.apply(this, args); };
})();`;

const reads = (page: Page): Promise<number> => page.evaluate('window.__idbReads');
const resetReads = (page: Page): Promise<unknown> => page.evaluate('window.__idbReads = 0');

async function openMenuIfHidden(page: Page): Promise<void> {
  if (await page.getByTestId('nav-proyectos').isVisible()) return;
  await page.getByRole('button', { name: 'Mostrar u ocultar el menú lateral' }).click();
  await page.getByTestId('nav-proyectos').waitFor();
}

for (const size of [{ width: 1024, height: 768 }, { width: 390, height: 844 }]) {
  describe(`the captaciones list at ${size.width}×${size.height}`, () => {
    it(`opens, searches and reloads reading its page, not the ${DOCS} records`, async () => {
      await withBrowser(async ({ page, context }) => {
        await context.addInitScript(COUNT_READS);
        // The sign-in draws with Formik alone: Yup (its default messages mark it) is not even fetched.
        const signInScripts: Array<Promise<string>> = [];
        const onSignIn = (response: Response) => {
          if (response.request().resourceType() === 'script') signInScripts.push(response.text().then((code) => `${response.url()}\n${code}`, () => response.url()));
        };
        page.on('response', onSignIn);
        await page.goto(`${gw.url}/auth/sign-in`);
        await page.getByLabel('Contraseña').waitFor();
        page.off('response', onSignIn);
        const fetched = await Promise.all(signInScripts);
        assert.ok(fetched.some((script) => /\/assets\/forms-[\w-]+\.js(\n|$)/.test(script)), 'el inicio de sesión no pidió Formik');
        assert.deepEqual(fetched.filter((script) => script.includes(YUP_MARK)).map((script) => script.split('\n')[0]), []);
        await signInThroughUi(page, gw.url, asesor.email, asesor.password);
        await page.locator('[data-testid="sync-state"][data-status="up-to-date"]').waitFor({ timeout: 60_000 });
        // Once every record is on the device (the oldest on the last page), start from another screen.
        await page.goto(`${gw.url}/dashboard/captaciones?page=${DOCS / 10}`);
        await page.getByTestId(ROW).filter({ hasText: 'Propietario 0' }).first().waitFor({ timeout: 60_000 });
        await page.goto(`${gw.url}/dashboard/profile`);
        await page.locator('[data-testid="sync-state"][data-status="up-to-date"]').waitFor({ timeout: 60_000 });
        // The list's index is saved at most 2 s after a change (lib/db/projection.ts); room for a busy machine.
        await page.waitForTimeout(4_000);

        await openMenuIfHidden(page);
        await resetReads(page);
        await page.getByTestId('nav-proyectos').click();
        await page.getByTestId(ROW).first().waitFor();
        const opening = await reads(page);
        assert.equal(await page.getByTestId(ROW).count(), 10);
        assert.match((await page.getByTestId(ROW).first().textContent()) ?? '', /Propietario 299/);
        // The count is right without reading the records: 30 pages of 10.
        await page.locator('.list-pagination').getByText('30', { exact: true }).waitFor();
        assert.ok(opening < MAX_READS, `abrir la lista leyó ${opening} registros de IndexedDB (máximo ${MAX_READS})`);

        await resetReads(page);
        await page.getByPlaceholder('Buscar por propietario o dirección').fill('zacarias unico');
        await page.getByTestId(ROW).filter({ hasText: 'Zacarías Único Peralta' }).waitFor();
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="captacion-row"]').length === 1);
        const searching = await reads(page);
        assert.ok(searching < MAX_READS, `buscar leyó ${searching} registros de IndexedDB (máximo ${MAX_READS})`);

        const scripts: string[] = [];
        const listen = (request: Request) => {
          if (request.resourceType() === 'script') scripts.push(request.url());
        };
        page.on('request', listen);
        await page.goto(`${gw.url}/dashboard/captaciones`);
        await page.getByTestId(ROW).first().waitFor();
        page.off('request', listen);
        const reloading = await reads(page);
        assert.ok(reloading < MAX_READS, `recargar la lista leyó ${reloading} registros de IndexedDB (máximo ${MAX_READS})`);
        // Formik and Yup wait for the first form: the list draws its first row without them.
        assert.ok(scripts.length > 0, 'la recarga no pidió ningún script');
        assert.deepEqual(scripts.filter((url) => FORM_CODE.test(url)), []);
      }, size);
    });
  });
}
