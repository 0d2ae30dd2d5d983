/**
 * Issue 18 item 5 through REST: a link is never taken from someone else silently. Every endpoint
 * that can move it (create or edit a user with `empleado_id`, `asociar-empleado`, create or edit
 * an employee with `userId`) refuses with 409 and a Spanish reason naming that person unless the
 * body says `reasignar_vinculo: true`, and then moves it, leaving the other person unlinked. The
 * lists name who each one is linked to, and never carry a password hash.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import type { HttpClient } from '../testing/gateway';
import { signedIn, type Person } from '../testing/pouch-client';
import { empleadoBody, linkOf, linkProblems, usuarioBody } from '../testing/personas';

const gw = gatewayForFile();
let admin: Person;
let asAdmin: HttpClient;

beforeAll(async () => {
  admin = await signedIn(gw, 'administrator');
  asAdmin = admin.client;
});

const newEmpleado = async (o: Record<string, unknown> = {}): Promise<string> => (await asAdmin.json('POST', '/api/empleados-api', empleadoBody(o))).body.empleado._id;
const newUser = async (o: Record<string, unknown> = {}): Promise<string> => (await asAdmin.json('POST', '/api/signup', usuarioBody(o))).body.user._id;
const usersCount = async (): Promise<number> => (await asAdmin.json('GET', '/api/users')).body.users.length;
const empleadosCount = async (): Promise<number> => (await asAdmin.json('GET', '/api/empleados-api')).body.empleados.length;

/** Ana López Ruiz's account, linked to an employee: the person a careless move would leave without payslips. */
async function anaWithEmpleado(): Promise<{ ana: string; e: string }> {
  const e = await newEmpleado();
  const ana = await newUser({ prim_nom: 'Ana', apell_pa: 'López', apell_ma: 'Ruiz', empleado_id: e });
  expect(await linkOf(gw, ana)).toEqual({ empleado_id: e, empleados: [e] });
  return { ana, e };
}

const TAKEN_EMPLEADO = 'El empleado ya está vinculado con Ana López Ruiz; confirme que desea reasignarlo.';

describe("from the user's side, an employee another user has", () => {
  it('PUT /api/users/{id}/asociar-empleado: 409 naming her without the flag, nothing changes; with it, it moves', async () => {
    const { ana, e } = await anaWithEmpleado();
    const u = await newUser();
    const refused = await asAdmin.json('PUT', `/api/users/${u}/asociar-empleado`, { empleado_id: e });
    expect(refused).toMatchObject({ status: 409, body: { success: false, mensaje: TAKEN_EMPLEADO, vinculado_con: { id: ana, nombre: 'Ana López Ruiz' } } });
    expect(await linkOf(gw, ana)).toEqual({ empleado_id: e, empleados: [e] });
    expect(await linkOf(gw, u)).toEqual({ empleado_id: null, empleados: [] });

    expect((await asAdmin.json('PUT', `/api/users/${u}/asociar-empleado`, { empleado_id: e, reasignar_vinculo: false })).status).toBe(409);
    const moved = await asAdmin.json('PUT', `/api/users/${u}/asociar-empleado`, { empleado_id: e, reasignar_vinculo: true });
    expect(moved).toMatchObject({ status: 200, body: { user: { _id: u, empleado_id: e } } });
    expect(await linkOf(gw, ana)).toEqual({ empleado_id: null, empleados: [] });
    expect(await linkProblems(gw.store)).toEqual([]);
  });

  it("PUT /api/users/{id} ('Editar Usuario'): the same, and the other fields of a refused body are not saved either", async () => {
    const { ana, e } = await anaWithEmpleado();
    const u = await newUser({ pust: 'Antes' });
    const refused = await asAdmin.json('PUT', `/api/users/${u}`, { empleado_id: e, pust: 'Después' });
    expect(refused).toMatchObject({ status: 409, body: { mensaje: TAKEN_EMPLEADO } });
    expect((await asAdmin.json('GET', `/api/users/${u}`)).body.user).toMatchObject({ pust: 'Antes', empleado_id: null });
    expect(await linkOf(gw, ana)).toEqual({ empleado_id: e, empleados: [e] });

    expect((await asAdmin.json('PUT', `/api/users/${u}`, { empleado_id: e, pust: 'Después', reasignar_vinculo: true })).status).toBe(200);
    const stored = (await asAdmin.json('GET', `/api/users/${u}`)).body.user;
    expect(stored).toMatchObject({ pust: 'Después', empleado_id: e });
    expect(stored).not.toHaveProperty('reasignar_vinculo');
    expect(await linkOf(gw, ana)).toEqual({ empleado_id: null, empleados: [] });
  });

  it("POST /api/signup ('Crear Nuevo Usuario'): refused before any account is made; with the flag the new user has it", async () => {
    const { ana, e } = await anaWithEmpleado();
    const before = await usersCount();
    const body = usuarioBody({ empleado_id: e });
    const refused = await asAdmin.json('POST', '/api/signup', body);
    expect(refused).toMatchObject({ status: 409, body: { mensaje: TAKEN_EMPLEADO } });
    expect(await usersCount()).toBe(before);
    expect(await linkOf(gw, ana)).toEqual({ empleado_id: e, empleados: [e] });

    const made = await asAdmin.json('POST', '/api/signup', { ...body, reasignar_vinculo: true });
    expect(made).toMatchObject({ status: 201, body: { user: { empleado_id: e } } });
    expect(await linkOf(gw, ana)).toEqual({ empleado_id: null, empleados: [] });
    expect(await linkProblems(gw.store)).toEqual([]);
  });

  it('the flag must be a yes or no', async () => {
    const { e } = await anaWithEmpleado();
    const u = await newUser();
    const r = await asAdmin.json('PUT', `/api/users/${u}/asociar-empleado`, { empleado_id: e, reasignar_vinculo: 'quizá' });
    expect(r.status).toBe(400);
    expect(await linkOf(gw, u)).toEqual({ empleado_id: null, empleados: [] });
  });
});

