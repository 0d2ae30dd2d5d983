/**
 * Captaciones in a real browser (issue 4): create with errors, the summary banner, fix and save;
 * an adviser on a tablet with the network off creates a complete captación, finds it in the list,
 * opens it and downloads its PDF, and once back online it reaches the server, where the
 * supervisor it is assigned to sees it and another does not; edit with its draft and leave
 * question; admin delete with its confirm; search in the URL and CSV; the conflict screen.
 *
 * One gateway for the whole file; every wait is on something visible or stored, never a sleep.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { StoreDoc } from '../sync-server/src/store/port';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import { eventually, pdfText, savedPath, signInThroughUi, gatewayForFile, waitForServiceWorker, withBrowser, type BrowserSession } from './harness';

const users: Record<'admin' | 'asesor' | 'supA' | 'supB', CreatedUser> = {} as never;

const gw: TestGateway = gatewayForFile({}, async () => {
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  users.asesor = await gw.createUser({ role: 'asesor', prim_nom: 'Armando', apell_pa: 'Asesor' });
  users.supA = await gw.createUser({ role: 'supervisor de obra', prim_nom: 'Sofía', apell_pa: 'Supervisora' });
  users.supB = await gw.createUser({ role: 'supervisor de obra', prim_nom: 'Bruno', apell_pa: 'Supervisor' });
});

// --- helpers ------------------------------------------------------------------------------

async function captacionesDb() {
  return gw.store.db('captaciones');
}

async function findByOwner(nombre: string): Promise<StoreDoc | null> {
  const db = await captacionesDb();
  const res = await db.find({ selector: { type: 'captacion', 'propietario.nombre': nombre } });
  return res.docs[0] ?? null;
}

const field = (page: Page, name: string) => page.locator(`#f-${name.replace(/\[(\d+)\]/g, '-$1').replace(/\./g, '-')}`);
const tab = (page: Page, title: string) => page.getByRole('tab', { name: title }).click();
const tick = (page: Page, name: string) => page.locator(`label:has(#f-${name.replace(/\./g, '-')})`).click();

interface Owner {
  nombre: string;
  telefono: string;
  monto: string;
  ingresos: string;
}

/** Fills every required field of the create form (and a debt and the employment income). */
async function fillCompleteForm(page: Page, o: Owner): Promise<void> {
  await tab(page, 'Propietario');
  await field(page, 'propietario.nombre').fill(o.nombre);
  await field(page, 'propietario.telefono').fill(o.telefono);
  await field(page, 'propietario.correo').fill('propietario@example.com');
  await field(page, 'propietario.estado_civil').selectOption('Casado');

  await tab(page, 'Propiedad');
  await field(page, 'propiedad.tipo').selectOption('Casa');
  await field(page, 'propiedad.direccion.calle').fill('Av. Reforma');
  await field(page, 'propiedad.direccion.numero').fill('222');
  await field(page, 'propiedad.direccion.colonia').fill('Juárez');
  await field(page, 'propiedad.direccion.ciudad').fill('Cuauhtémoc');
  await field(page, 'propiedad.direccion.estado').selectOption('Ciudad de México');
  await field(page, 'propiedad.direccion.codigo_postal').fill('06600');
  await field(page, 'propiedad.caracteristicas.m2_terreno').fill('180');
  await field(page, 'propiedad.caracteristicas.m2_construccion').fill('145.5');
  await field(page, 'propiedad.caracteristicas.habitaciones').fill('3');
  await field(page, 'propiedad.caracteristicas.baños').fill('2');

  await tab(page, 'Adeudos');
  await page.getByRole('button', { name: '+ Agregar Adeudo' }).click();
  await field(page, 'propiedad.adeudos[0].tipo').selectOption('Predial');
  await field(page, 'propiedad.adeudos[0].monto').fill(o.monto);
  await field(page, 'propiedad.adeudos[0].numero_referencia').fill('061-234-05');

  await tab(page, 'Datos Laborales');
  await field(page, 'datos_laborales.empresa').fill('Grupo Industrial del Valle');
  await field(page, 'datos_laborales.ingresos_mensuales').fill(o.ingresos);

  await tab(page, 'Referencias');
  const refs: Array<[string, string, string]> = [
    ['José Luis Martínez', 'Familiar', '5534567890'],
    ['Claudia Sánchez', 'Amigo', '5545678901'],
  ];
  for (let i = 0; i < refs.length; i++) {
    if ((await field(page, `referencias_personales[${i}].nombre`).count()) === 0) {
      await page.getByRole('button', { name: '+ Agregar Referencia' }).click();
    }
    await field(page, `referencias_personales[${i}].nombre`).fill(refs[i][0]);
    await field(page, `referencias_personales[${i}].relacion`).selectOption(refs[i][1]);
    await field(page, `referencias_personales[${i}].telefono`).fill(refs[i][2]);
  }

  await tab(page, 'Documentos');
  for (const name of ['documentacion.ine', 'documentacion.escrituras']) {
    if (!(await page.locator(`#f-${name.replace('.', '-')}`).isChecked())) await tick(page, name);
  }
}

