/**
 * Employees REST as specification 000 section 7 and docs/architecture.md section 6 describe it: admins list,
 * create, edit and delete; a person sees only the employee linked to their own account.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import type { CreatedUser, HttpClient } from '../testing/gateway';
import { countDocs, empleadoBody, linkOf, linkProblems } from '../testing/personas';

const gw = gatewayForFile();
let admin: CreatedUser, user: CreatedUser;
let asAdmin: HttpClient, asUser: HttpClient;

const SOLO_ADMINS = 'Solo un administrador puede realizar esta acción.';
const OBLIGATORIO = 'Por favor complete todos los campos obligatorios.';

beforeAll(async () => {
  admin = await gw.createUser({ role: 'administrator' });
  user = await gw.createUser({ role: 'user' });
  asAdmin = await gw.client().signIn(admin.email, admin.password);
  asUser = await gw.client().signIn(user.email, user.password);
});

const empleados = () => countDocs(gw, 'empleados', 'empleado');

async function crear(overrides: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const r = await asAdmin.json('POST', '/api/empleados-api', empleadoBody(overrides));
  expect(r.status).toBe(201);
  return r.body.empleado;
}

describe('POST /api/empleados-api (Crear Nuevo Empleado)', () => {
  it("creates an employee, 'Activo' by default, with dates stored ISO, and answers success and message", async () => {
    const r = await asAdmin.json('POST', '/api/empleados-api', empleadoBody({ nun_in: '2', salario: '14,500.50' }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ success: true, message: 'Empleado creado exitosamente.' });
    expect(r.body.empleado).toMatchObject({ estado: 'Activo', fecha_ing: '2021-06-01', num_in: '2', salario: 14500.5, userId: null, foto_perfil: null });
    expect(typeof r.body.empleado._id).toBe('string');
  });

  it('links a user given as userId, on both sides', async () => {
    const p = await gw.createUser();
    const e = await crear({ userId: p.id });
    expect(e.userId).toBe(p.id);
    expect(await linkOf(gw, p.id)).toEqual({ empleado_id: e._id, empleados: [e._id] });
  });

  it("answers 'Por favor complete todos los campos obligatorios.' for missing fields and stores nothing", async () => {
    const before = await empleados();
    const r = await asAdmin.json('POST', '/api/empleados-api', { prim_nom: 'Solo nombre' });
    expect(r).toMatchObject({ status: 400, body: { success: false, mensaje: OBLIGATORIO } });
    expect(r.body.errors.map((e: { param: string }) => e.param).sort()).toEqual(
      ['apell_pa', 'apell_ma', 'fecha_na', 'telefono', 'pust', 'salario', 'fecha_ing', 'calle', 'nun_ex', 'codigo'].sort(),
    );
    expect(await asAdmin.json('POST', '/api/empleados-api', empleadoBody({ userId: 'no-existe' }))).toMatchObject({
      status: 400,
      body: { mensaje: 'El usuario seleccionado no existe.' },
    });
    expect(await empleados()).toBe(before);
  });

  it('is for admins only (403), nothing stored', async () => {
    const before = await empleados();
    expect(await asUser.json('POST', '/api/empleados-api', empleadoBody())).toMatchObject({ status: 403, body: { mensaje: SOLO_ADMINS } });
    expect((await gw.client().json('POST', '/api/empleados-api', empleadoBody())).status).toBe(401);
    expect(await empleados()).toBe(before);
  });
});

describe('GET /api/empleados-api (Lista de Empleados)', () => {
  it("answers success, count and empleados, 'Activo' first then by first name", async () => {
    await crear({ prim_nom: 'Zacarías', estado: 'Inactivo' });
    await crear({ prim_nom: 'Álvaro' });
    const r = await asAdmin.json('GET', '/api/empleados-api');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.count).toBe(r.body.empleados.length);
    const estados = r.body.empleados.map((e: { estado: string }) => e.estado);
    expect(estados.indexOf('Inactivo')).toBeGreaterThan(estados.lastIndexOf('Activo'));
    const activos = r.body.empleados.filter((e: { estado: string }) => e.estado === 'Activo').map((e: { prim_nom: string }) => e.prim_nom);
    expect(activos[0]).toBe('Álvaro');
  });

  it('filters by estado and searches name, e-mail, position, phone, estado and salary', async () => {
    const e = await crear({ prim_nom: 'Eréndira', salario: 98761, email: 'erendira@ejemplo.mx' });
    expect((await asAdmin.json('GET', '/api/empleados-api?estado=Inactivo')).body.empleados.every((x: { estado: string }) => x.estado === 'Inactivo')).toBe(true);
    for (const q of ['erendira', 'ERÉNDIRA@EJEMPLO', '98761', '$98,761.00']) {
      expect((await asAdmin.json('GET', `/api/empleados-api?search=${encodeURIComponent(q)}`)).body.empleados.map((x: { _id: string }) => x._id)).toEqual([e._id]);
    }
  });

  it('is for admins only', async () => {
    expect(await asUser.json('GET', '/api/empleados-api')).toMatchObject({ status: 403, body: { mensaje: SOLO_ADMINS } });
  });
});

describe('GET /api/empleados-api/{id} and /by-user/{userId}', () => {
  it('answers success and empleado to admins and to the linked person; anyone else is told it does not exist', async () => {
    const p = await gw.createUser();
    const e = await crear({ userId: p.id });
    const asP = await gw.client().signIn(p.email, p.password);
    for (const c of [asAdmin, asP]) {
      expect(await c.json('GET', `/api/empleados-api/${e._id}`)).toMatchObject({ status: 200, body: { success: true, empleado: { _id: e._id, userId: p.id } } });
      expect(await c.json('GET', `/api/empleados-api/by-user/${p.id}`)).toMatchObject({ status: 200, body: { success: true, empleado: { _id: e._id } } });
    }
    expect(await asUser.json('GET', `/api/empleados-api/${e._id}`)).toMatchObject({ status: 404, body: { mensaje: 'No se encontró el empleado.' } });
    expect((await asUser.json('GET', `/api/empleados-api/by-user/${p.id}`)).status).toBe(404);
  });

  it('answers 404 by-user when no employee points at the user', async () => {
    expect(await asAdmin.json('GET', `/api/empleados-api/by-user/${user.id}`)).toMatchObject({
      status: 404,
      body: { mensaje: 'No se encontró un empleado asociado a este usuario.' },
    });
  });
});

describe('PUT /api/empleados-api/{id} (Editar Empleado)', () => {
  it('updates the fields sent, keeps the rest, and answers the spec\'s message', async () => {
    const e = await crear({ segun_nom: 'Luis' });
    const r = await asAdmin.json('PUT', `/api/empleados-api/${e._id}`, { estado: 'Inactivo', salario: 20000, fecha_na: '1994-09-30T00:00:00.000Z' });
    expect(r).toMatchObject({ status: 200, body: { success: true, message: 'Empleado actualizado correctamente.' } });
    expect(r.body.empleado).toMatchObject({ estado: 'Inactivo', salario: 20000, segun_nom: 'Luis', prim_nom: e.prim_nom, fecha_na: '1994-09-30' });
  });

  it('takes back the whole record it answered, as the edit screen sends what it loaded', async () => {
    const loaded = (await asAdmin.json('GET', `/api/empleados-api/${(await crear())._id}`)).body.empleado;
    const r = await asAdmin.json('PUT', `/api/empleados-api/${loaded._id}`, { ...loaded, calle: 'Calle Olmo' });
    expect(r.status).toBe(200);
    expect(r.body.empleado).toMatchObject({ ...loaded, calle: 'Calle Olmo', _rev: expect.any(String) });
  });

  it('relinks with userId and unlinks with null, leaving both sides consistent', async () => {
    const [p1, p2] = [await gw.createUser(), await gw.createUser()];
    const e = await crear({ userId: p1.id });
    // p1 loses the employee: confirmed, as every move that takes a link from an account.
    expect((await asAdmin.json('PUT', `/api/empleados-api/${e._id}`, { userId: p2.id })).status).toBe(409);
    expect((await asAdmin.json('PUT', `/api/empleados-api/${e._id}`, { userId: p2.id, reasignar_vinculo: true })).body.empleado.userId).toBe(p2.id);
    expect(await linkOf(gw, p1.id)).toEqual({ empleado_id: null, empleados: [] });
    expect(await linkOf(gw, p2.id)).toEqual({ empleado_id: e._id, empleados: [e._id] });
    expect((await asAdmin.json('PUT', `/api/empleados-api/${e._id}`, { userId: null })).body.empleado.userId).toBeNull();
    expect(await linkOf(gw, p2.id)).toEqual({ empleado_id: null, empleados: [] });
    expect(await linkProblems(gw.store)).toEqual([]);
  });

  it('is for admins only, even for one\'s own employee (403, unchanged)', async () => {
    const p = await gw.createUser();
    const e = await crear({ userId: p.id });
    const asP = await gw.client().signIn(p.email, p.password);
    expect(await asP.json('PUT', `/api/empleados-api/${e._id}`, { salario: 999999 })).toMatchObject({ status: 403, body: { mensaje: SOLO_ADMINS } });
    expect((await asAdmin.json('GET', `/api/empleados-api/${e._id}`)).body.empleado.salario).toBe(e.salario);
  });

  it('answers 404 for an unknown employee and 400 for a blank required field', async () => {
    expect((await asAdmin.json('PUT', '/api/empleados-api/no-existe', { pust: 'x' })).status).toBe(404);
    const e = await crear();
    expect(await asAdmin.json('PUT', `/api/empleados-api/${e._id}`, { pust: '  ' })).toMatchObject({ status: 400, body: { mensaje: OBLIGATORIO } });
  });
});

describe('DELETE /api/empleados-api/{id}', () => {
  it('is for admins only; deleting leaves the linked user unlinked', async () => {
    const p = await gw.createUser();
    const e = await crear({ userId: p.id });
    expect((await asUser.json('DELETE', `/api/empleados-api/${e._id}`)).status).toBe(403);
    expect(await asAdmin.json('DELETE', `/api/empleados-api/${e._id}`)).toMatchObject({ status: 200, body: { success: true, message: 'Empleado eliminado correctamente.' } });
    expect((await asAdmin.json('GET', `/api/empleados-api/${e._id}`)).status).toBe(404);
    expect(await linkOf(gw, p.id)).toEqual({ empleado_id: null, empleados: [] });
    expect((await asAdmin.json('DELETE', `/api/empleados-api/${e._id}`)).status).toBe(404);
  });
});