describe("from the employee's side, a user another employee has", () => {
  const takenUsuario = (nombre: string) => `El usuario ya está vinculado con el empleado ${nombre}; confirme que desea reasignarlo.`;

  it('PUT /api/empleados-api/{id}: 409 naming that employee without the flag; with it, the user moves', async () => {
    const e1 = await newEmpleado({ prim_nom: 'Beto', apell_pa: 'Sosa', apell_ma: 'Gil' });
    const u = await newUser({ empleado_id: e1 });
    const e2 = await newEmpleado({ salario: 9000 });
    const refused = await asAdmin.json('PUT', `/api/empleados-api/${e2}`, { userId: u, salario: 12000 });
    expect(refused).toMatchObject({ status: 409, body: { mensaje: takenUsuario('Beto Sosa Gil'), vinculado_con: { id: e1, nombre: 'Beto Sosa Gil' } } });
    expect((await asAdmin.json('GET', `/api/empleados-api/${e2}`)).body.empleado).toMatchObject({ userId: null, salario: 9000 });
    expect(await linkOf(gw, u)).toEqual({ empleado_id: e1, empleados: [e1] });

    expect((await asAdmin.json('PUT', `/api/empleados-api/${e2}`, { userId: u, reasignar_vinculo: true })).status).toBe(200);
    expect(await linkOf(gw, u)).toEqual({ empleado_id: e2, empleados: [e2] });
    expect((await asAdmin.json('GET', `/api/empleados-api/${e1}`)).body.empleado.userId).toBeNull();
    expect(await linkProblems(gw.store)).toEqual([]);
  });

  it('POST /api/empleados-api: refused before any employee is made; with the flag the new employee has the user', async () => {
    const e1 = await newEmpleado({ prim_nom: 'Carla', apell_pa: 'Mora', apell_ma: 'Paz' });
    const u = await newUser({ empleado_id: e1 });
    const before = await empleadosCount();
    const body = empleadoBody({ userId: u });
    expect(await asAdmin.json('POST', '/api/empleados-api', body)).toMatchObject({ status: 409, body: { mensaje: takenUsuario('Carla Mora Paz') } });
    expect(await empleadosCount()).toBe(before);

    const made = await asAdmin.json('POST', '/api/empleados-api', { ...body, reasignar_vinculo: true });
    expect(made).toMatchObject({ status: 201, body: { empleado: { userId: u } } });
    expect(await linkOf(gw, u)).toEqual({ empleado_id: made.body.empleado._id, empleados: [made.body.empleado._id] });
    expect(await linkProblems(gw.store)).toEqual([]);
  });

  it("giving a free employee a free user needs no flag; taking the employee from the account that has it does (issue 33)", async () => {
    const e = await newEmpleado({ salario: 9000 });
    const [u1, u2] = [await newUser({ prim_nom: 'Elsa', apell_pa: 'Río', apell_ma: 'Paz' }), await newUser()];
    expect((await asAdmin.json('PUT', `/api/empleados-api/${e}`, { userId: u1 })).status).toBe(200);
    const refused = await asAdmin.json('PUT', `/api/empleados-api/${e}`, { userId: u2, salario: 12000 });
    expect(refused).toMatchObject({
      status: 409,
      body: { mensaje: 'El empleado está vinculado con Elsa Río Paz, que perdería ese vínculo; confirme que desea reasignarlo.', vinculado_con: { id: u1, nombre: 'Elsa Río Paz' } },
    });
    expect((await asAdmin.json('GET', `/api/empleados-api/${e}`)).body.empleado).toMatchObject({ userId: u1, salario: 9000 });
    expect((await asAdmin.json('PUT', `/api/empleados-api/${e}`, { userId: u2, reasignar_vinculo: true })).status).toBe(200);
    expect(await linkOf(gw, u1)).toEqual({ empleado_id: null, empleados: [] });
    expect(await linkOf(gw, u2)).toEqual({ empleado_id: e, empleados: [e] });
  });
});

