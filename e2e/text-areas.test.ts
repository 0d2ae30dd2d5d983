/**
 * Text areas look like text areas (issue 20 item 4), at 1024 × 768 and 390 × 844: 'Concepto de
 * Pago' and the captación's descripción and notes are three lines tall in the interface's font
 * and grow with the text; on a phone, 'Mi Nómina' shows each payslip as a readable row.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { nominaOf, seedEmpleados, seedNominas } from '../sync-server/src/testing/payroll';
import { openBrowser, signInThroughUi, gatewayForFile } from './harness';

const users = {} as Record<'admin' | 'asesor', CreatedUser>;
const EMP = 'emp-textos';
const CONCEPTO = 'Pago de la primera quincena de enero con bono de productividad';

const gw: TestGateway = gatewayForFile({}, async () => {
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  users.asesor = await gw.createUser({ role: 'asesor', prim_nom: 'Armando', apell_pa: 'Asesor', empleado_id: EMP });
  await seedEmpleados(gw, [{ _id: EMP, prim_nom: 'Armando', apell_pa: 'Asesor', apell_ma: 'Luna', userId: users.asesor.id }]);
  await seedNominas(gw, [nominaOf(EMP, '2026-01-15', 7500, { empleado: 'Armando Asesor Luna', conceptoDePago: CONCEPTO })]);
});

const SIZES = [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

/** Height, font and line height of a text area, and whether it is in the page's own font. */
async function looks(page: Page, id: string) {
  return page.locator(`#${id}`).evaluate((el) => {
    const s = getComputedStyle(el);
    return { height: el.getBoundingClientRect().height, font: s.fontFamily, lineHeight: parseFloat(s.lineHeight), bodyFont: getComputedStyle(document.body).fontFamily };
  });
}

async function assertTextArea(page: Page, id: string): Promise<void> {
  const before = await looks(page, id);
  assert.equal(before.font, before.bodyFont, `#${id} en la fuente de la interfaz, no ${before.font}`);
  assert.doesNotMatch(before.font, /monospace/);
  assert.ok(before.height >= 3 * before.lineHeight, `#${id} de tres líneas (${before.height} px)`);
  await page.locator(`#${id}`).fill(['una', 'dos', 'tres', 'cuatro', 'cinco', 'seis'].join('\n'));
  const after = await looks(page, id);
  assert.ok(after.height >= 6 * after.lineHeight, `#${id} crece con el texto (${after.height} px)`);
}

describe('text areas and payslip rows', () => {
  for (const size of SIZES) {
    it(`at ${size.width} × ${size.height}`, async () => {
      const admin = await openBrowser(size);
      try {
        const { page } = admin;
        await signInThroughUi(page, gw.url, users.admin.email, users.admin.password);
        await page.goto(`${gw.url}/dashboard/nomina/crear/${EMP}`);
        await page.locator('#f-conceptoDePago').waitFor();
        await assertTextArea(page, 'f-conceptoDePago');
        await page.goto(`${gw.url}/dashboard/captaciones/nueva`);
        await page.getByRole('tab', { name: 'Propiedad' }).click();
        await assertTextArea(page, 'f-propiedad-caracteristicas-descripcion');
        await page.getByRole('tab', { name: 'Documentos' }).click();
        await assertTextArea(page, 'f-documentacion-observaciones');
      } finally {
        await admin.close();
      }

      const asesor = await openBrowser(size);
      try {
        const { page } = asesor;
        await signInThroughUi(page, gw.url, users.asesor.email, users.asesor.password);
        await page.goto(`${gw.url}/dashboard/nominas/mi-nomina`);
        const concepto = page.getByTestId('nomina-row').getByText(CONCEPTO);
        await concepto.waitFor();
        // A readable row: the concept in at most two lines, the date and amount in view beside it.
        const box = await concepto.evaluate((el) => ({ height: el.getBoundingClientRect().height, line: parseFloat(getComputedStyle(el).lineHeight) }));
        assert.ok(box.height <= 2 * box.line + 1, `el concepto en dos líneas a lo más (${box.height} px, línea de ${box.line} px)`);
        for (const text of ['15/01/2026', '$7,500.00']) {
          const cell = await page.getByTestId('nomina-row').getByText(text).boundingBox();
          assert.ok(cell && cell.x >= 0 && cell.x + cell.width <= size.width, `${text} a la vista`);
        }
      } finally {
        await asesor.close();
      }
    });
  }
});
