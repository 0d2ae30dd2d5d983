/**
 * Errors stay findable (issue 20 item 2), at 1024 × 768 and 390 × 844: a refused save puts the
 * focus on the first field in error, each tab shows its count until fixed, and the summary names
 * Adeudos, Datos Laborales and Venta when they hold errors. On 'Crear Usuario' and 'Crear
 * Empleado' an empty save names each field under it (one message per field, an empty password
 * one), while the summary keeps the specification's sentence.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { openBrowser, signInThroughUi, gatewayForFile } from './harness';

let admin: CreatedUser;

const gw: TestGateway = gatewayForFile({}, async () => {
  admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
});

const SPEC_REQUIRED = 'Por favor complete todos los campos obligatorios.';
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const tabNames = (page: Page) => page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => (t as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

/** An empty save of a person form: each field's own message under it, the specification's in the summary. */
async function emptySave(page: Page, path: string, submit: string, required: number): Promise<void> {
  await page.goto(`${gw.url}${path}`);
  await page.getByRole('button', { name: submit }).click();
  const summary = page.getByTestId('error-summary');
  await summary.waitFor();
  assert.equal(await focusedId(page), 'f-prim_nom', 'el primer campo con error recibe el foco');
  const messages = await page.locator('.bp6-form-group.bp6-intent-danger .bp6-form-helper-text').allInnerTexts();
  assert.equal(messages.length, required, `un mensaje por campo obligatorio: ${messages.join(' | ')}`);
  assert.equal(new Set(messages).size, messages.length, `cada campo dice el suyo: ${messages.join(' | ')}`);
  assert.ok(!messages.includes(SPEC_REQUIRED));
  assert.ok(messages.includes('El primer nombre es requerido'));
  assert.ok((await summary.innerText()).includes(SPEC_REQUIRED), 'el resumen conserva la frase de la especificación');
}

describe('errors stay findable', () => {
  for (const size of [
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${size.width} × ${size.height}`, async () => {
      const b = await openBrowser(size);
      const { page } = b;
      try {
        await signInThroughUi(page, gw.url, admin.email, admin.password);

        await emptySave(page, '/dashboard/users/crear', 'Registrar Nuevo Usuario', 11);
        assert.equal(await page.locator('#f-password-msg').innerText(), 'La contraseña es requerida');
        assert.doesNotMatch(await page.getByTestId('error-summary').innerText(), /al menos 8 caracteres/);
        await emptySave(page, '/dashboard/empleados/crear', 'Guardar Empleado', 11);

        await page.goto(`${gw.url}/dashboard/captaciones/nueva`);
        await page.getByRole('tab', { name: 'Adeudos' }).click();
        await page.getByRole('button', { name: '+ Agregar Adeudo' }).click();
        await page.locator('#f-propiedad-adeudos-0-monto').fill('-5');
        await page.getByRole('tab', { name: 'Datos Laborales' }).click();
        await page.locator('#f-datos_laborales-antiguedad').fill('-2');
        await page.getByRole('tab', { name: 'Venta' }).click();
        await page.locator('label:has(#f-venta-en_venta)').click();
        await page.locator('#f-venta-precio_venta').fill('-3');
        await page.getByRole('button', { name: 'Guardar Captación' }).click();

        const summary = page.getByTestId('error-summary');
        await summary.waitFor();
        const text = await summary.innerText();
        for (const section of ['Propietario', 'Propiedad', 'Adeudos', 'Datos Laborales', 'Referencias', 'Documentación', 'Venta']) {
          assert.match(text, new RegExp(`^${section}$`, 'm'), `la sección ${section} en el resumen`);
        }
        // The open tab has problems of its own: it stays, and its first field in error takes the focus.
        assert.equal(await focusedId(page), 'f-venta-precio_venta');
        assert.deepEqual(await tabNames(page), ['Propietario 3', 'Propiedad 11', 'Adeudos 1', 'Datos Laborales 1', 'Referencias 1', 'Documentos 2', 'Venta 1']);

        // The counts stay after the summary closes, each until its tab is fixed.
        await summary.waitFor({ state: 'hidden', timeout: 9_000 });
        await page.locator('#f-venta-precio_venta').fill('2500000');
        await page.getByRole('tab', { name: 'Datos Laborales' }).click();
        await page.locator('#f-datos_laborales-antiguedad').fill('2');
        assert.deepEqual(await tabNames(page), ['Propietario 3', 'Propiedad 11', 'Adeudos 1', 'Datos Laborales', 'Referencias 1', 'Documentos 2', 'Venta']);

        // Another refused save from a tab without problems opens the first that has them, on its first field.
        await page.getByRole('button', { name: 'Guardar Captación' }).click();
        await summary.waitFor();
        assert.equal(await page.locator('[role=tab][aria-selected=true]').innerText().then((t) => t.replace(/\s+/g, ' ').trim()), 'Propietario 3');
        assert.equal(await focusedId(page), 'f-propietario-nombre');
      } finally {
        await b.close();
      }
    });
  }
});
