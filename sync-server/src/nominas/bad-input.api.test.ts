/**
 * Bad input on the payroll endpoints (issue 10, "Bad input"): a clear Spanish message, the right
 * 4xx status, nothing stored, never a 5xx.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG as SCHEMA } from '../../../couch-design/nomina';
import { gatewayForFile } from '../testing/per-file';
import { ADMIN_ROLE, nominaOf, postForm, seedEmpleados, seedNominas, signedIn, storedNominaIds, type Signed } from '../testing/payroll';

const gw = gatewayForFile();
let admin: Signed;
const ID = 'nom-emp-maria-2026-10-31';
let stored: string[];

beforeAll(async () => {
  await seedEmpleados(gw, [{ _id: 'emp-maria', prim_nom: 'María', apell_pa: 'López', apell_ma: 'Sánchez' }]);
  await seedNominas(gw, [nominaOf('emp-maria', '2026-10-31', 9000)]);
  admin = await signedIn(gw, ADMIN_ROLE);
  // Something stored in other databases, to name as if it were an employee.
  await (await gw.store.db('captaciones')).put({ _id: 'cap-1', type: 'captacion', captacion: { asesor: admin.user.id, fecha: '2026-01-01' } });
  stored = await storedNominaIds(gw);
});

const valid = { conceptoDePago: 'Pago quincenal', salario: '9250.50', fecha: '15/11/2026' };

const CASES: Array<[string, Record<string, string>, string, string]> = [
  ['a negative salary', { ...valid, salario: '-100' }, 'salario', SCHEMA.salarioNegativo],
  ['a salary that is no number', { ...valid, salario: 'nueve mil' }, 'salario', SCHEMA.salarioNumero],
  ['NaN', { ...valid, salario: 'NaN' }, 'salario', SCHEMA.salarioNumero],
  ['an absurdly large salary', { ...valid, salario: '1000000000000' }, 'salario', SCHEMA.salarioMaximo],
  ['an impossible date', { ...valid, fecha: '31/02/2026' }, 'fecha', SCHEMA.fechaInvalida],
  ['a missing concept', { salario: valid.salario, fecha: valid.fecha }, 'conceptoDePago', SCHEMA.conceptoRequerido],
  ['a blank concept', { ...valid, conceptoDePago: '   ' }, 'conceptoDePago', SCHEMA.conceptoRequerido],
  ['a missing date', { conceptoDePago: valid.conceptoDePago, salario: valid.salario }, 'fecha', SCHEMA.fechaRequerida],
  ['a missing salary', { conceptoDePago: valid.conceptoDePago, fecha: valid.fecha }, 'salario', SCHEMA.salarioRequerido],
];

describe('creating a payslip with bad fields', () => {
  for (const [what, body, param, msg] of CASES) {
    it(`refuses ${what} with '${msg}', as a form post and as JSON, storing nothing`, async () => {
      const viaForm = await postForm(admin.client, '/api/CrearNomina/emp-maria', body);
      expect(viaForm).toMatchObject({ status: 400, body: { success: false, mensaje: msg } });
      expect(viaForm.body.errors).toContainEqual({ param, msg });
      const viaJson = await admin.client.json('POST', '/api/CrearNomina/emp-maria', body);
      expect(viaJson).toMatchObject({ status: 400, body: { success: false, mensaje: msg, errors: expect.arrayContaining([{ param, msg }]) } });
      expect(await storedNominaIds(gw)).toEqual(stored);
    });
  }

  it('refuses JSON values of the wrong kind (an object, an array, a boolean) in Spanish', async () => {
    for (const body of [{ ...valid, salario: { monto: 5 } }, { ...valid, salario: [5] }, { ...valid, salario: true }, { ...valid, conceptoDePago: ['a'] }, { ...valid, fecha: { dia: 1 } }]) {
      const r = await admin.client.json('POST', '/api/CrearNomina/emp-maria', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.mensaje).toMatch(/[a-záéíóúñ]/);
    }
    expect(await storedNominaIds(gw)).toEqual(stored);
  });

  it('answers 404 for an employee that does not exist, or an id of something that is no employee', async () => {
    for (const empleadoId of ['emp-no-existe', 'cap-1', admin.user.id, ID]) {
      expect(await admin.client.json('POST', `/api/CrearNomina/${empleadoId}`, valid), empleadoId).toMatchObject({ status: 404, body: { success: false, mensaje: 'No se encontró el empleado.' } });
    }
    expect(await postForm(admin.client, '/api/CrearNomina/emp-no-existe', { ...valid, empleadoId: 'emp-no-existe' })).toMatchObject({ status: 404 });
    expect(await storedNominaIds(gw)).toEqual(stored);
  });

  it('refuses a form whose empleadoId is not the one in the address', async () => {
    const r = await postForm(admin.client, '/api/CrearNomina/emp-maria', { ...valid, empleadoId: 'emp-otro' });
    expect(r).toMatchObject({ status: 400, body: { mensaje: 'El empleado indicado en el formulario no coincide con el de la dirección.' } });
    expect(await storedNominaIds(gw)).toEqual(stored);
  });

  it('drops unknown fields instead of storing them', async () => {
    const r = await admin.client.json('POST', '/api/CrearNomina/emp-maria', { ...valid, password_hash: 'x', type: 'usuario', _id: '_design/x', role: 'administrator' });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body.nomina).sort()).toEqual(['_id', '_rev', 'conceptoDePago', 'empleado', 'empleadoId', 'fecha', 'salario', 'type']);
    expect(r.body.nomina._id).not.toBe('_design/x');
    await admin.client.json('DELETE', `/api/nominas-api/${r.body.nomina._id}`);
  });
});

describe('editing a payslip with bad fields', () => {
  it('refuses each bad field with its message and leaves the payslip as it was', async () => {
    const before = (await admin.client.json('GET', `/api/nominas/${ID}`)).body.nomina;
    for (const [, body, param, msg] of CASES) {
      const r = await admin.client.json('PUT', `/api/nominas/${ID}`, body);
      expect(r, msg).toMatchObject({ status: 400, body: { success: false, mensaje: msg, errors: expect.arrayContaining([{ param, msg }]) } });
    }
    expect((await admin.client.json('GET', `/api/nominas/${ID}`)).body.nomina).toEqual(before);
  });
});

describe('ids that name no payslip', () => {
  it('answers 400 in Spanish for ids with slashes, design and local documents, on every endpoint', async () => {
    const badId = { success: false, mensaje: 'Identificador de nómina no válido.' };
    const badEmpleado = { success: false, mensaje: 'Identificador de empleado no válido.' };
    const calls: Array<[string, string, object]> = [
      ['GET', '/api/nominas/_design%2Fvalidation', badId],
      ['GET', '/api/nominas/_design/validation', badId],
      ['GET', '/api/nominas/a/b', badId],
      ['GET', '/api/nominas/_local%2Fx', badId],
      ['PUT', '/api/nominas/_design%2Fvalidation', badId],
      ['PUT', '/api/nominas/a/b', badId],
      ['DELETE', '/api/nominas-api/_design%2Fvalidation', badId],
      ['DELETE', '/api/nominas-api/_design/validation', badId],
      ['GET', '/api/nominas-api/download/_design%2Fvalidation', badId],
      ['GET', '/api/nominas-api/download/a/b', badId],
      ['GET', '/api/nominas-api/descargar/..%2F..%2Fetc', badId],
      ['GET', '/api/nominas-api/empleado/a%2Fb', badEmpleado],
      ['GET', '/api/nominas-api/empleado/_design/x', badEmpleado],
      ['POST', '/api/CrearNomina/_design%2Fx', badEmpleado],
      ['POST', '/api/CrearNomina/a/b', badEmpleado],
    ];
    for (const [method, path, body] of calls) {
      const r = await admin.client.json(method, path, method === 'GET' || method === 'DELETE' ? undefined : valid);
      expect(r, `${method} ${path}`).toMatchObject({ status: 400, body });
    }
    const long = 'x'.repeat(201);
    expect((await admin.client.json('GET', `/api/nominas/${long}`)).status).toBe(400);
    expect(await storedNominaIds(gw)).toEqual(stored);
  });
});

describe('bodies that are not payslips', () => {
  it('refuses a JSON array, a non-JSON content type, broken JSON and __proto__, storing nothing and never failing with 5xx', async () => {
    const send = (contentType: string, body: string) =>
      admin.client.fetch('/api/CrearNomina/emp-maria', { method: 'POST', headers: { 'content-type': contentType }, body });
    const answers = [
      await send('application/json', JSON.stringify([valid])),
      await send('application/json', '{"conceptoDePago": '),
      await send('application/json', '{"__proto__": {"role": "administrator"}, "conceptoDePago": "x", "salario": 1, "fecha": "2026-01-01"}'),
      await send('application/json', '['.repeat(5000) + ']'.repeat(5000)),
      await send('text/plain', JSON.stringify(valid)),
      await send('multipart/form-data; boundary=x', '--x--'),
    ];
    expect(await answers[0].clone().json()).toMatchObject({ mensaje: 'El cuerpo de la petición debe ser un objeto JSON.' });
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const body = await res.json();
      expect(body.success).toBe(false);
      expect(body.mensaje).toMatch(/[a-záéíóúñ]/);
    }
    // Only the create route takes a form: an edit sent as a form is refused.
    const put = await admin.client.fetch(`/api/nominas/${ID}`, { method: 'PUT', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(valid).toString() });
    expect(put.status).toBe(415);
    expect(await storedNominaIds(gw)).toEqual(stored);
  });
});
