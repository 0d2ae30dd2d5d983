/**
 * Users REST as specification 000 section 7 and docs/architecture.md section 6 describe it, per role: an admin
 * creates, lists, edits and deletes users; everyone else edits only their own personal data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import { startGateway, type CreatedUser, type HttpClient } from '../testing/gateway';
import { countDocs, empleadoBody, linkOf, usuarioBody } from '../testing/personas';

const gw = gatewayForFile();
let admin: CreatedUser, user: CreatedUser, other: CreatedUser;
let asAdmin: HttpClient, asUser: HttpClient;

const OBLIGATORIO = 'Por favor complete todos los campos obligatorios.';
const SOLO_ADMINS = 'Solo un administrador puede realizar esta acción.';

beforeAll(async () => {
  admin = await gw.createUser({ role: 'administrator', prim_nom: 'Zoe' });
  user = await gw.createUser({ role: 'user', prim_nom: 'Beatriz' });
  other = await gw.createUser({ role: 'asesor', prim_nom: 'Carlos' });
  asAdmin = await gw.client().signIn(admin.email, admin.password);
  asUser = await gw.client().signIn(user.email, user.password);
});

const users = () => countDocs(gw, 'usuarios', 'usuario');

async function newEmpleado(overrides: Record<string, unknown> = {}): Promise<string> {
  const r = await asAdmin.json('POST', '/api/empleados-api', empleadoBody(overrides));
  expect(r.status).toBe(201);
  return r.body.empleado._id;
}

describe('POST /api/signup in dashboard mode (Crear Nuevo Usuario)', () => {
  it('lets an admin create a user with a role and a linked employee; the answer carries user._id and never the hash', async () => {
    const empleadoId = await newEmpleado();
    const body = usuarioBody({ role: 'supervisor de obra', empleado_id: empleadoId, nun_in: '3A' });
    const r = await asAdmin.json('POST', '/api/signup', body);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ success: true, message: 'Usuario registrado correctamente.' });
    expect(r.body.user).toMatchObject({ role: 'supervisor de obra', empleado_id: empleadoId, fecha_na: '1990-11-21', num_in: '3A', foto_perfil: null });
    expect(typeof r.body.user._id).toBe('string');
    expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt/);
    expect(await linkOf(gw, r.body.user._id)).toEqual({ empleado_id: empleadoId, empleados: [empleadoId] });
    // The new person signs in with the password given, and the admin stays signed in as themselves.
    await gw.client().signIn(body.email as string, body.password as string);
    expect((await asAdmin.json('GET', '/api/check-auth')).body.user.id).toBe(admin.id);
  });

  it('defaults the role to user', async () => {
    const r = await asAdmin.json('POST', '/api/signup', usuarioBody());
    expect(r.body.user.role).toBe('user');
  });

  it('refuses a non-admin (403) and, with public sign-up off, a visitor (403); nothing is stored', async () => {
    const before = await users();
    expect(await asUser.json('POST', '/api/signup', usuarioBody())).toMatchObject({ status: 403, body: { success: false, mensaje: SOLO_ADMINS } });
    const visitor = await gw.client().json('POST', '/api/signup', usuarioBody());
    expect(visitor).toMatchObject({ status: 403, body: { mensaje: 'El registro público de usuarios no está habilitado. Solicite una cuenta a un administrador.' } });
    expect(await users()).toBe(before);
    expect(await gw.client().json('GET', '/api/signup')).toMatchObject({ status: 200, body: { success: true, registro_publico: false } });
  });

  it("answers 'Por favor complete todos los campos obligatorios.' for missing fields, naming each, and stores nothing", async () => {
    const before = await users();
    const r = await asAdmin.json('POST', '/api/signup', { email: 'nuevo@ejemplo.mx' });
    expect(r.status).toBe(400);
    expect(r.body.mensaje).toBe(OBLIGATORIO);
    expect(r.body.errors.map((e: { param: string }) => e.param).sort()).toEqual(
      ['prim_nom', 'apell_pa', 'apell_ma', 'fecha_na', 'pust', 'calle', 'nun_ex', 'codigo', 'telefono', 'password'].sort(),
    );
    expect(await users()).toBe(before);
  });

  it('refuses an e-mail already taken, even in another case, with 409', async () => {
    const before = await users();
    const r = await asAdmin.json('POST', '/api/signup', usuarioBody({ email: user.email.toUpperCase() }));
    expect(r).toMatchObject({ status: 409, body: { success: false, mensaje: 'Ya existe un usuario registrado con ese correo electrónico.' } });
    expect(await users()).toBe(before);
  });

  it('refuses a role that is not assignable and an employee that does not exist (400)', async () => {
    const before = await users();
    expect(await asAdmin.json('POST', '/api/signup', usuarioBody({ role: 'Superadministrator' }))).toMatchObject({ status: 400, body: { mensaje: 'El rol seleccionado no es válido' } });
    expect(await asAdmin.json('POST', '/api/signup', usuarioBody({ empleado_id: 'no-existe' }))).toMatchObject({ status: 400, body: { mensaje: 'El empleado seleccionado no existe.' } });
    expect(await users()).toBe(before);
  });
});

describe('GET /api/users (Lista de Usuarios)', () => {
  it('answers admins every user, admins first then by first name, with the list fields and no hash', async () => {
    const r = await asAdmin.json('GET', '/api/users');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const list = r.body.users as Array<Record<string, unknown>>;
    expect(list.length).toBe(await users());
    expect(list[0]).toMatchObject({ _id: admin.id, role: 'administrator' });
    const names = list.filter((u) => u.role !== 'administrator').map((u) => String(u.prim_nom));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    for (const u of list) expect(Object.keys(u)).toEqual(expect.arrayContaining(['_id', 'prim_nom', 'apell_pa', 'apell_ma', 'email', 'role', 'foto_perfil']));
    expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt|vinculo_en_curso/);
  });

  it('searches as the list box does: case-insensitive, anywhere in name, e-mail, position, phone or role', async () => {
    const r = await asAdmin.json('GET', `/api/users?search=${encodeURIComponent('BEATRIZ')}`);
    expect(r.body.users.map((u: { _id: string }) => u._id)).toEqual([user.id]);
    expect((await asAdmin.json('GET', '/api/users?search=asesor')).body.users.map((u: { _id: string }) => u._id)).toContain(other.id);
  });

  it('is for admins only: 403 for anyone else, 401 signed out', async () => {
    expect(await asUser.json('GET', '/api/users')).toMatchObject({ status: 403, body: { mensaje: SOLO_ADMINS } });
    expect((await gw.client().json('GET', '/api/users')).status).toBe(401);
  });
});

describe('PUT /api/users/{id} (Editar Usuario)', () => {
  it('lets an admin edit another user; fields left out keep their value', async () => {
    const created = (await asAdmin.json('POST', '/api/signup', usuarioBody({ segun_nom: 'Lucía' }))).body.user;
    const r = await asAdmin.json('PUT', `/api/users/${created._id}`, { pust: 'Gerente', fecha_na: '05/03/1988', segun_nom: '' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: 'Usuario actualizado correctamente.' });
    expect(r.body.user).toMatchObject({ pust: 'Gerente', fecha_na: '1988-03-05', prim_nom: created.prim_nom, email: created.email });
    expect(r.body.user.segun_nom).toBeUndefined();
  });

  it('takes back the whole record it answered, as an edit screen sends what it loaded', async () => {
    const loaded = (await asAdmin.json('GET', `/api/users/${other.id}`)).body.user;
    await gw.store.db('usuarios').then(async (db) => db.put({ ...(await db.get(other.id)), scope_epoch: 7 }));
    const r = await asAdmin.json('PUT', `/api/users/${other.id}`, { ...loaded, pust: 'Asesor senior' });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ ...loaded, pust: 'Asesor senior', _rev: expect.any(String) });
  });

  it('lets anyone edit their own personal data, sending back their current role', async () => {
    const r = await asUser.json('PUT', `/api/users/${user.id}`, { telefono: '55 1111 2222', role: 'user', calle: 'Calle Nueva' });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ telefono: '5511112222', calle: 'Calle Nueva', role: 'user' });
  });

  it('never lets a non-admin change their own role or link, nor edit someone else (403, nothing changed)', async () => {
    const empleadoId = await newEmpleado();
    expect(await asUser.json('PUT', `/api/users/${user.id}`, { role: 'administrator' })).toMatchObject({ status: 403, body: { mensaje: 'No puede cambiar su propio rol.' } });
    expect(await asUser.json('PUT', `/api/users/${user.id}`, { empleado_id: empleadoId })).toMatchObject({ status: 403, body: { mensaje: 'No puede cambiar su propia vinculación con un empleado.' } });
    expect(await asUser.json('PUT', `/api/users/${user.id}/asociar-empleado`, { empleado_id: empleadoId })).toMatchObject({ status: 403 });
    expect(await asUser.json('PUT', `/api/users/${other.id}`, { pust: 'Hackeado' })).toMatchObject({ status: 403, body: { mensaje: SOLO_ADMINS } });
    const me = (await asUser.json('GET', `/api/users/${user.id}`)).body.user;
    expect(me).toMatchObject({ role: 'user', empleado_id: null });
    expect((await asAdmin.json('GET', `/api/users/${other.id}`)).body.user.pust).not.toBe('Hackeado');
  });

  it('takes a role change into effect on the person\'s next request', async () => {
    const p = await gw.createUser({ role: 'user' });
    const c = await gw.client().signIn(p.email, p.password);
    expect((await c.json('GET', '/api/users')).status).toBe(403);
    expect((await asAdmin.json('PUT', `/api/users/${p.id}`, { role: 'Administrador' })).body.user.role).toBe('administrador');
    expect((await c.json('GET', '/api/check-auth')).body.user.role).toBe('administrador');
    expect((await c.json('GET', '/api/users')).status).toBe(200);
  });

  it('refuses an e-mail taken by someone else, in any case (409), and keeps the old one', async () => {
    const r = await asAdmin.json('PUT', `/api/users/${other.id}`, { email: ` ${user.email.toUpperCase()} ` });
    expect(r).toMatchObject({ status: 409, body: { mensaje: 'Ya existe un usuario registrado con ese correo electrónico.' } });
    expect((await asAdmin.json('GET', `/api/users/${other.id}`)).body.user.email).toBe(other.email);
  });

  it('answers 404 for an unknown user', async () => {
    expect(await asAdmin.json('PUT', '/api/users/no-existe', { pust: 'x' })).toMatchObject({ status: 404, body: { mensaje: 'No se encontró el usuario.' } });
  });
});

describe('the last admin', () => {
  it('cannot be demoted nor deleted (409), by anyone, themselves included', async () => {
    const g = await startGateway();
    try {
      const solo = await g.createUser({ role: 'administrator' });
      const c = await g.client().signIn(solo.email, solo.password);
      expect(await c.json('PUT', `/api/users/${solo.id}`, { role: 'user' })).toMatchObject({
        status: 409,
        body: { mensaje: 'No se puede quitar el rol de administrador al último administrador del sistema.' },
      });
      expect(await c.json('DELETE', `/api/users/${solo.id}`)).toMatchObject({ status: 409, body: { mensaje: 'No se puede eliminar al último administrador del sistema.' } });
      const second = await g.createUser({ role: 'Superadministrator' });
      expect((await c.json('PUT', `/api/users/${solo.id}`, { role: 'user' })).status).toBe(200);
      const c2 = await g.client().signIn(second.email, second.password);
      expect((await c2.json('DELETE', `/api/users/${second.id}`)).status).toBe(409);
    } finally {
      await g.close();
    }
  });

  it('survives two admins removing each other at the same moment', async () => {
    const g = await startGateway();
    try {
      const a = await g.createUser({ role: 'administrator' });
      const b = await g.createUser({ role: 'administrador' });
      const ca = await g.client().signIn(a.email, a.password);
      const cb = await g.client().signIn(b.email, b.password);
      const [ra, rb] = await Promise.all([ca.json('DELETE', `/api/users/${b.id}`), cb.json('PUT', `/api/users/${a.id}`, { role: 'user' })]);
      expect([ra.status, rb.status].sort()).toEqual([200, 409].sort());
      const { docs } = await (await g.store.db('usuarios')).find({ selector: { type: 'usuario' }, limit: 100 });
      expect(docs.filter((d) => /admin/i.test(String(d.role))).length).toBeGreaterThanOrEqual(1);
    } finally {
      await g.close();
    }
  });
});

describe('DELETE /api/users/{id}', () => {
  it('is for admins only (403), and answers success and message for them', async () => {
    const p = await gw.createUser();
    expect(await asUser.json('DELETE', `/api/users/${p.id}`)).toMatchObject({ status: 403, body: { mensaje: SOLO_ADMINS } });
    const r = await asAdmin.json('DELETE', `/api/users/${p.id}`);
    expect(r).toMatchObject({ status: 200, body: { success: true, message: 'Usuario eliminado correctamente' } });
    expect((await asAdmin.json('GET', `/api/users/${p.id}`)).status).toBe(404);
    expect((await asAdmin.json('DELETE', `/api/users/${p.id}`)).status).toBe(404);
  });

  it("ends the deleted person's sessions at once", async () => {
    const p = await gw.createUser();
    const phone = await gw.client().signIn(p.email, p.password);
    const laptop = await gw.client().signIn(p.email, p.password);
    const sessionsOf = async () => (await (await gw.store.db('sesiones')).find({ selector: { 'session.passport.user': p.id }, limit: 100 })).docs.length;
    expect(await sessionsOf()).toBe(2);
    expect((await asAdmin.json('DELETE', `/api/users/${p.id}`)).status).toBe(200);
    expect(await sessionsOf()).toBe(0);
    for (const c of [phone, laptop]) expect((await c.json('GET', '/api/check-auth')).body.authenticated).toBe(false);
    await expect(gw.client().signIn(p.email, p.password)).rejects.toThrow(/401/);
  });
});

describe('passwords', () => {
  it('a person changes their own with the current one; their other sessions end, this one stays', async () => {
    const p = await gw.createUser();
    const here = await gw.client().signIn(p.email, p.password);
    const elsewhere = await gw.client().signIn(p.email, p.password);
    expect(await here.json('PUT', `/api/users/${p.id}/password`, { password_actual: 'equivocada', password_nueva: 'Nueva-clave-2026' })).toMatchObject({
      status: 400,
      body: { mensaje: 'La contraseña actual no es correcta.' },
    });
    const r = await here.json('PUT', `/api/users/${p.id}/password`, { password_actual: p.password, password_nueva: 'Nueva-clave-2026' });
    expect(r).toMatchObject({ status: 200, body: { success: true, message: 'Contraseña actualizada correctamente.' } });
    expect((await here.json('GET', '/api/check-auth')).body.authenticated).toBe(true);
    expect((await elsewhere.json('GET', '/api/check-auth')).body.authenticated).toBe(false);
    await expect(gw.client().signIn(p.email, p.password)).rejects.toThrow(/401/);
    await gw.client().signIn(p.email, 'Nueva-clave-2026');
  });

  it('an admin sets a new one for someone else, whose sessions end; nobody else may', async () => {
    const p = await gw.createUser();
    const theirs = await gw.client().signIn(p.email, p.password);
    expect((await asUser.json('PUT', `/api/users/${p.id}/password`, { password_nueva: 'Otra-clave-2026' })).status).toBe(403);
    expect(await asAdmin.json('PUT', `/api/users/${p.id}/password`, { password_nueva: 'corta' })).toMatchObject({ status: 400, body: { mensaje: 'La contraseña debe tener al menos 8 caracteres' } });
    expect((await asAdmin.json('PUT', `/api/users/${p.id}/password`, { password_nueva: 'Otra-clave-2026' })).status).toBe(200);
    expect((await theirs.json('GET', '/api/check-auth')).body.authenticated).toBe(false);
    await gw.client().signIn(p.email, 'Otra-clave-2026');
  });
});
