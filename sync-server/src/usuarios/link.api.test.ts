/**
 * The link between a user and an employee through REST (spec 000 sections 1, 2 and 7): set from
 * either side, seen from both, consistent after every operation and when two admins act at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import type { CreatedUser, HttpClient } from '../testing/gateway';
import { empleadoBody, linkOf, linkProblems, PNG, upload, usuarioBody } from '../testing/personas';

const gw = gatewayForFile();
let admin: CreatedUser, admin2: CreatedUser;
let asAdmin: HttpClient, asAdmin2: HttpClient;

beforeAll(async () => {
  admin = await gw.createUser({ role: 'administrator' });
  admin2 = await gw.createUser({ role: 'administrador' });
  asAdmin = await gw.client().signIn(admin.email, admin.password);
  asAdmin2 = await gw.client().signIn(admin2.email, admin2.password);
});

const newEmpleado = async (o: Record<string, unknown> = {}): Promise<string> => (await asAdmin.json('POST', '/api/empleados-api', empleadoBody(o))).body.empleado._id;
const newUser = async (o: Record<string, unknown> = {}): Promise<string> => (await asAdmin.json('POST', '/api/signup', usuarioBody(o))).body.user._id;

describe('each link operation leaves both sides consistent', () => {
  it('PUT /api/users/{id}/asociar-empleado links, relinks and unlinks', async () => {
    const [u1, u2, e1, e2] = [await newUser(), await newUser(), await newEmpleado(), await newEmpleado()];
    const r = await asAdmin.json('PUT', `/api/users/${u1}/asociar-empleado`, { empleado_id: e1 });
    expect(r).toMatchObject({ status: 200, body: { success: true, user: { _id: u1, empleado_id: e1 } } });
    expect(await linkOf(gw, u1)).toEqual({ empleado_id: e1, empleados: [e1] });

    await asAdmin.json('PUT', `/api/users/${u1}/asociar-empleado`, { empleado_id: e2 });
    expect(await linkOf(gw, u1)).toEqual({ empleado_id: e2, empleados: [e2] });
    expect((await asAdmin.json('GET', `/api/empleados-api/${e1}`)).body.empleado.userId).toBeNull();

    // Another user takes e2, confirmed (link-consent.api.test.ts): u1 is left with no employee.
    await asAdmin.json('PUT', `/api/users/${u2}/asociar-empleado`, { empleado_id: e2, reasignar_vinculo: true });
    expect(await linkOf(gw, u1)).toEqual({ empleado_id: null, empleados: [] });
    expect(await linkOf(gw, u2)).toEqual({ empleado_id: e2, empleados: [e2] });

    await asAdmin.json('PUT', `/api/users/${u2}/asociar-empleado`, { empleado_id: null });
    expect(await linkOf(gw, u2)).toEqual({ empleado_id: null, empleados: [] });
    expect(await linkProblems(gw.store)).toEqual([]);
  });

  it('PUT /api/users/{id} with empleado_id and PUT /api/empleados-api/{id} with userId do the same', async () => {
    const [u1, u2, e1] = [await newUser(), await newUser(), await newEmpleado()];
    await asAdmin.json('PUT', `/api/users/${u1}`, { empleado_id: e1 });
    expect(await linkOf(gw, u1)).toEqual({ empleado_id: e1, empleados: [e1] });
    await asAdmin.json('PUT', `/api/empleados-api/${e1}`, { userId: u2, reasignar_vinculo: true });
    expect(await linkOf(gw, u1)).toEqual({ empleado_id: null, empleados: [] });
    expect(await linkOf(gw, u2)).toEqual({ empleado_id: e1, empleados: [e1] });
    expect(await linkProblems(gw.store)).toEqual([]);
  });

  it('deleting either side leaves the other unlinked', async () => {
    const [u1, u2, e1, e2] = [await newUser(), await newUser(), await newEmpleado(), await newEmpleado()];
    await asAdmin.json('PUT', `/api/users/${u1}/asociar-empleado`, { empleado_id: e1 });
    await asAdmin.json('PUT', `/api/users/${u2}/asociar-empleado`, { empleado_id: e2 });
    expect((await asAdmin.json('DELETE', `/api/users/${u1}`)).status).toBe(200);
    expect((await asAdmin.json('GET', `/api/empleados-api/${e1}`)).body.empleado.userId).toBeNull();
    expect((await asAdmin.json('DELETE', `/api/empleados-api/${e2}`)).status).toBe(200);
    expect((await asAdmin.json('GET', `/api/users/${u2}`)).body.user.empleado_id).toBeNull();
    expect(await linkProblems(gw.store)).toEqual([]);
  });

  it('a link stored on the employee side only is found by GET /api/empleados-api/by-user/{userId}', async () => {
    const u = await newUser();
    const e = await newEmpleado();
    const empleados = await gw.store.db('empleados');
    const doc = await empleados.get(e);
    await empleados.put({ ...doc, userId: u });
    expect((await asAdmin.json('GET', `/api/users/${u}`)).body.user.empleado_id).toBeNull();
    expect((await asAdmin.json('GET', `/api/empleados-api/by-user/${u}`)).body.empleado._id).toBe(e);
  });
});

describe('two admins at once', () => {
  it('linking two users to one employee at the same moment leaves one link, seen the same from both sides', async () => {
    for (let round = 0; round < 3; round++) {
      const [u1, u2, e] = [await newUser(), await newUser(), await newEmpleado()];
      const results = await Promise.all([
        // Both confirmed: whichever runs second takes the employee from the first.
        asAdmin.json('PUT', `/api/users/${u1}/asociar-empleado`, { empleado_id: e, reasignar_vinculo: true }),
        asAdmin2.json('PUT', `/api/empleados-api/${e}`, { userId: u2, reasignar_vinculo: true }),
      ]);
      for (const r of results) expect(r.status).toBe(200);
      expect(await linkProblems(gw.store)).toEqual([]);
      const owner = (await asAdmin.json('GET', `/api/empleados-api/${e}`)).body.empleado.userId;
      expect([u1, u2]).toContain(owner);
      expect((await asAdmin.json('GET', `/api/users/${owner}`)).body.user.empleado_id).toBe(e);
    }
  });

  it('linking while the employee is deleted leaves no user pointing at it', async () => {
    const [u, e] = [await newUser(), await newEmpleado()];
    const results = await Promise.all([
      asAdmin.json('PUT', `/api/users/${u}/asociar-empleado`, { empleado_id: e }),
      asAdmin2.json('DELETE', `/api/empleados-api/${e}`),
    ]);
    for (const r of results) expect(r.status).toBeLessThan(500);
    expect(results[1].status).toBe(200);
    expect((await asAdmin.json('GET', `/api/users/${u}`)).body.user.empleado_id).toBeNull();
    expect(await linkProblems(gw.store)).toEqual([]);
  });
});

describe('done when (issue 9): an admin and a new user, end to end through the API', () => {
  it('creates, finds, edits and links; the user sees their profile but not the lists; deleting ends it all', async () => {
    const e = (await asAdmin.json('POST', '/api/empleados-api', empleadoBody({ prim_nom: 'Rosalía', apell_pa: 'Quintero' }))).body.empleado;
    const body = usuarioBody({ prim_nom: 'Rosalía', apell_pa: 'Quintero', email: 'rosalia.quintero@ejemplo.mx', empleado_id: e._id, role: 'user' });
    const u = (await asAdmin.json('POST', '/api/signup', body)).body.user;
    expect((await upload(asAdmin, `/api/users/${u._id}/upload-photo`, { bytes: PNG })).status).toBe(200);

    expect((await asAdmin.json('GET', '/api/users?search=quintero')).body.users.map((x: { _id: string }) => x._id)).toEqual([u._id]);
    expect((await asAdmin.json('GET', '/api/empleados-api?search=rosalia')).body.empleados.map((x: { _id: string }) => x._id)).toEqual([e._id]);
    expect((await asAdmin.json('PUT', `/api/users/${u._id}`, { pust: 'Coordinadora' })).status).toBe(200);
    expect((await asAdmin.json('PUT', `/api/empleados-api/${e._id}`, { pust: 'Coordinadora' })).status).toBe(200);
    expect((await asAdmin.json('GET', `/api/users/${u._id}`)).body.user.empleado_id).toBe(e._id);
    expect((await asAdmin.json('GET', `/api/empleados-api/${e._id}`)).body.empleado.userId).toBe(u._id);

    const asRosalia = await gw.client().signIn('rosalia.quintero@ejemplo.mx', body.password as string);
    const me = (await asRosalia.json('GET', `/api/users/${u._id}`)).body.user;
    expect(me).toMatchObject({ prim_nom: 'Rosalía', pust: 'Coordinadora', empleado_id: e._id });
    expect((await asRosalia.fetch(me.foto_perfil)).status).toBe(200);
    expect((await asRosalia.json('GET', `/api/empleados-api/${e._id}`)).status).toBe(200);
    expect((await asRosalia.json('GET', '/api/users')).status).toBe(403);
    expect((await asRosalia.json('GET', '/api/empleados-api')).status).toBe(403);
    expect((await asRosalia.json('PUT', `/api/users/${u._id}`, { role: 'administrator' })).status).toBe(403);
    expect((await asRosalia.json('GET', '/api/check-auth')).body.user).toMatchObject({ role: 'user', empleado_id: e._id });

    expect((await asAdmin.json('DELETE', `/api/users/${u._id}`)).status).toBe(200);
    expect((await asAdmin.json('GET', `/api/empleados-api/${e._id}`)).body.empleado.userId).toBeNull();
    expect((await asRosalia.json('GET', '/api/check-auth')).body.authenticated).toBe(false);
  });
});
