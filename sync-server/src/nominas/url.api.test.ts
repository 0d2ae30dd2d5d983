/**
 * A payslip's `url` (issue 18, point 6): an https address or a path of this application, as a
 * browser will read it. A path with a tab or line break inside is another site once the browser
 * strips them (`/\t/evil.example` → `//evil.example`): refused in Spanish, nothing stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG as SCHEMA } from '../../../couch-design/nomina';
import { gatewayForFile } from '../testing/per-file';
import { ADMIN_ROLE, nominaOf, postForm, seedEmpleados, seedNominas, signedIn, storedNominaIds, type Signed } from '../testing/payroll';

const gw = gatewayForFile();
let admin: Signed;
const ID = 'nom-emp-maria-2026-10-31';

beforeAll(async () => {
  await seedEmpleados(gw, [{ _id: 'emp-maria', prim_nom: 'María', apell_pa: 'López', apell_ma: 'Sánchez' }]);
  await seedNominas(gw, [nominaOf('emp-maria', '2026-10-31', 9000)]);
  admin = await signedIn(gw, ADMIN_ROLE);
});

const valid = { conceptoDePago: 'Pago quincenal', salario: '9250.50', fecha: '15/11/2026' };
const HOSTILE = ['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example/n.pdf', '/\\evil.example', 'http://archivo.ejemplo.mx/n.pdf', 'java\tscript:alert(1)'];

describe('the PDF link of a payslip', () => {
  it('is refused when a browser would read it as another site, by form, JSON and edit', async () => {
    const stored = await storedNominaIds(gw);
    for (const url of HOSTILE) {
      const viaJson = await admin.client.json('POST', '/api/CrearNomina/emp-maria', { ...valid, url });
      expect(viaJson, JSON.stringify(url)).toMatchObject({ status: 400, body: { success: false, mensaje: SCHEMA.urlInvalida } });
      const viaForm = await postForm(admin.client, '/api/CrearNomina/emp-maria', { ...valid, url });
      expect(viaForm, JSON.stringify(url)).toMatchObject({ status: 400, body: { mensaje: SCHEMA.urlInvalida } });
      const edit = await admin.client.json('PUT', `/api/nominas/${ID}`, { ...valid, url });
      expect(edit, JSON.stringify(url)).toMatchObject({ status: 400, body: { mensaje: SCHEMA.urlInvalida } });
    }
    expect(await storedNominaIds(gw)).toEqual(stored);
    expect((await admin.client.json('GET', `/api/nominas/${ID}`)).body.nomina.url).toBeUndefined();
  });

  it('keeps an https address and a path of the application', async () => {
    for (const url of ['https://archivo.ejemplo.mx/n.pdf', '/api/nominas-api/descargar/n1']) {
      const edit = await admin.client.json('PUT', `/api/nominas/${ID}`, { ...valid, url });
      expect(edit.status).toBe(200);
      expect(edit.body.nomina.url).toBe(url);
    }
  });
});
