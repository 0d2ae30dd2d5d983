/**
 * Property photos in a real browser (issue 22, "done when"): on a 1024×768 tablet with the
 * network off, an adviser creates a captación with three photos from image files, reloads and
 * sees them (list cover, detail gallery, full-screen view with its original from the device);
 * back online they reach the server (REST), an admin's device shows them and opens an original
 * it fetches, and a supervisor without that captación in scope gets none of them by any path.
 *
 * The images are made in the browser (a canvas, 2000 × 1500 px, so the resize to 1600 px runs).
 * One gateway for the file; every wait is on something visible or stored, never a sleep.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { eventually, pdfText, savedPath, signInThroughUi, gatewayForFile, unlockWith, waitForServiceWorker, withBrowser } from './harness';
import { pdfImageCount } from '../couch-design/testing/pdf-images';

const users: Record<'admin' | 'asesor' | 'sup', CreatedUser> = {} as never;

const gw: TestGateway = gatewayForFile({}, async () => {
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  users.asesor = await gw.createUser({ role: 'asesor', prim_nom: 'Armando', apell_pa: 'Asesor' });
  users.sup = await gw.createUser({ role: 'supervisor de obra', prim_nom: 'Sofía', apell_pa: 'Supervisora' });
});

const OWNER = 'Fernanda Fotos Ibarra';
const field = (page: Page, name: string) => page.locator(`#f-${name.replace(/\[(\d+)\]/g, '-$1').replace(/\./g, '-')}`);
const tab = (page: Page, title: string) => page.getByRole('tab', { name: title }).click();
const syncState = (page: Page) => page.getByTestId('sync-state');

/** Every required field of the create form. */
async function fillRequired(page: Page): Promise<void> {
  await tab(page, 'Propietario');
  await field(page, 'propietario.nombre').fill(OWNER);
  await field(page, 'propietario.telefono').fill('5511122233');
  await field(page, 'propietario.correo').fill('fernanda@example.com');
  await field(page, 'propietario.estado_civil').selectOption('Casado');
  await tab(page, 'Propiedad');
  await field(page, 'propiedad.tipo').selectOption('Casa');
  await field(page, 'propiedad.direccion.calle').fill('Calle Fresno');
  await field(page, 'propiedad.direccion.numero').fill('14');
  await field(page, 'propiedad.direccion.colonia').fill('Del Valle');
  await field(page, 'propiedad.direccion.ciudad').fill('Benito Juárez');
  await field(page, 'propiedad.direccion.estado').selectOption('Ciudad de México');
  await field(page, 'propiedad.direccion.codigo_postal').fill('03100');
  await field(page, 'propiedad.caracteristicas.m2_terreno').fill('200');
  await field(page, 'propiedad.caracteristicas.m2_construccion').fill('160');
  await field(page, 'propiedad.caracteristicas.habitaciones').fill('3');
  await field(page, 'propiedad.caracteristicas.baños').fill('2');
  await tab(page, 'Datos Laborales');
  await field(page, 'datos_laborales.empresa').fill('Constructora del Centro');
  await field(page, 'datos_laborales.ingresos_mensuales').fill('30000');
  await tab(page, 'Referencias');
  const refs: Array<[string, string, string]> = [
    ['Luis Ibarra', 'Familiar', '5534567890'],
    ['Carmen Ruiz', 'Amigo', '5545678901'],
  ];
  for (let i = 0; i < refs.length; i++) {
    if ((await field(page, `referencias_personales[${i}].nombre`).count()) === 0) await page.getByRole('button', { name: '+ Agregar Referencia' }).click();
    await field(page, `referencias_personales[${i}].nombre`).fill(refs[i][0]);
    await field(page, `referencias_personales[${i}].relacion`).selectOption(refs[i][1]);
    await field(page, `referencias_personales[${i}].telefono`).fill(refs[i][2]);
  }
  await tab(page, 'Documentos');
  for (const name of ['documentacion.ine', 'documentacion.escrituras']) {
    if (!(await page.locator(`#f-${name.replace('.', '-')}`).isChecked())) await page.locator(`label:has(#f-${name.replace('.', '-')})`).click();
  }
}