describe('the lists say who each one is linked to', () => {
  it('GET /api/empleados-api names the linked user, GET /api/users the linked employee, from either side; no hashes', async () => {
    const { ana, e } = await anaWithEmpleado();
    const free = await newEmpleado();
    // Older data: the link held on the employee's side only.
    const legacyUser = await newUser({ prim_nom: 'Lalo', apell_pa: 'Viejo', apell_ma: 'Dato' });
    const legacyEmp = await newEmpleado({ prim_nom: 'Lidia', apell_pa: 'Vieja', apell_ma: 'Ficha' });
    const empleadosDb = await gw.store.db('empleados');
    await empleadosDb.put({ ...(await empleadosDb.get(legacyEmp)), userId: legacyUser });

    const empleados = (await asAdmin.json('GET', '/api/empleados-api')).body.empleados as Array<Record<string, any>>;
    const emp = (id: string) => empleados.find((x) => x._id === id);
    expect(emp(e)?.usuario_vinculado).toEqual({ id: ana, nombre: 'Ana López Ruiz' });
    expect(emp(free)?.usuario_vinculado).toBeNull();
    expect(emp(legacyEmp)?.usuario_vinculado).toEqual({ id: legacyUser, nombre: 'Lalo Viejo Dato' });

    const users = (await asAdmin.json('GET', '/api/users')).body.users as Array<Record<string, any>>;
    const user = (id: string) => users.find((x) => x._id === id);
    expect(user(ana)?.empleado_vinculado).toMatchObject({ id: e });
    expect(user(legacyUser)?.empleado_vinculado).toEqual({ id: legacyEmp, nombre: 'Lidia Vieja Ficha' });
    expect(user(admin.id)?.empleado_vinculado).toBeNull();
    expect(JSON.stringify([empleados, users])).not.toMatch(/password|hash/);
  });
});