const syncState = (page: Page) => page.getByTestId('sync-state');

async function signIn(b: BrowserSession, who: CreatedUser): Promise<void> {
  await signInThroughUi(b.page, gw.url, who.email, who.password);
}

const OWNER_ONLINE: Owner = { nombre: 'Rosa Elena Quintero', telefono: '5512345678', monto: '3200', ingresos: '21000' };
const OWNER_OFFLINE: Owner = { nombre: 'Mariana Offline Robles', telefono: '5587654321', monto: '4850.75', ingresos: '28500' };

// --- tests --------------------------------------------------------------------------------

describe('captaciones in the browser', () => {
  it('create: errors under the fields, the summary banner, then fix and save', async () => {
    await withBrowser(async (b) => {
      const { page } = b;
      await signIn(b, users.asesor);
      await page.getByTestId('nav-nueva-captacion').click();
      await page.getByRole('heading', { name: 'Nueva Captación Inmobiliaria' }).waitFor();
      await page.getByText('Los campos marcados con * son obligatorios.').waitFor();
      const tabs = await page.getByRole('tab').allTextContents();
      assert.deepEqual(tabs, ['Propietario', 'Propiedad', 'Adeudos', 'Datos Laborales', 'Referencias', 'Documentos', 'Venta']);

      // Validation on every change: the message shows under the field as it is typed.
      await field(page, 'propietario.nombre').fill('Al');
      await field(page, 'propietario.nombre').blur();
      await page.getByText('El nombre debe tener al menos 3 caracteres').waitFor();
      await field(page, 'propietario.telefono').fill('55123');
      await field(page, 'propietario.telefono').blur();
      await page.getByText('El teléfono debe contener exactamente 10 dígitos numéricos').waitFor();

      await page.getByRole('button', { name: 'Guardar Captación' }).click();
      const banner = page.getByTestId('error-summary');
      await banner.getByText('Corrija los siguientes errores antes de guardar:').waitFor();
      const summary = await banner.innerText();
      for (const section of ['Propietario', 'Propiedad', 'Referencias', 'Documentación']) assert.match(summary, new RegExp(section));
      assert.doesNotMatch(summary, /Venta/);
      assert.match(summary, /Se requieren al menos 2 referencias personales|Las referencias personales son requeridas/);
      assert.match(summary, /La identificación oficial \(INE\) es obligatoria/);
      // The banner goes away by itself after 5 seconds.
      await banner.waitFor({ state: 'hidden', timeout: 9_000 });

      // With the sale on, its section joins the banner.
      await tab(page, 'Venta');
      await page.getByText('La propiedad no está en venta actualmente.').waitFor();
      await tick(page, 'venta.en_venta');
      await field(page, 'venta.comprador.correo').fill('no-es-correo');
      await page.getByRole('button', { name: 'Guardar Captación' }).click();
      await banner.getByText('Venta').waitFor();
      await field(page, 'venta.comprador.correo').fill('');
      await tick(page, 'venta.en_venta');

      await fillCompleteForm(page, OWNER_ONLINE);
      // A CURP in the right format with a wrong check digit warns but does not block (docs/architecture.md section 5).
      await tab(page, 'Propietario');
      await field(page, 'propietario.curp').fill('herg850315mdfrmd08');
      await page.getByText('El dígito verificador de la CURP no coincide; verifique el documento.').waitFor();
      await page.getByRole('button', { name: 'Guardar Captación' }).click();
      await page.getByText('Captación guardada exitosamente').waitFor();
      await page.waitForURL(/\/dashboard\/captaciones$/);
      await page.getByTestId('captacion-row').filter({ hasText: OWNER_ONLINE.nombre }).waitFor();

      const stored = await eventually('la captación llega al servidor', () => findByOwner(OWNER_ONLINE.nombre));
      assert.equal((stored.captacion as { asesor: string }).asesor, users.asesor.id);
      assert.equal((stored.propiedad as { adeudos: Array<{ monto: number }> }).adeudos[0].monto, 3200);
      assert.equal((stored.documentos_entregados as { ine: boolean }).ine, true);
      assert.equal((stored.propietario as { curp: string }).curp, 'HERG850315MDFRMD08');
    });
  });

  it('an adviser on a tablet creates one offline, lists it, opens it and downloads its PDF; online it reaches the server and its supervisor only', async () => {
    await withBrowser(async (b) => {
      const { page, context } = b;
      await signIn(b, users.asesor);
      await waitForServiceWorker(page);
      await syncState(page).getByText('Al día').waitFor({ timeout: 30_000 });

      await context.setOffline(true);
      await syncState(page).getByText('Sin conexión').waitFor();
      await page.getByTestId('nav-nueva-captacion').click();
      await page.getByRole('heading', { name: 'Nueva Captación Inmobiliaria' }).waitFor();
      await fillCompleteForm(page, OWNER_OFFLINE);
      await page.getByRole('button', { name: 'Guardar Captación' }).click();
      await page.getByText('Captación guardada exitosamente').waitFor();
      await page.waitForURL(/\/dashboard\/captaciones$/);
      await syncState(page).getByText('1 cambio pendiente').waitFor();

      const row = page.getByTestId('captacion-row').filter({ hasText: OWNER_OFFLINE.nombre });
      await row.waitFor();
      // The device stamps its own edits: saved offline, the row already names who captured it and when.
      const today = new Intl.DateTimeFormat('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Mexico_City' }).format(new Date());
      await row.getByText(new RegExp(`^Armando Asesor( \\S+)* · ${today}, `)).waitFor();
      await row.getByRole('button', { name: 'Ver detalle' }).click();
      await page.getByRole('heading', { name: 'Detalle de Captación Inmobiliaria' }).waitFor();
      await page.getByText(OWNER_OFFLINE.nombre).first().waitFor();
      await tab(page, 'Adeudos');
      await page.getByText('$4,850.75').waitFor();

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
      assert.match(download.suggestedFilename(), /^captacion_.+\.pdf$/);
      const id = download.suggestedFilename().replace(/^captacion_|\.pdf$/g, '');
      const text = pdfText(await savedPath(download));
      assert.ok(text.startsWith('%PDF'), 'es un PDF');
      assert.ok(text.includes(OWNER_OFFLINE.nombre), 'el PDF lleva el nombre del propietario');
      assert.ok(text.includes('$4,850.75'), 'el PDF lleva el monto del adeudo');
      assert.ok(text.includes('$28,500.00'), 'el PDF lleva los ingresos mensuales');
      assert.equal(await findByOwner(OWNER_OFFLINE.nombre), null, 'sin red nada llegó al servidor');

      await context.setOffline(false);
      await syncState(page).getByText('Al día').waitFor({ timeout: 30_000 });
      const stored = await eventually('la captación creada sin conexión llega al servidor', () => findByOwner(OWNER_OFFLINE.nombre));
      assert.equal(stored._id, id);
      assert.equal((stored.captacion as { asesor: string }).asesor, users.asesor.id);
      assert.ok(stored.ultima_actualizacion, 'el servidor sella la última actualización');

      // An admin assigns it to supervisor A (the adviser field is the supervisor scope).
      const db = await captacionesDb();
      const current = await db.get(id);
      await db.put({ ...current, captacion: { ...(current.captacion as object), asesor: users.supA.id } });
    });

    await withBrowser(async (b) => {
      await signIn(b, users.supA);
      await b.page.getByTestId('nav-proyectos').click();
      await b.page.getByTestId('captacion-row').filter({ hasText: OWNER_OFFLINE.nombre }).waitFor({ timeout: 20_000 });
      assert.equal(await b.page.getByRole('button', { name: 'Nueva Captación' }).count(), 0);
      assert.equal(await b.page.getByRole('button', { name: 'Editar' }).count(), 0);
      assert.equal(await b.page.getByRole('button', { name: 'Eliminar' }).count(), 0);
    });

    await withBrowser(async (b) => {
      await signIn(b, users.supB);
      await b.page.getByTestId('nav-proyectos').click();
      await syncState(b.page).getByText('Al día').waitFor({ timeout: 30_000 });
      await b.page.getByText('No tienes proyectos asignados').waitFor();
      assert.equal(await b.page.getByText(OWNER_OFFLINE.nombre).count(), 0);
      // Not even by its address.
      const id = (await findByOwner(OWNER_OFFLINE.nombre))!._id;
      await b.page.goto(`${gw.url}/dashboard/captaciones/${id}/detalle`);
      await b.page.getByText('No se encontró la captación').waitFor();
    });
  });

  it('edit: per-field errors, a draft that survives a reload, the leave question, then save', async () => {
    await withBrowser(async (b) => {
      const { page } = b;
      page.on('dialog', (d) => void d.accept());
      await signIn(b, users.asesor);
      await page.getByTestId('nav-proyectos').click();
      const row = page.getByTestId('captacion-row').filter({ hasText: OWNER_ONLINE.nombre });
      await row.getByRole('button', { name: 'Editar' }).click();
      await page.getByRole('heading', { name: 'Editar Captación' }).waitFor();
      await assertValue(page, 'propietario.nombre', OWNER_ONLINE.nombre);

      await field(page, 'propietario.telefono').fill('12ab');
      await page.getByText('El teléfono debe contener exactamente 10 dígitos numéricos').waitFor();
      await field(page, 'propietario.telefono').fill('5511112222');
      await field(page, 'propietario.correo').fill('rosa.quintero@example.com');

      // The draft is written about half a second after typing; a reload brings it back.
      await page.getByTestId('draft-status').getByText('Borrador guardado').waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Editar Captación' }).waitFor();
      await page.getByText('Se recuperó un borrador sin guardar.').waitFor();
      await assertValue(page, 'propietario.telefono', '5511112222');

      // Leaving with unsaved changes asks first; staying keeps everything.
      await page.getByTestId('nav-proyectos').click();
      await page.getByText('Tiene cambios sin guardar en esta captación.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Seguir editando' }).click();
      await assertValue(page, 'propietario.telefono', '5511112222');

      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await page.getByText('Captación actualizada exitosamente').waitFor();
      await page.waitForURL(/\/dashboard\/captaciones$/);
      await eventually('el cambio llega al servidor', async () => {
        const doc = await findByOwner(OWNER_ONLINE.nombre);
        return doc && (doc.propietario as { telefono: string }).telefono === '5511112222' ? doc : null;
      });

      // Saved: the draft is gone, so the form opens clean.
      await row.getByRole('button', { name: 'Editar' }).click();
      await page.getByRole('heading', { name: 'Editar Captación' }).waitFor();
      await assertValue(page, 'propietario.telefono', '5511112222');
      assert.equal(await page.getByText('Se recuperó un borrador sin guardar.').count(), 0);
    });
  });

  it('admin: search kept in the URL, CSV export, and delete with its confirmation', async () => {
    const db = await captacionesDb();
    await db.put({ ...sampleCaptacion({ propietario: { nombre: 'Eliminable Pérez' }, captacion: { asesor: users.asesor.id, fecha: '2024-01-05T10:00:00.000Z' } }), _id: 'borrar-1' });

    await withBrowser(async (b) => {
      const { page } = b;
      await signIn(b, users.admin);
      await page.goto(`${gw.url}/dashboard/captaciones`);
      await page.getByTestId('captacion-row').filter({ hasText: 'Eliminable Pérez' }).waitFor();

      await page.getByPlaceholder('Buscar por propietario o dirección').fill('eliminable perez');
      await page.waitForURL(/[?&]q=eliminable\+perez/);
      // The rows before the search may still show for a moment: wait for the search's own.
      await eventually('solo la captación buscada', async () => (await page.getByTestId('captacion-row').count()) === 1);
      await page.reload();
      assert.equal(await page.getByPlaceholder('Buscar por propietario o dirección').inputValue(), 'eliminable perez');
      // Online, the list covers the whole scope; this record is not on the admin's device (not in
      // their device set), and the export still holds it: an admin exports all they may read.
      await page.getByTestId('captacion-row').filter({ hasText: 'Eliminable Pérez' }).filter({ hasText: 'Solo en línea' }).waitFor();

      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
      const bytes = readFileSync(await savedPath(csv));
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 con BOM');
      const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
      assert.equal(lines[0], 'ID,Propiedad,Dirección,Propietario,Ubicación,Última Actualización,Estatus,Fecha');
      assert.equal(lines.length, 2);
      assert.match(lines[1], /^borrar-1,Casa,.*Eliminable Pérez.*,05\/01\/2024$/);

      const row = page.getByTestId('captacion-row').filter({ hasText: 'Eliminable Pérez' });
      await row.getByRole('button', { name: 'Eliminar' }).click();
      await page.getByText('Estás seguro de que deseas eliminar esta captación? Esta acción no se puede deshacer.').waitFor();
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await row.waitFor();
      await row.getByRole('button', { name: 'Eliminar' }).click();
      await page.locator('.bp6-alert').getByRole('button', { name: 'Eliminar' }).click();
      await page.getByText('Ninguna captación coincide con la búsqueda.').waitFor();
      await eventually('el borrado llega al servidor', async () => {
        try {
          await db.get('borrar-1');
          return null;
        } catch {
          return true;
        }
      });
    });
  });

  it('conflict: a field agent sees two versions side by side, chooses by section; the loser goes only after saving', async () => {
    const db = await captacionesDb();
    const base = sampleCaptacion({ propietario: { nombre: 'Conflicto Ortega' }, captacion: { asesor: users.asesor.id } });
    const a = { ...base, _id: 'conf-1', _rev: '1-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', propietario: { ...base.propietario, telefono: '5511111111' } };
    const bRev = { ...base, _id: 'conf-1', _rev: '1-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', propietario: { ...base.propietario, telefono: '5522222222' }, datos_laborales: { ...base.datos_laborales, empresa: 'Empresa B' } };
    await db.bulkDocs([a, bRev] as StoreDoc[], { new_edits: false });

    await withBrowser(async (b) => {
      const { page } = b;
      await signIn(b, users.asesor);
      await page.goto(`${gw.url}/dashboard/captaciones/conf-1/detalle`);
      await page.getByText('Esta captación se modificó en dos dispositivos sin conexión. Elija qué versión conservar.').waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Resolver conflicto' }).click();
      await page.waitForURL(/\/conf-1\/conflicto$/);

      const owner = page.getByTestId('conflict-propietario');
      await owner.getByText('5511111111').waitFor();
      await owner.getByText('5522222222').waitFor();
      // Pick the version holding 5522222222 for the owner and keep the other's employment data.
      const versions = owner.locator('.cap-conflict-version');
      const index = (await versions.nth(0).innerText()).includes('5522222222') ? 0 : 1;
      const letter = index === 0 ? 'A' : 'B';
      await owner.getByRole('radio', { name: `Versión ${letter}` }).check({ force: true });
      const laborales = page.getByTestId('conflict-datos_laborales');
      await laborales.getByRole('radio', { name: `Versión ${letter === 'A' ? 'B' : 'A'}` }).check({ force: true });

      // Nothing is deleted before the choice is saved.
      const before = await db.get('conf-1', { conflicts: true });
      assert.equal(before._conflicts?.length, 1);

      await page.getByRole('button', { name: 'Guardar versión elegida' }).click();
      await page.getByText('Conflicto resuelto: se conservó la versión elegida.').waitFor();
      await page.waitForURL(/\/conf-1\/detalle$/);
      await page.getByText('5522222222').waitFor();
      assert.equal(await page.getByTestId('conflict-notice').count(), 0);

      const resolved = await eventually('la resolución llega al servidor', async () => {
        const doc = await db.get('conf-1', { conflicts: true });
        return !doc._conflicts?.length && (doc.propietario as { telefono: string }).telefono === '5522222222' ? doc : null;
      });
      assert.notEqual((resolved.datos_laborales as { empresa: string }).empresa, 'Empresa B');
    });
  });
});

async function assertValue(page: Page, name: string, expected: string): Promise<void> {
  await page.waitForFunction(
    ([sel, value]) => document.querySelector<HTMLInputElement>(sel)?.value === value,
    [`#f-${name.replace(/\./g, '-')}`, expected] as const,
  );
}
