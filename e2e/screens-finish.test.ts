/**
 * What a person sees (issue 36 item 4), at 1024 × 768 and 390 × 844: the form's list buttons,
 * the phone home's demo table and the rejected-changes dialog pass axe; the sync chip is a 44 px
 * target that never covers a row's buttons and is not green while a change waits refused; Tab
 * never leaves a field under the sticky Cancelar/Guardar bar; on a phone every list is a column
 * of cards showing every column, with no sideways scroll (offline, the detail and the device's
 * PDF name the adviser: adviser-offline.test.ts); the rejected dialog names fields by their labels; the breadcrumbs keep
 * their chevrons when shortened and the sign-in caption is whole; the detail opens on its data
 * with a compact gallery; the top bar's search finds captaciones, users and employees.
 *
 * One gateway for the file; every wait is on something visible or a request, never a sleep.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import { fotoId } from '../couch-design/fotos/types';
import { JPEG_2X2 } from '../couch-design/testing/images';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { nominaOf, seedEmpleados, seedNominas } from '../sync-server/src/testing/payroll';
import { assertAccessible } from './axe';
import { openBrowser, signedInBrowser, gatewayForFile, visitAt, waitForServiceWorker, type BrowserSession } from './harness';

const users = {} as Record<'admin' | 'asesor' | 'segunda', CreatedUser>;
const EMP = 'emp-fin-asesor';
const CAP = 'cap-fin-1';
const CAP_SEGUNDA = 'cap-fin-segunda';
const CAP_FOTOS = 'cap-fin-fotos';
const CAP_RECHAZO = 'cap-fin-rechazo';
const SIZES = [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

const gw: TestGateway = gatewayForFile({}, async () => {
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  users.asesor = await gw.createUser({ role: 'asesor', prim_nom: 'Armando', apell_pa: 'Asesor', empleado_id: EMP });
  users.segunda = await gw.createUser({ role: 'asesor', prim_nom: 'Beatriz', apell_pa: 'Segunda', apell_ma: 'Campos' });
  await seedEmpleados(gw, [{ _id: EMP, prim_nom: 'Armando', apell_pa: 'Asesor', apell_ma: 'Luna', userId: users.asesor.id, salario: 15000 }]);
  await seedNominas(gw, [{ ...nominaOf(EMP, '2026-01-15', 7500, { empleado: 'Armando Asesor Luna', conceptoDePago: 'Quincena del 1 al 15 de enero con bono de puntualidad' }), _id: 'nom-fin-1' }]);
  const caps = await gw.store.db('captaciones');
  await caps.put({ ...sampleCaptacion({ propietario: { nombre: 'Florencia Tabasco Ruiz' }, captacion: { asesor: users.asesor.id } }), _id: CAP });
  await caps.put({ ...sampleCaptacion({ propietario: { nombre: 'Gerardo Segunda Pardo' }, captacion: { asesor: users.segunda.id } }), _id: CAP_SEGUNDA });
  await caps.put({ ...sampleCaptacion({ propietario: { nombre: 'Helena Fotos Quiroga' }, captacion: { asesor: users.asesor.id } }), _id: CAP_FOTOS });
  await caps.put({ ...sampleCaptacion({ propietario: { nombre: 'Rosa Rechazo Hernández', telefono: '5511122233' }, captacion: { asesor: users.asesor.id } }), _id: CAP_RECHAZO });
  // Enough rows for a phone to scroll past the top bar, all on the list's first page (10).
  for (let i = 0; i < 5; i++) {
    await caps.put({ ...sampleCaptacion({ propietario: { nombre: `Relleno Número ${i}` }, captacion: { asesor: users.asesor.id } }), _id: `cap-fin-relleno-${i}` });
  }
  const fotos = await gw.store.db('fotos');
  for (let orden = 0; orden < 3; orden++) {
    await fotos.put({
      _id: fotoId(CAP_FOTOS, randomUUID()), type: 'foto', captacion_id: CAP_FOTOS, asesor: users.asesor.id, orden, portada: orden === 0,
      ancho: 2, alto: 2, bytes: JPEG_2X2.length, mime: 'image/jpeg', tomada: '2026-11-26T10:00:00.000Z',
      _attachments: { miniatura: { content_type: 'image/jpeg', data: Buffer.from(JPEG_2X2).toString('base64') } },
    });
  }
});

const signedIn = (who: CreatedUser, size: { width: number; height: number }): Promise<BrowserSession> => signedInBrowser(gw.url, who, size);
const visit = (page: Page, path: string, ready: string): Promise<void> => visitAt(page, gw.url, path, ready);

const chip = (page: Page) => page.getByTestId('sync-state');

describe('readable: axe on the form lists, the phone home and the rejected changes', () => {
  for (const size of SIZES) {
    it(`at ${size.width} px`, async () => {
      const b = await signedIn(users.admin, size);
      const { page } = b;
      try {
        await visit(page, '/dashboard/home', 'Dinero de hoy');
        await assertAccessible(page, `inicio a ${size.width} px`);
        await visit(page, '/dashboard/captaciones/nueva', 'Nueva Captación Inmobiliaria');
        await page.getByRole('tab', { name: 'Adeudos' }).click();
        await assertAccessible(page, 'adeudos sin ninguno');
        await page.getByRole('button', { name: '+ Agregar Adeudo' }).click();
        await page.getByTestId('adeudo-1').waitFor();
        await assertAccessible(page, 'adeudos con uno');
        await page.getByRole('tab', { name: 'Referencias' }).click();
        await assertAccessible(page, 'referencias sin ninguna');
        await page.getByRole('button', { name: '+ Agregar Referencia' }).click();
        await page.getByTestId('referencia-1').waitFor();
        await assertAccessible(page, 'referencias con una');
      } finally {
        await b.close();
      }
    });
  }
});

describe('a refused change: the chip says it in a warning colour and the dialog names fields by their labels', () => {
  it('an adviser edits offline a captación an admin deletes meanwhile', async () => {
    const b = await signedIn(users.asesor, { width: 1024, height: 768 });
    const { page, context } = b;
    try {
      await waitForServiceWorker(page);
      await visit(page, `/dashboard/captaciones/editar/${CAP_RECHAZO}`, 'Editar Captación');
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#f-propietario-telefono')?.value === '5511122233');
      await chip(page).getByText('Al día').waitFor({ timeout: 30_000 });
      await context.setOffline(true);
      await chip(page).getByText('Sin conexión').waitFor();
      await page.locator('#f-propietario-telefono').fill('5599988877');
      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await page.getByText('Captación actualizada exitosamente').waitFor();
      const admin = await gw.client().signIn(users.admin.email, users.admin.password);
      const removed = await admin.json('DELETE', `/api/captaciones/${CAP_RECHAZO}`);
      assert.equal(removed.status, 200);
      await context.setOffline(false);
      await chip(page).getByText('1 cambio rechazado', { exact: false }).waitFor({ timeout: 30_000 });
      const look = await chip(page).getAttribute('class');
      assert.doesNotMatch(look ?? '', /bp6-intent-success/, `un cambio rechazado no se dibuja en verde (${look})`);
      const box = await chip(page).boundingBox();
      assert.ok(box && box.height >= 44, `el indicador mide 44 px o más (${box?.height})`);

      await chip(page).click();
      await page.getByText('Cambios rechazados (1)').click();
      const item = page.getByTestId('rejected-item');
      await item.waitFor();
      const typed = await item.getByTestId('rejected-content').inputValue();
      assert.match(typed, /^Teléfono del propietario: 5599988877$/m);
      assert.match(typed, /^Nombre del propietario: Rosa Rechazo Hernández$/m);
      assert.doesNotMatch(typed, /propietario\.telefono|^[a-z_]+(\[\d+\])?\.[a-z]/m, 'ningún campo por su ruta');
      await item.getByRole('button', { name: 'Descartar' }).waitFor();
      await assertAccessible(page, 'cambios rechazados con «Descartar»');
    } finally {
      await b.close();
    }
  });
});

describe('the sync chip', () => {
  for (const size of SIZES) {
    it(`is 44 px tall and never covers a row's buttons at ${size.width} px`, async () => {
      const b = await signedIn(users.admin, size);
      const { page } = b;
      try {
        await visit(page, '/dashboard/captaciones', 'Relleno Número 0');
        await chip(page).getByText('Al día').waitFor({ timeout: 30_000 });
        const box = await chip(page).boundingBox();
        assert.ok(box && box.height >= 44, `alto del indicador: ${box?.height}`);
        const covered = await page.evaluate(() => {
          const out: string[] = [];
          for (const button of document.querySelectorAll<HTMLElement>('[data-testid="captacion-row"] .list-row-actions button')) {
            for (const block of ['start', 'end'] as const) {
              button.scrollIntoView({ block });
              const r = button.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              if (!hit || !button.contains(hit)) out.push(`${button.getAttribute('aria-label')} (${block}) bajo ${hit?.outerHTML.slice(0, 80)}`);
            }
          }
          return out;
        });
        assert.deepEqual(covered, [], 'nada tapa los botones de una fila');
      } finally {
        await b.close();
      }
    });
  }
});

describe('Tab never leaves a field under the sticky Cancelar/Guardar bar', () => {
  for (const size of SIZES) {
    it(`at ${size.width} px`, async () => {
      const b = await signedIn(users.admin, size);
      const { page } = b;
      try {
        await visit(page, '/dashboard/captaciones/nueva', 'Nueva Captación Inmobiliaria');
        await page.getByRole('tab', { name: 'Propiedad' }).click();
        await page.locator('#f-propiedad-tipo').focus();
        await page.evaluate(() => window.scrollTo(0, 0));
        const hidden: string[] = [];
        let reached = 0;
        for (let i = 0; i < 30; i++) {
          await page.keyboard.press('Tab');
          const where = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            const bar = document.querySelector('.form-actions');
            if (!el || !bar || bar.contains(el) || !el.closest('form')) return null;
            const r = el.getBoundingClientRect();
            const b = bar.getBoundingClientRect();
            return { id: el.id || el.tagName, bottom: r.bottom, top: r.top, barTop: b.top, vh: innerHeight };
          });
          if (!where) continue;
          reached++;
          if (where.bottom > where.barTop || where.top < 0) hidden.push(`${where.id}: ${Math.round(where.top)}–${Math.round(where.bottom)}, barra en ${Math.round(where.barTop)}`);
        }
        assert.ok(reached >= 10, `se recorrieron campos con Tab (${reached})`);
        assert.deepEqual(hidden, [], 'ningún campo queda bajo la barra');
      } finally {
        await b.close();
      }
    });
  }
});

describe('on a phone every list is a column of cards showing every column', () => {
  /** The list's cards: no sideways scroll, each cell named by its column and shown whole. */
  async function cardsOf(page: Page, rowTestId: string) {
    return page.evaluate((testId) => {
      const rows = [...document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
      const headers = [...(rows[0]?.closest('table')?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent?.trim() ?? '');
      const clipped: string[] = [];
      for (const row of rows) {
        for (const td of row.querySelectorAll<HTMLElement>('td')) {
          if (td.scrollWidth > td.clientWidth + 1) clipped.push(`${td.dataset.label}: ${td.textContent}`);
          for (const el of td.querySelectorAll<HTMLElement>('*')) if (el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflow === 'hidden' && el.clientHeight > 0) clipped.push(`${td.dataset.label}: ${el.textContent}`);
        }
      }
      const row = rows[0];
      return {
        count: rows.length,
        headers,
        labels: row ? [...row.querySelectorAll<HTMLElement>('td')].map((td) => td.dataset.label ?? '') : [],
        labelShown: row ? [...row.querySelectorAll<HTMLElement>('td[data-label]:not(.list-actions-cell)')].map((td) => getComputedStyle(td, '::before').content) : [],
        text: row?.innerText ?? '',
        rowWidth: row?.getBoundingClientRect().width ?? 0,
        sideways: document.documentElement.scrollWidth - innerWidth,
        wrapSideways: [...document.querySelectorAll<HTMLElement>('.list-table-wrap')].map((w) => w.scrollWidth - w.clientWidth),
        clipped,
      };
    }, rowTestId);
  }

  it('captaciones, users, employees and payslips at 390 px; tables again at 1024 px', async () => {
    for (const size of SIZES) {
      const phone = size.width < 600;
      const b = await signedIn(users.admin, size);
      const { page } = b;
      try {
        const lists: Array<{ path: string; ready: string; row: string; expect: string[] }> = [
          { path: '/dashboard/captaciones', ready: 'Florencia Tabasco Ruiz', row: 'captacion-row', expect: ['Propiedad', 'Propietario', 'Ubicación', 'Última Actualización', 'Estatus', 'Fecha'] },
          { path: '/dashboard/users', ready: users.segunda.email, row: 'usuario-row', expect: ['NOMBRE COMPLETO', 'CORREO', 'PUESTO', 'TELÉFONO', 'ROL'] },
          { path: '/dashboard/empleados', ready: 'Armando Asesor Luna', row: 'empleado-row', expect: ['Nombre Completo', 'Correo', 'Puesto', 'Teléfono', 'Estado', 'Salario'] },
        ];
        for (const list of lists) {
          await visit(page, list.path, list.ready);
          const cards = await cardsOf(page, list.row);
          assert.ok(cards.count > 0, `${list.path}: filas con data-testid ${list.row}`);
          for (const h of list.expect) assert.ok(cards.headers.some((x) => x.toUpperCase() === h.toUpperCase()), `${list.path}: columna ${h}`);
          if (phone) {
            assert.ok(cards.sideways <= 0 && cards.wrapSideways.every((x) => x <= 1), `${list.path}: sin desplazamiento lateral (${cards.sideways}, ${cards.wrapSideways.join(', ')})`);
            assert.deepEqual(cards.labels.filter(Boolean), cards.headers.filter((h) => cards.labels.includes(h)), `${list.path}: cada valor con el nombre de su columna`);
            assert.ok(cards.labelShown.every((c) => c !== 'none' && c !== 'normal'), `${list.path}: el nombre de la columna se ve (${cards.labelShown.join(', ')})`);
            assert.deepEqual(cards.clipped, [], `${list.path}: nada cortado`);
            assert.ok(cards.rowWidth <= size.width, `${list.path}: la tarjeta cabe (${cards.rowWidth})`);
          } else {
            const thead = await page.locator('.list-table thead').first().boundingBox();
            assert.ok(thead && thead.height > 20, `${list.path}: en la tableta sigue la tabla con su encabezado`);
          }
        }
        // Every column's content of a captación card, the whole address included (no clamp).
        if (phone) {
          await visit(page, '/dashboard/captaciones', 'Florencia Tabasco Ruiz');
          const row = page.getByTestId('captacion-row').filter({ hasText: 'Florencia Tabasco Ruiz' });
          const text = await row.innerText();
          for (const part of ['Casa', 'Florencia Tabasco Ruiz', 'Nunca editado', 'Captación', 'C.P.']) assert.ok(text.includes(part), `la tarjeta muestra «${part}»: ${text}`);
        }
        // Payslips: the employee's profile, its 'Información Laboral'.
        await visit(page, `/dashboard/empleado-profile/${EMP}`, 'Armando Asesor Luna');
        await page.getByRole('button', { name: 'Información Laboral' }).click();
        await page.getByTestId('nomina-row').first().waitFor();
        const nominas = await cardsOf(page, 'nomina-row');
        assert.ok(nominas.text.includes('Quincena del 1 al 15 de enero con bono de puntualidad'), `el concepto entero: ${nominas.text}`);
        if (phone) {
          assert.ok(nominas.sideways <= 0, 'nóminas sin desplazamiento lateral');
          assert.deepEqual(nominas.clipped, [], 'nóminas: nada cortado');
          assert.ok(nominas.labels.includes('Fecha') && nominas.labelShown.every((c) => c !== 'none'), 'nóminas: cada valor con su columna');
        }
      } finally {
        await b.close();
      }
    }
  });
});

