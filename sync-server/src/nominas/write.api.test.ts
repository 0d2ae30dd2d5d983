/**
 * Writing payroll over REST (spec 000 sections 2, 6 and 7): admins create (the form post of
 * 'Crear Nueva Nómina', answered with a redirect, or JSON), edit and delete; nobody else does;
 * the employee's name comes from the employee record.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import { ADMIN_ROLE, nominaOf, postForm, seedEmpleados, seedNominas, signedIn, storedNominaIds, type Signed } from '../testing/payroll';

const gw = gatewayForFile();
let admin: Signed, maria: Signed, jorge: Signed;

beforeAll(async () => {
  await seedEmpleados(gw, [
    { _id: 'emp-maria', prim_nom: 'María', segun_nom: 'Fernanda', apell_pa: 'López', apell_ma: 'Sánchez' },
    { _id: 'emp-jorge', prim_nom: 'Jorge', apell_pa: 'Hernández', apell_ma: 'Vega' },
  ]);
  admin = await signedIn(gw, ADMIN_ROLE);
  maria = await signedIn(gw, 'user', 'emp-maria');
  jorge = await signedIn(gw, 'asesor', 'emp-jorge');
});

const form = { empleadoId: 'emp-maria', empleado: 'Nombre inventado', salario: '9250.50', fecha: '15/11/2026', conceptoDePago: 'Pago quincenal\nprimera quincena de noviembre' };
const json = { conceptoDePago: 'Bono de productividad', salario: 1500, fecha: '2026-11-20' };

describe('POST /api/CrearNomina/{empleadoId}', () => {
  it("as a form post: redirects (303) to the employee profile and stores the payslip with the employee's name from the record", async () => {
    const before = await storedNominaIds(gw);
    const r = await postForm(admin.client, '/api/CrearNomina/emp-maria', form);
    expect(r.status).toBe(303);
    expect(r.location).toBe('/dashboard/empleado-profile/emp-maria');
    const created = (await storedNominaIds(gw)).filter((id) => !before.includes(id));
    expect(created).toHaveLength(1);
    const got = await admin.client.json('GET', `/api/nominas/${created[0]}`);
    expect(got.body.nomina).toEqual({
      _id: created[0], _rev: expect.any(String), type: 'nomina', empleadoId: 'emp-maria', empleado: 'María Fernanda López Sánchez',
      conceptoDePago: 'Pago quincenal\nprimera quincena de noviembre', salario: 9250.5, fecha: '2026-11-15',
    });
  });

  it('as JSON: answers 201 with success, message and the nomina', async () => {
    const r = await admin.client.json('POST', '/api/CrearNomina/emp-jorge', json);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      success: true, message: 'Nómina creada correctamente.',
      nomina: { _id: expect.any(String), _rev: expect.any(String), type: 'nomina', empleadoId: 'emp-jorge', empleado: 'Jorge Hernández Vega', ...json },
    });
    expect((await jorge.client.json('GET', `/api/nominas/${r.body.nomina._id}`)).status).toBe(200);
  });

  it('refuses anyone but an admin, even for their own employee, and stores nothing', async () => {
    const before = await storedNominaIds(gw);
    const soloAdmin = { success: false, mensaje: 'Solo un administrador puede registrar, modificar o eliminar nóminas.' };
    expect(await maria.client.json('POST', '/api/CrearNomina/emp-maria', json)).toMatchObject({ status: 403, body: soloAdmin });
    expect(await postForm(maria.client, '/api/CrearNomina/emp-maria', form)).toMatchObject({ status: 403, body: soloAdmin });
    expect(await jorge.client.json('POST', '/api/CrearNomina/emp-maria', json)).toMatchObject({ status: 403, body: soloAdmin });
    expect(await storedNominaIds(gw)).toEqual(before);
  });
});

describe('PUT /api/nominas/{id}', () => {
  const id = 'nom-emp-maria-2026-10-31';
  beforeAll(() => seedNominas(gw, [nominaOf('emp-maria', '2026-10-31', 9000, { url: 'https://archivo.ejemplo.mx/n.pdf' })]));

  it("lets an admin change the concept, the salary and the date (dd/mm/yyyy from the edit screen stored ISO); the name stays the record's", async () => {
    const current = (await admin.client.json('GET', `/api/nominas/${id}`)).body.nomina;
    const r = await admin.client.json('PUT', `/api/nominas/${id}`, {
      conceptoDePago: 'Segunda quincena de octubre (corregida)', salario: '9100.25', fecha: '30/10/2026', empleado: 'Otro nombre', empleadoId: 'emp-maria', _rev: current._rev,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true, message: 'Nómina actualizada correctamente.',
      nomina: expect.objectContaining({ _id: id, empleado: 'María Fernanda López Sánchez', conceptoDePago: 'Segunda quincena de octubre (corregida)', salario: 9100.25, fecha: '2026-10-30' }),
    });
    expect(r.body.nomina._rev).not.toBe(current._rev);
    // A body without `url` keeps the stored link.
    expect(r.body.nomina.url).toBe('https://archivo.ejemplo.mx/n.pdf');
  });

  it('answers 409 to an edit made on an old revision', async () => {
    const r = await admin.client.json('PUT', `/api/nominas/${id}`, { ...json, _rev: '1-0123456789abcdef0123456789abcdef' });
    expect(r).toMatchObject({ status: 409, body: { success: false, mensaje: 'La nómina fue modificada por otra persona. Recargue la página para ver los cambios más recientes.' } });
  });

  it('never moves a payslip to another employee', async () => {
    const r = await admin.client.json('PUT', `/api/nominas/${id}`, { ...json, empleadoId: 'emp-jorge' });
    expect(r).toMatchObject({ status: 400, body: { mensaje: 'No se puede cambiar el empleado de una nómina: elimínela y regístrela para el otro empleado.' } });
    expect((await admin.client.json('GET', `/api/nominas/${id}`)).body.nomina.empleadoId).toBe('emp-maria');
  });

  it('refuses the owner (403) and answers anyone else as if it did not exist (404); nothing changes', async () => {
    const before = (await admin.client.json('GET', `/api/nominas/${id}`)).body.nomina;
    expect(await maria.client.json('PUT', `/api/nominas/${id}`, json)).toMatchObject({ status: 403, body: { mensaje: 'Solo un administrador puede registrar, modificar o eliminar nóminas.' } });
    const foreign = await jorge.client.json('PUT', `/api/nominas/${id}`, json);
    expect(foreign).toMatchObject({ status: 404, body: { mensaje: 'No se encontró la nómina.' } });
    expect(foreign.body).toEqual((await jorge.client.json('PUT', '/api/nominas/nom-no-existe', json)).body);
    expect((await admin.client.json('GET', `/api/nominas/${id}`)).body.nomina).toEqual(before);
  });
});

describe('DELETE /api/nominas-api/{id}', () => {
  const id = 'nom-emp-jorge-2026-09-15';
  beforeAll(() => seedNominas(gw, [nominaOf('emp-jorge', '2026-09-15')]));

  it('refuses the owner (403) and answers anyone else as if it did not exist (404)', async () => {
    expect(await jorge.client.json('DELETE', `/api/nominas-api/${id}`)).toMatchObject({ status: 403, body: { mensaje: 'Solo un administrador puede registrar, modificar o eliminar nóminas.' } });
    const foreign = await maria.client.json('DELETE', `/api/nominas-api/${id}`);
    expect(foreign).toMatchObject({ status: 404, body: { mensaje: 'No se encontró la nómina.' } });
    expect(foreign.body).toEqual((await maria.client.json('DELETE', '/api/nominas-api/nom-no-existe')).body);
    expect(await storedNominaIds(gw)).toContain(id);
  });

  it('answers 409 when the revision given is not the current one', async () => {
    expect((await admin.client.json('DELETE', `/api/nominas-api/${id}?rev=1-0123456789abcdef0123456789abcdef`)).status).toBe(409);
  });

  it('lets an admin delete: success and message, then the payslip is gone for everyone', async () => {
    expect(await admin.client.json('DELETE', `/api/nominas-api/${id}`)).toEqual({
      status: 200, headers: expect.anything(), body: { success: true, message: 'Nómina eliminada correctamente.' },
    });
    expect(await storedNominaIds(gw)).not.toContain(id);
    expect((await jorge.client.json('GET', `/api/nominas/${id}`)).status).toBe(404);
    expect((await admin.client.json('DELETE', `/api/nominas-api/${id}`)).status).toBe(404);
    // The deletion keeps the owner fields, so the owner's filtered feed carries it to their device.
    const db = await gw.store.db('nominas');
    const { results } = await db.changes({ selector: { type: 'nomina', empleadoId: 'emp-jorge' }, include_docs: true });
    expect(results.find((r) => r.id === id)).toMatchObject({ deleted: true, doc: { _deleted: true, type: 'nomina', empleadoId: 'emp-jorge' } });
  });
});
