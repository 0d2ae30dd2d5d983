/**
 * Tabs with the keyboard alone (issue 20 item 1), at 1024 × 768 and 390 × 844: an adviser fills
 * and saves a complete captación, all seven tabs, without the mouse (Tab, the arrow keys, Enter,
 * Space and typing), then opens the detail's tabs, the profile's 'Nóminas' tab and the employee
 * profile's 'Información Laboral' the same way.
 *
 * One gateway for the file; each width signs in once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { StoreDoc } from '../sync-server/src/store/port';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { nominaOf, seedEmpleados, seedNominas } from '../sync-server/src/testing/payroll';
import { eventually, openBrowser, signInThroughUi, gatewayForFile } from './harness';
import { nextTab, tabTo, typeInto } from './keyboard';

let asesor: CreatedUser;
const EMP = 'emp-teclado';

const gw: TestGateway = gatewayForFile({}, async () => {
  asesor = await gw.createUser({ role: 'asesor', prim_nom: 'Armando', apell_pa: 'Asesor', empleado_id: EMP });
  await seedEmpleados(gw, [{ _id: EMP, prim_nom: 'Armando', apell_pa: 'Asesor', apell_ma: 'Luna', userId: asesor.id }]);
  await seedNominas(gw, [nominaOf(EMP, '2026-01-15', 7500, { empleado: 'Armando Asesor Luna' })]);
});

async function findByOwner(nombre: string): Promise<StoreDoc | null> {
  const db = await gw.store.db('captaciones');
  return (await db.find({ selector: { type: 'captacion', 'propietario.nombre': nombre } })).docs[0] ?? null;
}

const selectedTab = (page: Page) => page.locator('[role=tab][aria-selected=true]').innerText();

/** Opens the next tab with the arrow key and Enter, and checks it is the one expected. */
async function openNext(page: Page, title: string): Promise<void> {
  assert.equal(await nextTab(page), title);
  assert.equal(await selectedTab(page), title);
}

/** The list's '+ Agregar' button (its id is the list's) pressed with Enter until `rowField` exists. */
async function addRow(page: Page, listId: string, rowField: string): Promise<void> {
  if ((await page.locator(`#${rowField}`).count()) > 0) return;
  await tabTo(page, { id: listId });
  await page.keyboard.press('Enter');
  await page.locator(`#${rowField}`).waitFor();
}

/** A select reached with Tab, chosen by typing the start of its option (the browser's type-ahead). */
async function choose(page: Page, id: string, typed: string, expected = typed): Promise<void> {
  await typeInto(page, id, typed);
  assert.equal(await page.locator(`#${id}`).inputValue(), expected);
}

async function fillWithKeyboard(page: Page, owner: string): Promise<void> {
  await tabTo(page, { role: 'tab' });
  assert.equal(await selectedTab(page), 'Propietario');
  await typeInto(page, 'f-propietario-nombre', owner);
  await typeInto(page, 'f-propietario-telefono', '5512345678');
  await choose(page, 'f-propietario-estado_civil', 'Casado');

  await openNext(page, 'Propiedad');
  await choose(page, 'f-propiedad-tipo', 'Casa');
  await typeInto(page, 'f-propiedad-direccion-calle', 'Av. Reforma');
  await typeInto(page, 'f-propiedad-direccion-numero', '222');
  await typeInto(page, 'f-propiedad-direccion-colonia', 'Juárez');
  await typeInto(page, 'f-propiedad-direccion-ciudad', 'Cuauhtémoc');
  await choose(page, 'f-propiedad-direccion-estado', 'Ciudad de M', 'Ciudad de México');
  await typeInto(page, 'f-propiedad-direccion-codigo_postal', '06600');
  await typeInto(page, 'f-propiedad-caracteristicas-m2_terreno', '180');
  await typeInto(page, 'f-propiedad-caracteristicas-m2_construccion', '145');
  await typeInto(page, 'f-propiedad-caracteristicas-habitaciones', '3');
  await typeInto(page, 'f-propiedad-caracteristicas-baños', '2');

  await openNext(page, 'Adeudos');
  await addRow(page, 'f-propiedad-adeudos', 'f-propiedad-adeudos-0-tipo');
  await choose(page, 'f-propiedad-adeudos-0-tipo', 'Predial');
  await typeInto(page, 'f-propiedad-adeudos-0-monto', '3200');
  await typeInto(page, 'f-propiedad-adeudos-0-numero_referencia', '061-234-05');

  await openNext(page, 'Datos Laborales');
  await typeInto(page, 'f-datos_laborales-empresa', 'Grupo Industrial del Valle');

  await openNext(page, 'Referencias');
  const refs: Array<[string, string, string]> = [
    ['José Luis Martínez', 'Familiar', '5534567890'],
    ['Claudia Sánchez', 'Amigo', '5545678901'],
  ];
  for (const [i, [nombre, relacion, telefono]] of refs.entries()) {
    await addRow(page, 'f-referencias_personales', `f-referencias_personales-${i}-nombre`);
    await typeInto(page, `f-referencias_personales-${i}-nombre`, nombre);
    await choose(page, `f-referencias_personales-${i}-relacion`, relacion);
    await typeInto(page, `f-referencias_personales-${i}-telefono`, telefono);
  }

  await openNext(page, 'Documentos');
  for (const id of ['f-documentacion-ine', 'f-documentacion-escrituras']) {
    await tabTo(page, { id });
    await page.keyboard.press('Space');
    assert.equal(await page.locator(`#${id}`).isChecked(), true);
  }

  await openNext(page, 'Venta');
  await tabTo(page, { id: 'f-venta-en_venta' });
  await page.keyboard.press('Space');
  await typeInto(page, 'f-venta-precio_venta', '2500000');
  await choose(page, 'f-venta-tipo_credito', 'Contado');
  await typeInto(page, 'f-venta-comprador-nombre', 'Laura Compradora');
  await typeInto(page, 'f-venta-comprador-telefono', '5598765432');
}