describe('breadcrumbs and the sign-in caption', () => {
  for (const size of SIZES) {
    it(`keep their chevrons when shortened at ${size.width} px`, async () => {
      const b = await signedIn(users.admin, size);
      const { page } = b;
      try {
        await visit(page, `/dashboard/captaciones/${CAP}/detalle`, 'Florencia Tabasco Ruiz');
        const trail = await page.evaluate(() => {
          const nav = document.querySelector('nav[aria-label="Ruta de navegación"]')!;
          const items = [...nav.querySelectorAll('li')];
          const crumbs = items.map((li) => li.querySelector<HTMLElement>('.app-crumb')!);
          const boxes = crumbs.map((c) => c.getBoundingClientRect());
          const chevrons = items.slice(0, -1).map((li) => {
            const after = getComputedStyle(li, '::after');
            return { width: parseFloat(after.width), display: after.display };
          });
          const current = crumbs.at(-1)!;
          return {
            texts: crumbs.map((c) => c.textContent),
            overlaps: boxes.slice(1).filter((b, i) => b.left < boxes[i].right - 0.5).length,
            chevrons,
            currentEllipsis: getComputedStyle(current).textOverflow,
            navOverflow: nav.scrollWidth - nav.clientWidth,
            rightEdge: Math.max(...boxes.map((b) => b.right)),
            bar: document.querySelector('[data-testid="topbar"]')!.getBoundingClientRect().right,
          };
        });
        assert.deepEqual(trail.texts, ['Inicio', 'Proyectos', 'Detalle de Captación Inmobiliaria']);
        assert.equal(trail.overlaps, 0, 'ninguna miga se monta sobre otra');
        assert.ok(trail.chevrons.every((c) => c.display !== 'none' && c.width >= 16), `cada separador entero: ${JSON.stringify(trail.chevrons)}`);
        assert.equal(trail.currentEllipsis, 'ellipsis', 'la miga actual se acorta con puntos suspensivos');
        assert.ok(trail.navOverflow <= 1 && trail.rightEdge <= trail.bar, 'la ruta cabe en la barra');
      } finally {
        await b.close();
      }
    });
  }

  it("the sign-in picture's caption is whole at 1024 px", async () => {
    const b = await openBrowser({ width: 1024, height: 768 });
    try {
      await b.page.goto(`${gw.url}/auth/sign-in`);
      const caption = b.page.getByText('Captaciones sin límites');
      await caption.waitFor();
      const fit = await b.page.evaluate(() => {
        const panel = document.querySelector('.signin__panel')!.getBoundingClientRect();
        const cap = document.querySelector<HTMLElement>('.signin__caption')!;
        const r = cap.getBoundingClientRect();
        return { inside: r.left >= panel.left && r.right <= panel.right && r.bottom <= innerHeight, overflow: cap.scrollWidth - cap.clientWidth, text: cap.innerText };
      });
      assert.ok(fit.inside, 'el pie de la imagen cabe en su panel');
      assert.ok(fit.overflow <= 0, 'nada del pie queda cortado');
      assert.match(fit.text, /Registra propiedades en campo, con o sin conexión\./);
    } finally {
      await b.close();
    }
  });
});