/** Three camera-like JPEGs of 2000 × 1500 px, drawn in the page (a file chooser takes them as files). */
async function cameraFiles(page: Page): Promise<Array<{ name: string; mimeType: string; buffer: Buffer }>> {
  const encoded = await page.evaluate(async () => {
    const out: string[] = [];
    for (const color of ['#c0392b', '#27ae60', '#2980b9']) {
      const canvas = document.createElement('canvas');
      canvas.width = 2000;
      canvas.height = 1500;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 2000, 1500);
      ctx.fillStyle = '#fff';
      ctx.fillRect(200, 200, 600, 400);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let bin = '';
      for (const b of bytes) bin += String.fromCharCode(b);
      out.push(btoa(bin));
    }
    return out;
  });
  return encoded.map((b64, i) => ({ name: `IMG_000${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(b64, 'base64') }));
}

/** The images a downloaded captación PDF draws: the cover and the other photos, one each. */
async function pdfImages(page: Page): Promise<number> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
  const text = pdfText(await savedPath(download));
  assert.ok(text.includes(OWNER), 'el PDF lleva el nombre del propietario');
  return pdfImageCount(text);
}

/** Thumbnails drawn (an <img> with a decoded image) in the grid. */
async function drawnThumbnails(page: Page): Promise<number> {
  return page.getByTestId('fotos-grid').locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length);
}

async function fotosDocs(prefix: string): Promise<Array<Record<string, unknown>>> {
  const db = await gw.store.db('fotos');
  const res = await db.find({ selector: { captacion_id: prefix } });
  return res.docs;
}

describe('property photos in the browser', () => {
  it('offline: a captación with three photos, reloaded, seen; online: on the server, in an admin’s detail, and in no supervisor’s', async () => {
    let id = '';
    await withBrowser(async (b) => {
      const { page, context } = b;
      await signInThroughUi(page, gw.url, users.asesor.email, users.asesor.password);
      await waitForServiceWorker(page);
      await syncState(page).getByText('Al día').waitFor({ timeout: 30_000 });
      const files = await cameraFiles(page);

      await context.setOffline(true);
      await syncState(page).getByText('Sin conexión').waitFor();
      await page.getByTestId('nav-nueva-captacion').click();
      await page.getByRole('heading', { name: 'Nueva Captación Inmobiliaria' }).waitFor();
      await fillRequired(page);

      await tab(page, 'Propiedad');
      await page.getByRole('heading', { name: 'Fotos de la propiedad' }).waitFor();
      await page.getByRole('button', { name: 'Tomar foto' }).waitFor();
      assert.equal(await page.getByTestId('foto-tomar-input').getAttribute('capture'), 'environment');
      await page.getByTestId('foto-galeria-input').setInputFiles(files);
      await eventually('tres miniaturas en el formulario', async () => (await page.getByTestId('foto-item').count()) === 3);
      await page.getByTestId('fotos-nota-nueva').waitFor();

      await page.getByRole('button', { name: 'Guardar Captación' }).click();
      await page.getByText('Captación guardada exitosamente').waitFor();
      await page.waitForURL(/\/dashboard\/captaciones$/);
      // One captación and three photos wait; a photo counts once, not as its two documents.
      await syncState(page).getByText('4 cambios pendientes').waitFor();

      await page.reload();
      await unlockWith(page, users.asesor.password);
      await syncState(page).getByText('Sin conexión').waitFor();
      const row = page.getByTestId('captacion-row').filter({ hasText: OWNER });
      await row.waitFor();
      await row.getByTestId('lista-portada').locator('img').waitFor();
      await row.getByRole('button', { name: 'Ver detalle' }).click();
      await page.getByRole('heading', { name: 'Detalle de Captación Inmobiliaria' }).waitFor();
      id = /\/captaciones\/([^/]+)\/detalle/.exec(page.url())![1];
      await eventually('tres miniaturas en el detalle', async () => (await drawnThumbnails(page)) === 3);
      await page.getByTestId('foto-portada-grande').locator('img').waitFor();

      // The full-screen view: the original from the device (not synced yet), arrows to the next one.
      await page.getByTestId('foto-abrir').first().click();
      // Blueprint's Dialog does not pass a data-testid on: its class names it.
      const visor = page.locator('.fotos-visor');
      await visor.getByTestId('foto-original').waitFor();
      const size = await visor.getByTestId('foto-original').evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]);
      assert.deepEqual(size, [1600, 1200], 'el original se guardó a 1600 px por el lado largo');
      await page.getByText('Foto 1 de 3 de la propiedad').first().waitFor();
      await page.keyboard.press('ArrowRight');
      await page.getByText('Foto 2 de 3 de la propiedad').first().waitFor();
      await page.keyboard.press('Escape');
      await visor.waitFor({ state: 'hidden' });
      // The PDF made on the device, offline: the cover and the two other photos.
      assert.equal(await pdfImages(page), 3, 'el PDF sin conexión muestra la portada y las otras dos fotos');
      assert.equal((await fotosDocs(id)).length, 0, 'sin red nada llegó al servidor');

      await context.setOffline(false);
      await syncState(page).getByText('Al día').waitFor({ timeout: 60_000 });
    });

    // On the server, by REST, as someone with the captación in scope.
    const admin = await gw.client().signIn(users.admin.email, users.admin.password);
    const list = await eventually('las tres fotos en el servidor', async () => {
      const res = await admin.json<{ fotos: Array<{ id: string; portada: boolean; original: string; miniatura: string; bytes: number; ancho: number; alto: number }> }>('GET', `/api/captaciones/${id}/fotos`);
      return res.status === 200 && res.body.fotos.length === 3 ? res.body.fotos : null;
    });
    assert.equal(list.filter((f) => f.portada).length, 1, 'una sola portada');
    for (const f of list) {
      assert.ok(Math.max(f.ancho, f.alto) === 1600, 'redimensionada a 1600 px');
      assert.ok(f.bytes < 600 * 1024, `unos cientos de KB (${f.bytes})`);
      const original = await admin.fetch(f.original);
      assert.equal(original.status, 200);
      assert.equal(original.headers.get('content-type'), 'image/jpeg');
    }
    const originals = (await fotosDocs(id)).filter((d) => d.type === 'foto-original');
    assert.equal(originals.length, 3, 'los tres originales en el servidor');

    // Another person with scope (an admin) on their own device: the captación is not in their
    // device set until they open it online; then its thumbnails come by sync, an original when opened.
    await withBrowser(async (b) => {
      const { page } = b;
      // The thumbnails come inside the pull's `_bulk_get`, never one request each.
      const fotosRequests: string[] = [];
      page.on('request', (r) => {
        const { pathname, search } = new URL(r.url());
        if (pathname.startsWith('/db/fotos/')) fotosRequests.push(`${r.method()} ${decodeURIComponent(pathname)}${search}`);
      });
      await signInThroughUi(page, gw.url, users.admin.email, users.admin.password);
      await page.goto(`${gw.url}/dashboard/captaciones/${id}/detalle`);
      await page.getByText(OWNER).first().waitFor();
      await eventually('tres miniaturas en el detalle del administrador', async () => (await drawnThumbnails(page)) === 3, 60_000);
      assert.deepEqual(fotosRequests.filter((r) => r.includes('/miniatura')), [], 'ninguna miniatura pedida por separado');
      assert.ok(fotosRequests.some((r) => r.startsWith('POST /db/fotos/_bulk_get') && r.includes('attachments=true')), 'las miniaturas llegaron con su lote');
      await page.getByTestId('foto-abrir').nth(2).click();
      // Not on this device: fetched from the gateway (GET /db/fotos/<id>/original) and shown full size.
      await page.locator('.fotos-visor').getByTestId('foto-original').waitFor({ timeout: 30_000 });
      await page.keyboard.press('Escape');
      await page.locator('.fotos-visor').waitFor({ state: 'hidden' });
      assert.equal(await pdfImages(page), 3, 'el PDF del administrador muestra la portada y las otras dos fotos');
    });

    // A supervisor without that captación in scope: nothing by REST, by /db, or on their device.
    const sup = await gw.client().signIn(users.sup.email, users.sup.password);
    assert.equal((await sup.json('GET', `/api/captaciones/${id}/fotos`)).status, 404);
    const uuid = list[0].id;
    assert.equal((await sup.fetch(`/api/captaciones/${id}/fotos/${uuid}/original`)).status, 404);
    assert.equal((await sup.fetch(`/db/fotos/${encodeURIComponent(`foto-original:${id}:${uuid}`)}/original`)).status, 404);
    assert.equal((await sup.fetch(`/db/fotos/${encodeURIComponent(`foto:${id}:${uuid}`)}/miniatura`)).status, 404);
    await withBrowser(async (b) => {
      const { page } = b;
      await signInThroughUi(page, gw.url, users.sup.email, users.sup.password);
      await syncState(page).getByText('Al día').waitFor({ timeout: 30_000 });
      await page.goto(`${gw.url}/dashboard/captaciones/${id}/detalle`);
      await page.getByText('No se encontró la captación').waitFor();
    });
  });
});
