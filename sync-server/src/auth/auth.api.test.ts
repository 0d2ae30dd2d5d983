import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import { startGateway, type CreatedUser } from '../testing/gateway';

const gw = gatewayForFile();
let admin: CreatedUser;
let asesor: CreatedUser;

beforeAll(async () => {
  admin = await gw.createUser({ role: 'administrator' });
  asesor = await gw.createUser({ role: 'asesor', empleado_id: 'emp-1' });
});

describe('POST /api/signin', () => {
  it('signs in with the right password and answers the session user', async () => {
    const c = gw.client();
    const r = await c.json('POST', '/api/signin', { email: admin.email, password: admin.password });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      user: expect.objectContaining({ id: admin.id, role: 'administrator', empleado_id: null }),
      // The device's key of this session and the operator's limits (device-answers.api.test.ts).
      clave_sesion: expect.any(String),
      bloqueo_min: 15,
      gracia_dias: 7,
      borrado_dias: 30,
      espacio_mb: 200,
    });
    expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt/);
    expect(c.cookie).toMatch(/^inmo\.sid=/);
  });

  it('matches the e-mail whatever its case', async () => {
    const r = await gw.client().json('POST', '/api/signin', { email: `  ${asesor.email.toUpperCase()} `, password: asesor.password });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: asesor.id, role: 'asesor', empleado_id: 'emp-1' });
  });

  it('refuses a wrong password and an unknown e-mail with the same Spanish message', async () => {
    const wrong = await gw.client().json('POST', '/api/signin', { email: admin.email, password: 'no-es-esta' });
    const unknown = await gw.client().json('POST', '/api/signin', { email: 'nadie@ejemplo.mx', password: 'lo-que-sea' });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ success: false, mensaje: 'El correo o la contraseña son incorrectos.' });
    }
  });

  it('asks for every field when one is empty or missing', async () => {
    for (const body of [{ email: admin.email, password: '' }, { email: '', password: 'x' }, { password: 'x' }, {}]) {
      const r = await gw.client().json('POST', '/api/signin', body);
      expect(r.status).toBe(400);
      expect(r.body.mensaje).toBe('Por favor, completa todos los campos.');
    }
  });

  it('answers malformed JSON and an oversized body in Spanish without a stack trace, and keeps serving', async () => {
    const bad = await gw.client().json('POST', '/api/signin', '{"email": "x",');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, mensaje: 'El cuerpo de la petición no es JSON válido.' });
    const big = await gw.client().json('POST', '/api/signin', { email: admin.email, password: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ success: false, mensaje: 'La petición es demasiado grande.' });
    const ok = await gw.client().json('POST', '/api/signin', { email: admin.email, password: admin.password });
    expect(ok.status).toBe(200);
  });

  it('gives a new session id at sign-in (no session fixation)', async () => {
    const c = gw.client();
    await c.signIn(asesor.email, asesor.password);
    const first = c.cookie;
    await c.signIn(asesor.email, asesor.password);
    expect(c.cookie).not.toBe(first);
  });

  it('sends security headers', async () => {
    const r = await gw.client().json('GET', '/api/check-auth');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(r.headers.get('x-powered-by')).toBeNull();
  });
});

describe('rate limit', () => {
  it('answers 429 with a Spanish message after repeated failures, even with the right password', async () => {
    const victim = await gw.createUser({ role: 'user' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await gw.client().json('POST', '/api/signin', { email: victim.email, password: `mal-${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const r = await gw.client().json('POST', '/api/signin', { email: victim.email, password: victim.password });
    expect(r.status).toBe(429);
    expect(r.body.mensaje).toMatch(/^Demasiados intentos de inicio de sesión\. Intente de nuevo en \d+ minutos?\.$/);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('GET /api/check-auth and POST /api/logout', () => {
  it('answers "not signed in" without a session, as a 200 so a first visit logs no error', async () => {
    const r = await gw.client().json('GET', '/api/check-auth');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, authenticated: false });
    expect(r.body.user).toBeUndefined();
  });

  it('answers the user with a session, and nothing after logout', async () => {
    const c = await gw.client().signIn(asesor.email, asesor.password);
    const r = await c.json('GET', '/api/check-auth');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, authenticated: true, user: { id: asesor.id, role: 'asesor', empleado_id: 'emp-1' } });
    const stolen = c.cookie;
    const out = await c.json('POST', '/api/logout');
    expect(out.status).toBe(200);
    expect(out.body.success).toBe(true);
    expect((await c.json('GET', '/api/check-auth')).body.authenticated).toBe(false);
    // The old cookie no longer opens the session: it was destroyed on the server.
    const replay = gw.client();
    replay.cookie = stolen;
    expect((await replay.json('GET', '/api/check-auth')).body.authenticated).toBe(false);
  });

  it('finds the employee link stored on the employee (userId) too', async () => {
    const linked = await gw.createUser({ role: 'user' });
    const empleados = await gw.store.db('empleados');
    await empleados.put({ _id: 'emp-por-usuario', type: 'empleado', prim_nom: 'Ana', userId: linked.id });
    const c = await gw.client().signIn(linked.email, linked.password);
    expect((await c.json('GET', '/api/check-auth')).body.user.empleado_id).toBe('emp-por-usuario');
  });

  it('answers unknown API paths with a Spanish 404', async () => {
    const r = await gw.client().json('GET', '/api/no-existe');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, mensaje: 'Recurso no encontrado.' });
  });
});

describe('sessions on the store', () => {
  it('survive a gateway restart on the same data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'inmo-sesion-'));
    try {
      const first = await startGateway({ dataDir, dbPrefix: 'inmo_', sessionSecret: '' });
      const u = await first.createUser({ role: 'asesor' });
      const c = await first.client().signIn(u.email, u.password);
      await first.close();

      const second = await startGateway({ dataDir, dbPrefix: 'inmo_', sessionSecret: '' });
      try {
        const again = second.client();
        again.cookie = c.cookie;
        const r = await again.json('GET', '/api/check-auth');
        expect(r.status).toBe(200);
        expect(r.body.user.id).toBe(u.id);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('purges expired sessions', async () => {
    const u = await gw.createUser({ role: 'user' });
    const c = await gw.client().signIn(u.email, u.password);
    const removed = await gw.gateway.sessionStore.purgeExpired(Date.now() + 365 * 24 * 3600 * 1000);
    expect(removed).toBeGreaterThan(0);
    expect((await c.json('GET', '/api/check-auth')).body.authenticated).toBe(false);
  });
});