describe("the captación's detail opens on its data, with a compact gallery", () => {
  for (const size of SIZES) {
    it(`at ${size.width} px`, async () => {
      const b = await signedIn(users.admin, size);
      const { page } = b;
      try {
        await visit(page, `/dashboard/captaciones/${CAP_FOTOS}/detalle`, 'Helena Fotos Quiroga');
        await page.getByTestId('foto-portada-grande').locator('img').waitFor();
        const owner = await page.getByRole('tabpanel').getByText('Helena Fotos Quiroga').boundingBox();
        assert.ok(owner && owner.y + owner.height <= size.height, `el propietario se ve en la primera pantalla (y ${owner?.y})`);
        const tabs = await page.getByRole('tablist').first().boundingBox();
        assert.ok(tabs && tabs.y < size.height, 'las pestañas del registro están en la primera pantalla');
        const cover = await page.getByTestId('foto-portada-grande').boundingBox();
        assert.ok(cover && cover.height <= 240 && cover.width <= 320, `la portada es compacta (${cover?.width}×${cover?.height})`);
        assert.ok(cover.y > owner.y, 'las fotos van después de los datos');
      } finally {
        await b.close();
      }
    });
  }
});

describe("the top bar's search", () => {
  for (const size of SIZES) {
    it(`finds captaciones, users and employees one tap or one Enter away at ${size.width} px`, async () => {
      const phone = size.width < 600;
      const b = await signedIn(users.admin, size);
      const { page } = b;
      const box = page.getByTestId('global-search');
      const open = async () => {
        if (phone) await page.getByRole('button', { name: 'Abrir la búsqueda' }).click();
        await box.waitFor();
      };
      try {
        await visit(page, '/dashboard/captaciones', 'Florencia Tabasco Ruiz');
        // Owner: a tap on the hit opens the detail.
        await open();
        await box.fill('tabasco');
        const hit = page.getByRole('option', { name: /Florencia Tabasco Ruiz/ });
        await hit.click();
        await page.waitForURL(`**/dashboard/captaciones/${CAP}/detalle`);
        // Address: a street of the sample address finds them; arrows and Enter open the one chosen.
        await open();
        await box.fill('Quevedo');
        await page.getByRole('group', { name: 'Captaciones' }).getByRole('option').nth(1).waitFor();
        await box.press('ArrowDown');
        await box.press('ArrowDown');
        const chosen = await page.locator('[role="option"][aria-selected="true"]').innerText();
        const activeId = await box.getAttribute('aria-activedescendant');
        assert.ok(activeId, 'el cuadro nombra el resultado activo');
        await box.press('Enter');
        await page.getByRole('heading', { name: 'Detalle de Captación Inmobiliaria' }).waitFor();
        await page.getByText(chosen.split('\n')[0]).first().waitFor();

        // Users and employees, for an admin; the loading state while the gateway answers.
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/users', async (route) => {
          await held;
          await route.continue();
        });
        await open();
        await box.fill('Beatriz');
        await page.getByText('Buscando...').waitFor();
        release();
        await page.getByRole('group', { name: 'Usuarios' }).getByRole('option', { name: /Beatriz Segunda Campos/ }).waitFor();
        await page.unroute('**/api/users');
        await box.fill('Luna');
        await page.getByRole('group', { name: 'Empleados' }).getByRole('option', { name: /Armando Asesor Luna/ }).click();
        await page.waitForURL(`**/dashboard/empleado-profile/${EMP}`);

        // Nothing found, said in Spanish.
        await open();
        await box.fill('zzqx');
        await page.getByRole('status').filter({ hasText: 'Sin resultados para «zzqx».' }).waitFor();
        await assertAccessible(page, `búsqueda sin resultados a ${size.width} px`);
        await box.press('Escape');
      } finally {
        await b.close();
      }
    });
  }

  it('an adviser searches the captaciones on the device, offline too, and no users', async () => {
    const b = await signedIn(users.asesor, { width: 1024, height: 768 });
    const { page, context } = b;
    try {
      await waitForServiceWorker(page);
      await visit(page, '/dashboard/profile', 'Armando');
      await chip(page).getByText('Al día').waitFor({ timeout: 30_000 });
      await context.setOffline(true);
      const box = page.getByTestId('global-search');
      await box.fill('Helena');
      await page.getByRole('option', { name: /Helena Fotos Quiroga/ }).waitFor();
      assert.equal(await page.getByRole('group', { name: 'Usuarios' }).count(), 0, 'un asesor no busca usuarios');
      await box.press('Enter');
      await page.waitForURL(`**/dashboard/captaciones/${CAP_FOTOS}/detalle`);
      await context.setOffline(false);
    } finally {
      await b.close();
    }
  });
});