describe('tabs with the keyboard alone', () => {
  for (const size of [
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${size.width} × ${size.height}: a complete captación, the detail, the profile's 'Nóminas' and 'Información Laboral'`, async () => {
      const b = await openBrowser(size);
      const { page } = b;
      try {
        await signInThroughUi(page, gw.url, asesor.email, asesor.password);
        const owner = `Teclado ${size.width} Ramírez`;
        await page.goto(`${gw.url}/dashboard/captaciones/nueva`);
        await page.getByRole('heading', { name: 'Nueva Captación Inmobiliaria' }).waitFor();
        await fillWithKeyboard(page, owner);
        await tabTo(page, { button: 'Guardar Captación' });
        await page.keyboard.press('Enter');
        await page.getByText('Captación guardada exitosamente').waitFor();

        const stored = await eventually('la captación llega al servidor', () => findByOwner(owner));
        const propiedad = stored.propiedad as { tipo: string; adeudos: Array<{ tipo: string; monto: number }>; direccion: { estado: string } };
        assert.equal(propiedad.tipo, 'Casa');
        assert.equal(propiedad.direccion.estado, 'Ciudad de México');
        assert.deepEqual(propiedad.adeudos.map((a) => [a.tipo, a.monto]), [['Predial', 3200]]);
        assert.equal((stored.referencias_personales as unknown[]).length, 2);
        assert.equal((stored.documentos_entregados as { escrituras: boolean }).escrituras, true);
        assert.equal((stored.venta as { tipo_credito: string }).tipo_credito, 'Contado');

        // The detail's tabs: the arrow key and Space.
        await page.goto(`${gw.url}/dashboard/captaciones/${encodeURIComponent(stored._id)}/detalle`);
        await page.getByText(owner).first().waitFor();
        await tabTo(page, { role: 'tab' });
        assert.equal(await nextTab(page, ' '), 'Propiedad');
        await page.getByText('Av. Reforma', { exact: false }).first().waitFor();

        // The profile's 'Nóminas' tab.
        await page.goto(`${gw.url}/dashboard/profile`);
        await page.getByRole('tab', { name: 'Perfil' }).waitFor();
        await tabTo(page, { role: 'tab' });
        assert.equal(await nextTab(page), 'Nóminas');
        await page.getByRole('tabpanel').getByText('7,500.00').waitFor();

        // The employee profile's sections open under their headings with Enter.
        await page.goto(`${gw.url}/dashboard/empleado-profile/${EMP}`);
        await page.getByRole('button', { name: 'Información Laboral' }).waitFor();
        await tabTo(page, { button: 'Información Laboral' });
        await page.keyboard.press('Enter');
        await page.getByText('7,500.00').first().waitFor();
      } finally {
        await b.close();
      }
    });
  }
});