describe("a form replacing its own person's link says which link it showed (`vinculo_actual`)", () => {
  const changedEmpleado = (nombre: string) => `Mientras editaba, el empleado quedó vinculado con ${nombre}. Recargue la página para ver su vínculo actual.`;
  const changedUsuario = (nombre: string) => `Mientras editaba, el usuario quedó vinculado con el empleado ${nombre}. Recargue la página para ver su vínculo actual.`;

  it("'Editar Empleado': a user linked meanwhile by another admin is not replaced or unlinked unseen", async () => {
    const e = await newEmpleado({ salario: 9000 });
    const shown = await newUser();
    expect((await asAdmin.json('PUT', `/api/empleados-api/${e}`, { userId: shown })).status).toBe(200);
    // Another admin links the employee to Diana while the first one has the form open.
    const diana = await newUser({ prim_nom: 'Diana', apell_pa: 'Luna', apell_ma: 'Sol' });
    expect((await asAdmin.json('PUT', `/api/empleados-api/${e}`, { userId: diana, reasignar_vinculo: true })).status).toBe(200);

    const picked = await newUser();
    const replaced = await asAdmin.json('PUT', `/api/empleados-api/${e}`, { userId: picked, vinculo_actual: shown, salario: 12000 });
    expect(replaced).toMatchObject({ status: 409, body: { success: false, mensaje: changedEmpleado('Diana Luna Sol'), vinculado_con: { id: diana, nombre: 'Diana Luna Sol' } } });
    const unlinked = await asAdmin.json('PUT', `/api/empleados-api/${e}`, { userId: null, vinculo_actual: shown });
    expect(unlinked).toMatchObject({ status: 409, body: { mensaje: changedEmpleado('Diana Luna Sol') } });
    // A form opened while the employee had nobody did not show Diana either.
    expect((await asAdmin.json('PUT', `/api/empleados-api/${e}`, { userId: picked, vinculo_actual: null })).status).toBe(409);
    expect((await asAdmin.json('GET', `/api/empleados-api/${e}`)).body.empleado).toMatchObject({ userId: diana, salario: 9000 });
    expect(await linkOf(gw, diana)).toEqual({ empleado_id: e, empleados: [e] });

    // The form that showed Diana replaces her, once the admin confirms she loses the employee.
    expect((await asAdmin.json('PUT', `/api/empleados-api/${e}`, { userId: picked, vinculo_actual: diana })).status).toBe(409);
    expect((await asAdmin.json('PUT', `/api/empleados-api/${e}`, { userId: picked, vinculo_actual: diana, reasignar_vinculo: true })).status).toBe(200);
    expect(await linkOf(gw, diana)).toEqual({ empleado_id: null, empleados: [] });
    expect(await linkOf(gw, picked)).toEqual({ empleado_id: e, empleados: [e] });
    expect(await linkProblems(gw.store)).toEqual([]);
  });

  it("'Editar Usuario' and asociar-empleado: an employee linked meanwhile is not replaced unseen", async () => {
    const shown = await newEmpleado();
    const u = await newUser({ empleado_id: shown, pust: 'Antes' });
    const elena = await newEmpleado({ prim_nom: 'Elena', apell_pa: 'Río', apell_ma: 'Mar' });
    expect((await asAdmin.json('PUT', `/api/users/${u}/asociar-empleado`, { empleado_id: elena })).status).toBe(200);

    const picked = await newEmpleado();
    const edited = await asAdmin.json('PUT', `/api/users/${u}`, { empleado_id: picked, vinculo_actual: shown, pust: 'Después' });
    expect(edited).toMatchObject({ status: 409, body: { mensaje: changedUsuario('Elena Río Mar'), vinculado_con: { id: elena, nombre: 'Elena Río Mar' } } });
    const associated = await asAdmin.json('PUT', `/api/users/${u}/asociar-empleado`, { empleado_id: '', vinculo_actual: shown });
    expect(associated).toMatchObject({ status: 409, body: { mensaje: changedUsuario('Elena Río Mar') } });
    expect((await asAdmin.json('GET', `/api/users/${u}`)).body.user).toMatchObject({ pust: 'Antes', empleado_id: elena });

    const moved = await asAdmin.json('PUT', `/api/users/${u}`, { empleado_id: picked, vinculo_actual: elena });
    expect(moved.status).toBe(200);
    expect(await linkOf(gw, u)).toEqual({ empleado_id: picked, empleados: [picked] });
    const stored = await (await gw.store.db('usuarios')).get(u);
    expect(stored).not.toHaveProperty('vinculo_actual');
  });

  it('is an id or nothing: anything else is a 400 in Spanish', async () => {
    const e = await newEmpleado();
    const r = await asAdmin.json('PUT', `/api/empleados-api/${e}`, { userId: await newUser(), vinculo_actual: { $ne: null } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, mensaje: "El campo 'Vínculo actual' debe ser texto.", errors: [{ param: 'vinculo_actual' }] });
  });
});
