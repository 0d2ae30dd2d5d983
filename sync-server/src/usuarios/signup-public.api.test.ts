/**
 * Public sign-up ('Registro de Usuario', /auth/sign-up): off unless PUBLIC_SIGNUP=true; when on,
 * always role `user` and no employee link, whatever the body says (docs/architecture.md section 6).
 */
import { describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import { countDocs, PNG, upload, usuarioBody } from '../testing/personas';

const gw = gatewayForFile({ publicSignup: true });

describe('POST /api/signup with PUBLIC_SIGNUP=true', () => {
  it('tells a visitor that public sign-up is open (the sign-up screen asks before showing its form)', async () => {
    expect(await gw.client().json('GET', '/api/signup')).toMatchObject({ status: 200, body: { success: true, registro_publico: true } });
  });

  it('registers a visitor as a user, whatever role or link the body asks for, and signs them in', async () => {
    const empleadoId = 'emp-cualquiera';
    const body = usuarioBody({ role: 'administrator', empleado_id: empleadoId, email: 'Nueva.Persona@Ejemplo.MX' });
    const visitor = gw.client();
    const r = await visitor.json('POST', '/api/signup', body);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ success: true, message: 'Usuario registrado correctamente.', user: { role: 'user', empleado_id: null, email: 'nueva.persona@ejemplo.mx' } });
    expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt/);
    const me = await visitor.json('GET', '/api/check-auth');
    expect(me.body.user).toMatchObject({ id: r.body.user._id, role: 'user' });
    // Signed in, the new person can add the optional photo of the registration form.
    expect((await upload(visitor, `/api/users/${r.body.user._id}/upload-photo`, { bytes: PNG })).status).toBe(200);
    await gw.client().signIn('nueva.persona@ejemplo.mx', body.password as string);
  });

  it("answers 'Por favor complete todos los campos obligatorios.' and stores nothing when fields are missing", async () => {
    const before = await countDocs(gw, 'usuarios', 'usuario');
    const r = await gw.client().json('POST', '/api/signup', { ...usuarioBody(), telefono: '', password: undefined });
    expect(r).toMatchObject({ status: 400, body: { success: false, mensaje: 'Por favor complete todos los campos obligatorios.' } });
    expect(r.body.errors).toEqual([
      { param: 'telefono', msg: 'Por favor complete todos los campos obligatorios.' },
      { param: 'password', msg: 'Por favor complete todos los campos obligatorios.' },
    ]);
    expect(await countDocs(gw, 'usuarios', 'usuario')).toBe(before);
  });

  it('refuses an e-mail already registered, in any case (409)', async () => {
    const body = usuarioBody();
    expect((await gw.client().json('POST', '/api/signup', body)).status).toBe(201);
    const again = await gw.client().json('POST', '/api/signup', usuarioBody({ email: String(body.email).toUpperCase() }));
    expect(again).toMatchObject({ status: 409, body: { mensaje: 'Ya existe un usuario registrado con ese correo electrónico.' } });
  });

  it('two sign-ups with one e-mail at the same moment leave at most one account', async () => {
    const email = 'carrera@ejemplo.mx';
    const results = await Promise.all([0, 1, 2].map(() => gw.client().json('POST', '/api/signup', usuarioBody({ email }))));
    expect(results.filter((r) => r.status === 201).length).toBeLessThanOrEqual(1);
    for (const r of results) expect([201, 409], JSON.stringify(r.body)).toContain(r.status);
    const { docs } = await (await gw.store.db('usuarios')).find({ selector: { email }, limit: 10 });
    expect(docs.length).toBeLessThanOrEqual(1);
  });

  it('is refused to someone already signed in who is not an admin', async () => {
    const p = await gw.createUser();
    const c = await gw.client().signIn(p.email, p.password);
    expect((await c.json('POST', '/api/signup', usuarioBody())).status).toBe(403);
  });
});
